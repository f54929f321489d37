/** HTTP handler of the telemetry area: the browser's error reports, traces and Core Web Vitals. */
import { recordClientReport } from '../platform/index.js';
import { areaHandler } from './area-handler.js';
import { telemetrySchemas } from '../../shared/api/route-schemas/telemetry.js';

export const handler = areaHandler('telemetry', telemetrySchemas, {
  reportTelemetry: async ({ input, event }) => recordClientReport(input, event.requestContext.http.sourceIp),
});
