/** The private media bucket: presigned uploads and downloads, and the server's own reads and deletes. */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { presignPost } from '../../platform/data/index.js';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../../lib/aws/s3.js';
import { UNCLAIMED_UPLOAD_TAG } from '../../../shared/constants.js';
import { config } from '../../lib/config.js';

const unclaimedQuery = `${encodeURIComponent(UNCLAIMED_UPLOAD_TAG.key)}=${encodeURIComponent(UNCLAIMED_UPLOAD_TAG.value)}`;

/** An audio upload to the private media bucket. */
export const presignUpload = (key: string, contentType: string, maxBytes: number, expiresSeconds: number) =>
  presignPost(config.mediaBucket, key, contentType, maxBytes, expiresSeconds);

/** Marks processed audio as kept (a track's) or, again, as unclaimed and so due to expire. */
export async function setClaimed(key: string, claimed: boolean): Promise<void> {
  const TagSet = claimed ? [] : [{ Key: UNCLAIMED_UPLOAD_TAG.key, Value: UNCLAIMED_UPLOAD_TAG.value }];
  await s3().send(new PutObjectTaggingCommand({ Bucket: config.mediaBucket, Key: key, Tagging: { TagSet } }));
}

export function presignDownload(key: string, expiresSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }), { expiresIn: expiresSeconds });
}

export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  try {
    const res = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? '' };
  } catch (err) {
    if (
      err instanceof NotFound ||
      (err as Error).name === 'NotFound' ||
      (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    ) {
      return null;
    }
    throw err;
  }
}

/** Writes an empty object: a marker whose arrival is the message (REMEASURE_PREFIX). */
export async function putMarker(key: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, Body: '' }));
}

/** Streams an object to a local file (decoders need random access: an MP4's index may sit at its end). */
export async function downloadToFile(key: string, file: string): Promise<void> {
  const res = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
  await pipeline(res.Body as Readable, fs.createWriteStream(file));
}

/**
 * Stores a local file with the content type its bytes proved, tagged as unclaimed: audio whose track never
 * takes it (deleted meanwhile, never registered) expires like an abandoned upload.
 */
export async function putFile(key: string, file: string, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      Body: fs.createReadStream(file),
      ContentLength: fs.statSync(file).size,
      ContentType: contentType,
      Tagging: unclaimedQuery,
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: key }));
}
