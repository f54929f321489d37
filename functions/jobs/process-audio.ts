/**
 * The processing function: it takes the uploads queue's messages (one at a time), each the S3 event
 * notification of objects created under `uploads/`. An error thrown here leaves the message in the queue,
 * visible again after its visibility timeout, and after its last receive it goes to the dead-letter queue; a
 * file we cannot use is not an error but a `failed` track (functions/domain/processing.ts).
 */
import type { S3Event, SQSEvent } from 'aws-lambda';
import { processUpload } from '../domain/processing.js';
import { count, log, observed } from '../lib/observability.js';

/** S3 event keys are URL-encoded, with '+' for spaces. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

/**
 * The created objects' keys in a message's body. S3 sends an `s3:TestEvent` (no records) when the
 * notification is set up: it names no object, and is done with once received. A body that is no S3
 * notification at all cannot become one by retrying: it is logged and left.
 */
export function uploadKeysOf(body: string): string[] {
  let event: Partial<S3Event> & { Event?: string };
  try {
    event = JSON.parse(body);
  } catch {
    log.warn('Queue message is not JSON; left', { bytes: body.length });
    return [];
  }
  if (event.Event === 's3:TestEvent') return [];
  if (!Array.isArray(event.Records)) {
    log.warn('Queue message is not an S3 notification; left');
    return [];
  }
  return event.Records.filter((r) => r.eventName?.startsWith('ObjectCreated') && r.s3?.object?.key).map((r) => decodeKey(r.s3.object.key));
}

export const handler = (event: SQSEvent): Promise<void> =>
  observed('processUpload', async () => {
    for (const message of event.Records ?? []) {
      for (const key of uploadKeysOf(message.body)) {
        const outcome = await processUpload(key);
        if (outcome === 'ready') count('UploadsProcessed');
        if (outcome === 'failed') count('UploadsFailed');
        if (outcome === 'measured') count('TracksMeasured');
        // The key's file name is the user's: the log names the upload by its ticket (uploads/<user>/<ticket>/...).
        log.info('Upload processed', {
          upload: key.split('/').slice(0, 3).join('/'),
          outcome,
          receiveCount: Number(message.attributes?.ApproximateReceiveCount) || 1,
        });
      }
    }
  });
