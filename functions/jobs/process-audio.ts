/**
 * The processing function: S3 invokes it for each object created under `uploads/`. An error thrown here
 * makes Lambda retry the event (twice) and then hand it to the dead-letter queue; a file we cannot use is
 * not an error but a `failed` track (functions/domain/processing.ts).
 */
import type { S3Event } from 'aws-lambda';
import { processUpload } from '../domain/processing.js';
import { count, log, observed } from '../lib/observability.js';

/** S3 event keys are URL-encoded, with '+' for spaces. */
const keyOfRecord = (record: S3Event['Records'][number]) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

export const handler = (event: S3Event): Promise<void> =>
  observed('processUpload', async () => {
    for (const record of event.Records ?? []) {
      if (!record.eventName?.startsWith('ObjectCreated')) continue;
      const key = keyOfRecord(record);
      const outcome = await processUpload(key);
      if (outcome === 'ready') count('UploadsProcessed');
      if (outcome === 'failed') count('UploadsFailed');
      // The key's file name is the user's: the log names the upload by its ticket (uploads/<user>/<ticket>/...).
      log.info('Upload processed', { upload: key.split('/').slice(0, 3).join('/'), outcome });
    }
  });
