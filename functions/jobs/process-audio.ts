/**
 * The processing function: S3 invokes it for each object created under `uploads/`. An error thrown here
 * makes Lambda retry the event (twice) and then hand it to the dead-letter queue; a file we cannot use is
 * not an error but a `failed` track (functions/domain/processing.ts).
 */
import type { S3Event } from 'aws-lambda';
import { processUpload } from '../domain/processing.js';

/** S3 event keys are URL-encoded, with '+' for spaces. */
const keyOfRecord = (record: S3Event['Records'][number]) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated')) continue;
    const key = keyOfRecord(record);
    const outcome = await processUpload(key);
    console.log(JSON.stringify({ message: 'upload processed', key, outcome }));
  }
}
