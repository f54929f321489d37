/** The private media bucket: presigned uploads and downloads, and the server's own reads and deletes. */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../lib/aws.js';
import { config } from '../lib/config.js';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** A POST policy that pins the exact key, the content type and the size range. */
export async function presignUpload(key: string, contentType: string, maxBytes: number, expiresSeconds: number): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: config.mediaBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: expiresSeconds,
  });
}

export function presignDownload(key: string, expiresSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }), { expiresIn: expiresSeconds });
}

export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  try {
    const res = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? '' };
  } catch (err) {
    if (err instanceof NotFound || (err as Error).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null;
    }
    throw err;
  }
}

export async function readRange(key: string, length: number): Promise<Uint8Array> {
  const res = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key, Range: `bytes=0-${length - 1}` }));
  return res.Body!.transformToByteArray();
}

export async function streamObject(key: string): Promise<AsyncIterable<Uint8Array>> {
  const res = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
  return res.Body as unknown as AsyncIterable<Uint8Array>;
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: key }));
}
