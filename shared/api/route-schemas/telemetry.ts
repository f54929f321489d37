/** What the telemetry area's route takes and gives (shared/api/routes.ts joins every area's). */
import { telemetryAccepted, telemetryBatch } from '../../schemas/telemetry.js';
import type { AreaSchemas } from '../route.js';

export const telemetrySchemas = {
  reportTelemetry: { input: telemetryBatch, output: telemetryAccepted },
} as const satisfies AreaSchemas<'telemetry'>;
