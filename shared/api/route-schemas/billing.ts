/** What the billing area's routes take and give (shared/api/routes.ts joins every area's). */
import { checkoutInput, planList, redirectView } from '../../schemas/billing.js';
import { emptyInput } from '../../schemas/common.js';
import { publicPlanList } from '../../schemas/directory.js';
import type { AreaSchemas } from '../route.js';

export const billingSchemas = {
  listPlans: { input: emptyInput, output: planList },
  listPublicPlans: { input: emptyInput, output: publicPlanList },
  createCheckoutSession: { input: checkoutInput, output: redirectView },
  createPortalSession: { input: emptyInput, output: redirectView },
} as const satisfies AreaSchemas<'billing'>;
