import { describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { checkPostPolicy, sizeLimitOf } from '../../scripts/dev/emulators/s3-post-policy.js';

const SECRET = 'S3RVER';
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: SECRET },
});

/** A POST policy as the API issues it: exact key, content type and tagging, 1 byte to 1 MB. */
async function ticket(expiresSeconds = 900) {
  const post = await createPresignedPost(s3, {
    Bucket: 'media',
    Key: 'uploads/u1/0b7e6d1c-3f5e-4c4e-9a55-1f1f1f1f1f1f/song.wav',
    Conditions: [
      ['content-length-range', 1, 1024 * 1024],
      ['eq', '$Content-Type', 'audio/wav'],
    ],
    Fields: { 'Content-Type': 'audio/wav', tagging: '<Tagging/>' },
    Expires: expiresSeconds,
  });
  return post.fields;
}

const check = (fields: Record<string, string>, fileSize = 1000, now?: Date) =>
  checkPostPolicy({ fields, bucket: 'media', fileSize, secretAccessKey: SECRET, now });

describe('local S3 POST policy check', () => {
  it('accepts the form exactly as issued', async () => {
    expect(check(await ticket())).toBeNull();
  });

  it('refuses another key, another content type or a changed tagging', async () => {
    const fields = await ticket();
    expect(check({ ...fields, key: 'audio/u1/1_song.wav' })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(check({ ...fields, 'Content-Type': 'text/html' })).toMatchObject({
      status: 403,
      message: expect.stringContaining('Content-Type'),
    });
    expect(check({ ...fields, tagging: '' })).toMatchObject({ status: 403 });
  });

  it('refuses a file outside the size range', async () => {
    const fields = await ticket();
    expect(check(fields, 0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(check(fields, 1024 * 1024 + 1)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(check(fields, 1024 * 1024)).toBeNull();
  });

  it('refuses an expired policy', async () => {
    const fields = await ticket(60);
    expect(check(fields, 1000, new Date(Date.now() + 61_000))).toMatchObject({ status: 403, message: expect.stringContaining('expired') });
  });

  it('refuses a forged policy or signature, and fields no condition mentions', async () => {
    const fields = await ticket();
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString());
    policy.conditions = policy.conditions.filter((c: unknown) => !Array.isArray(c) || c[0] !== 'content-length-range');
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(check({ ...fields, Policy: forged }, 10 * 1024 * 1024)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(check({ ...fields, 'X-Amz-Signature': '0'.repeat(64) })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(check({ ...fields, 'x-amz-meta-owner': 'me' })).toMatchObject({
      status: 403,
      message: expect.stringContaining('Extra input fields'),
    });
    // Fields S3 never asks a condition for.
    expect(check({ ...fields, 'x-ignore-note': 'anything' })).toBeNull();
  });

  it('reads the largest file a policy allows before checking it, and no limit from a form it cannot read', async () => {
    const fields = await ticket();
    expect(sizeLimitOf(fields)).toBe(1024 * 1024);
    expect(sizeLimitOf({ ...fields, Policy: 'not base64 json' })).toBe(Infinity);
    expect(sizeLimitOf({})).toBe(Infinity);
  });
});
