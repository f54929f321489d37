/** What the telemetry area's route takes and gives (functions/routes.ts joins every area's). */
import { telemetryAccepted, telemetryBatch } from '../../shared/schemas/telemetry.js';
import type { AreaSchemas } from '../lib/route.js';

export const telemetrySchemas = {
  reportTelemetry: { input: telemetryBatch, output: telemetryAccepted },
} as const satisfies AreaSchemas<'telemetry'>;
