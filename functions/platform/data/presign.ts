/** Presigned POST uploads from the browser straight to a bucket (audio to the media bucket, images to the images bucket). */
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { s3 } from '../../lib/aws/s3.js';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A POST policy that pins the exact key, the content type and the size range. Uploads are short-lived
 * (processing or the image check removes them) and each bucket expires what is left under their prefix.
 */
export function presignPost(
  bucket: string,
  key: string,
  contentType: string,
  maxBytes: number,
  expiresSeconds: number,
): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    // Each field is also an exact condition of the policy.
    Fields: { 'Content-Type': contentType },
    Expires: expiresSeconds,
  });
}
