/** What the health area's route takes and gives (shared/api/routes.ts joins every area's). */
import { emptyInput } from '../../schemas/common.js';
import { healthView } from '../../schemas/health.js';
import type { AreaSchemas } from '../route.js';

export const healthSchemas = {
  health: { input: emptyInput, output: healthView },
} as const satisfies AreaSchemas<'health'>;
