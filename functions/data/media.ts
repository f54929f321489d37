/** The private media bucket: presigned uploads and downloads, and the server's own reads and deletes. */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../lib/aws.js';
import { UNCLAIMED_UPLOAD_TAG } from '../../shared/constants.js';
import { config } from '../lib/config.js';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

const unclaimedQuery = `${encodeURIComponent(UNCLAIMED_UPLOAD_TAG.key)}=${encodeURIComponent(UNCLAIMED_UPLOAD_TAG.value)}`;
const unclaimedTagging = `<Tagging><TagSet><Tag><Key>${UNCLAIMED_UPLOAD_TAG.key}</Key><Value>${UNCLAIMED_UPLOAD_TAG.value}</Value></Tag></TagSet></Tagging>`;

/**
 * A POST policy that pins the exact key, the content type and the size range. The object arrives tagged
 * as unclaimed (the bucket expires such objects), so an upload that never becomes a track, because the
 * tab closed or registering it failed, does not stay behind.
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number, expiresSeconds: number): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: config.mediaBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    // Each field is also an exact condition of the policy.
    Fields: { 'Content-Type': contentType, tagging: unclaimedTagging },
    Expires: expiresSeconds,
  });
}

/** Marks an uploaded object as kept (a track's) or, again, as unclaimed and so due to expire. */
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
    if (err instanceof NotFound || (err as Error).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null;
    }
    throw err;
  }
}

/** Streams an object to a local file (decoders need random access: an MP4's index may sit at its end). */
export async function downloadToFile(key: string, file: string): Promise<void> {
  const res = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
  await pipeline(res.Body as Readable, fs.createWriteStream(file));
}

/**
 * Copies an object inside the bucket with the content type its bytes proved, tagged as unclaimed: a copy
 * whose track never takes it (deleted meanwhile, never registered) expires like an abandoned upload.
 */
export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: config.mediaBucket,
      CopySource: `${config.mediaBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
      TaggingDirective: 'REPLACE',
      Tagging: unclaimedQuery,
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: key }));
}
