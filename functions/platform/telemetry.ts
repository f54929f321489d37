/**
 * What browsers report (web/src/lib/telemetry), kept where the functions' own logs are: an error as an
 * error line under the correlation id of the API call it is about (so one search finds the browser's
 * report and the function's lines together), every API call as a trace line, and the Core Web Vitals
 * and failures as metrics. Text was scrubbed of personal data in the browser and is scrubbed again here:
 * a report is anyone's to send. So every line it writes says it was sent by a browser (`clientSent`, the
 * sender's address as a hash), beside the function's own lines under the same correlation id; each address
 * may send so many reports a minute; and the alarm counts the sessions and addresses that report errors
 * (infra/constructs/monitoring.ts), not the errors one sender can multiply.
 */
import { createHash } from 'node:crypto';
import { scrubText } from '../../shared/scrub.js';
import type { TelemetryBatch } from '../../shared/schemas/telemetry.js';
import { count, currentRequest, log, measure } from '../lib/observability.js';
import { enforceRateLimit } from './rate-limits.js';

/**
 * The sender's address as logged: tells senders apart without the address in every line. An unkeyed hash,
 * which whoever reads the logs could reverse by trying every IPv4 address: it tells no more than the API's
 * access log does.
 */
export const addressTag = (clientIp: string) => createHash('sha256').update(`telemetry:${clientIp}`).digest('hex').slice(0, 16);

export async function recordClientReport(batch: TelemetryBatch, clientIp: string): Promise<{ accepted: number }> {
  await enforceRateLimit('telemetry', clientIp);
  const reportId = currentRequest()?.correlationId;
  const session = { clientSent: true, clientAddress: addressTag(clientIp), sessionId: batch.sessionId, sampled: batch.sampled, reportId };
  for (const event of batch.events) {
    switch (event.kind) {
      case 'error':
        count('ClientErrors');
        log.error('Browser error', undefined, {
          ...session,
          // The failing API call's id, when the error is about one: its lines and this one share it.
          ...(event.correlationId ? { correlationId: event.correlationId } : {}),
          page: event.page,
          source: event.source,
          error: {
            name: scrubText(event.name, [], 100),
            message: scrubText(event.message),
            ...(event.stack ? { stack: scrubText(event.stack, [], 4000) } : {}),
          },
          ...(event.route ? { apiRoute: event.route } : {}),
          ...(event.status !== undefined ? { apiStatus: event.status } : {}),
        });
        break;
      case 'trace':
        measure('ClientApiLatency', event.durationMs, 'Milliseconds');
        log.info('Browser API call', {
          ...session,
          correlationId: event.correlationId,
          page: event.page,
          apiRoute: event.route,
          apiStatus: event.status,
          durationMs: event.durationMs,
        });
        break;
      case 'session':
        if (event.name !== 'page' && event.value !== undefined)
          measure(`WebVital${event.name}`, event.value, event.name === 'CLS' ? 'None' : 'Milliseconds');
        log.info(event.name === 'page' ? 'Browser page view' : 'Browser web vital', {
          ...session,
          page: event.page,
          ...(event.name !== 'page' ? { vital: event.name, value: event.value, rating: event.rating } : {}),
        });
        break;
    }
  }
  return { accepted: batch.events.length };
}
