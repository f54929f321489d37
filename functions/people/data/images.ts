/**
 * The public images bucket (profile photos and covers). The CDN serves only keys under `images/`; browsers
 * upload under `uploads/`, which is never served and expires after a day.
 */
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../lib/aws/s3.js';
import { config } from '../../lib/config.js';
import { presignPost } from '../../platform/data/index.js';

/** Kept images never change under their key (a new picture gets a new key), so caches may keep them for good. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const isMissing = (err: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((err as Error).name) ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** A browser's upload of an image, under `uploads/`. */
export const presignImageUpload = (key: string, contentType: string, maxBytes: number, expiresSeconds: number) =>
  presignPost(config.imagesBucket, key, contentType, maxBytes, expiresSeconds);

export type ReadResult = { bytes: Buffer; contentType: string } | 'missing' | 'too_large';

/**
 * Reads an object, at most `maxBytes` of it: only the first `maxBytes + 1` bytes are asked for, so an
 * object larger than that is known as such without being downloaded.
 */
export async function readImage(key: string, maxBytes: number): Promise<ReadResult> {
  let res;
  try {
    res = await s3().send(new GetObjectCommand({ Bucket: config.imagesBucket, Key: key, Range: `bytes=0-${maxBytes}` }));
  } catch (err) {
    if (isMissing(err)) return 'missing';
    // An empty object has no byte 0 to start a range at.
    if ((err as Error).name === 'InvalidRange') return { bytes: Buffer.alloc(0), contentType: '' };
    throw err;
  }
  const total = Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? res.ContentLength ?? 0);
  if (total > maxBytes) {
    (res.Body as Readable | undefined)?.destroy?.();
    return 'too_large';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.Body as Readable) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      (res.Body as Readable).destroy();
      return 'too_large';
    }
    chunks.push(chunk as Buffer);
  }
  return { bytes: Buffer.concat(chunks), contentType: res.ContentType ?? '' };
}

export async function imageExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config.imagesBucket, Key: key }));
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/** Stores bytes as a public image: its proven type and a long immutable cache lifetime. */
export async function putImage(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config.imagesBucket,
      Key: key,
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: contentType,
      CacheControl: IMAGE_CACHE_CONTROL,
    }),
  );
}

export async function deleteImage(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.imagesBucket, Key: key }));
}
