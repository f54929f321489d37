/**
 * The processing function: it takes the uploads queue's messages (one at a time), each the S3 event
 * notification of objects created under `uploads/`. An error thrown here leaves the message in the queue,
 * visible again after its visibility timeout, and after its last receive it goes to the dead-letter queue; a
 * file we cannot use is not an error but a `failed` track (functions/tracks/processing.ts). An upload whose
 * account holds its share of the runs is put back on the queue, as a message of its own, to wait its turn
 * (functions/tracks/processing-slots.ts).
 */
import type { S3Event, S3EventRecord, SQSEvent } from 'aws-lambda';
import { PROCESSING_DEADLINE_MS } from '../../shared/constants.js';
import { previewJobOf, processUpload, putBack, runPreview } from '../tracks/index.js';
import { count, log, observed } from '../lib/observability.js';

/** S3 event keys are URL-encoded, with '+' for spaces. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

/** An upload that has waited this long runs whatever its account holds, well before its track's deadline. */
const SHARED_FOR_MS = PROCESSING_DEADLINE_MS / 2;

/**
 * The records of created objects in a message's body. S3 sends an `s3:TestEvent` (no records) when the
 * notification is set up: it names no object, and is done with once received. A body that is no S3
 * notification at all cannot become one by retrying: it is logged and left.
 */
function createdRecords(body: string): S3EventRecord[] {
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
  return event.Records.filter((r) => r.eventName?.startsWith('ObjectCreated') && r.s3?.object?.key);
}

/** The created objects' keys in a message's body. */
export const uploadKeysOf = (body: string): string[] => createdRecords(body).map((r) => decodeKey(r.s3.object.key));

export const handler = (event: SQSEvent): Promise<void> =>
  observed('processUpload', async () => {
    for (const message of event.Records ?? []) {
      // A codec preview's job (functions/tracks/codec-previews.ts): one profile of one track, a run of its own.
      const job = previewJobOf(message.body);
      if (job) {
        const outcome = await runPreview(job);
        if (outcome === 'previewed') count('PreviewsMade');
        // Its owner's runs hold their places: the job waits its turn, as an upload does.
        if (outcome === 'deferred') await putBack(message.body);
        log.info('Codec preview', { track: job.trackId, profile: job.profile, outcome });
        continue;
      }
      const waiting: S3EventRecord[] = [];
      for (const record of createdRecords(message.body)) {
        const key = decodeKey(record.s3.object.key);
        const share = !(Date.now() - Date.parse(record.eventTime) > SHARED_FOR_MS);
        const created = new Date(record.eventTime);
        const outcome = await processUpload(key, { share, createdAt: Number.isNaN(created.getTime()) ? undefined : created });
        if (outcome === 'deferred') waiting.push(record);
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
      // Only the uploads that wait go back, in a message of their own: the others are done with.
      if (waiting.length) {
        await putBack(JSON.stringify({ Records: waiting }));
        count('UploadsDeferred', waiting.length);
      }
    }
  });
