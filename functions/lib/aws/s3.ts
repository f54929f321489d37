/** S3 (media and images buckets); locally s3rver. */
import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config.js';
import { base, lazy } from './options.js';
import { traced } from '../observability.js';

export const s3 = lazy(() => {
  const endpoint = config.endpoint('s3Endpoint');
  return traced(
    new S3Client({
      ...base(endpoint),
      ...(endpoint ? { forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
      // Without this, streamed uploads reach s3rver with aws-chunked framing stored in the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
  );
});
