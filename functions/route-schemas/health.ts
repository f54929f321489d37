/** What the health area's route takes and gives (functions/routes.ts joins every area's). */
import { emptyInput } from '../../shared/schemas/common.js';
import { healthView } from '../../shared/schemas/health.js';
import type { AreaSchemas } from '../lib/route.js';

export const healthSchemas = {
  health: { input: emptyInput, output: healthView },
} as const satisfies AreaSchemas<'health'>;
