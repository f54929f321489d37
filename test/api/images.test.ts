/**
 * Profile photos and covers through the API and the local S3: the presigned POST, the checks made before
 * a picture is kept, the public URL the web server serves as CloudFront does, retries, and the removal of
 * replaced pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { localS3, objectExists } from '../support/objects.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_MAX_SIZE, MAX_IMAGE_BYTES } from '../../shared/schemas/profile.js';
import { IMAGES_BUCKET } from '../../scripts/dev/stack/local-names.js';
import { localCognitoClient } from '../../scripts/dev/emulators/user-pool.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/seed/demo-users.js';
import { encodePng } from '../../scripts/seed/demo-images.js';
import { seedDemoData } from '../../scripts/seed/seed.js';
import { callRoute, createConfirmedUser, signIn, type TestUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const s3 = localS3(stack);

let owner: TestUser;
let ownerId: string;
let stranger: TestUser;

/** A real PNG: a gradient of the given size. */
const png = (width: number, height: number) => encodePng(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, 160]);
const jpegFixture = () => fs.readFileSync(path.resolve('test/fixtures/images/jpeg-300x100.jpg'));

const exists = (key: string) => objectExists(stack, IMAGES_BUCKET, key);

async function ticket(user: TestUser, kind: 'photo' | 'cover', contentType: string, size: number) {
  const res = await callRoute(stack.apiUrl, 'createImageUpload', { kind, contentType, size }, user.idToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { url: string; fields: Record<string, string>; key: string };
}

/** Posts bytes as the browser does; `fields` may change what the form sends. */
async function post(t: { url: string; fields: Record<string, string> }, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...t.fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  const res = await fetch(t.url, { method: 'POST', body: form });
  return { status: res.status, body: res.ok ? '' : await res.text() };
}

/** Ticket, upload and the key, for a file the storage accepts. */
async function upload(user: TestUser, kind: 'photo' | 'cover', bytes: Buffer, contentType = 'image/png') {
  const t = await ticket(user, kind, contentType, bytes.length);
  const res = await post(t, bytes);
  expect(res.status, res.body).toBeLessThan(300);
  return t.key;
}

const save = (user: TestUser, kind: 'photo' | 'cover', key: string) =>
  callRoute(stack.apiUrl, 'saveProfileImage', { kind, key }, user.idToken);
/** The bucket key of a public URL (`/images/...`). */
const keyOf = (url: string) => url.replace(/^\//, '');

beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'img-owner', fullName: 'Ola Owner' }),
    createConfirmedUser(stack, { prefix: 'img-stranger' }),
  ]);
  ownerId = (await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken)).body.id;
});

describe('upload ticket', () => {
  it('is a POST to an upload-only key of the images bucket, pinning the key, the type and the size range, for minutes', async () => {
    const before = Date.now();
    const t = await ticket(owner, 'photo', 'image/webp', 1000);
    expect(t.key).toMatch(new RegExp(`^uploads/profile_images/${ownerId}/\\d{13}\\.webp$`));
    expect(t.url).toContain(IMAGES_BUCKET);
    const policy = JSON.parse(Buffer.from(t.fields.Policy, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, MAX_IMAGE_BYTES], ['eq', '$Content-Type', 'image/webp'], { key: t.key }]),
    );
    const lifetime = Date.parse(policy.expiration) - before;
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    expect((await ticket(owner, 'cover', 'image/jpeg', 10)).key).toMatch(new RegExp(`^uploads/cover_images/${ownerId}/\\d{13}\\.jpg$`));
  });

  it('is refused for other types and sizes, with the reason', async () => {
    const gif = await callRoute(stack.apiUrl, 'createImageUpload', { kind: 'photo', contentType: 'image/gif', size: 10 }, owner.idToken);
    expect(gif.status).toBe(400);
    expect(gif.body.error.fields.contentType).toBe('Upload a JPEG, PNG or WebP image');
    const text = await callRoute(stack.apiUrl, 'createImageUpload', { kind: 'photo', contentType: 'text/plain', size: 10 }, owner.idToken);
    expect(text.body.error.fields.contentType).toBe('Only image files can be uploaded');
    const big = await callRoute(
      stack.apiUrl,
      'createImageUpload',
      { kind: 'cover', contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 },
      owner.idToken,
    );
    expect(big.status).toBe(400);
    expect(big.body.error.fields.size).toMatch(/5 MB/);
  });

  it('cannot be used for another content type, another key or more than 5 MB: the storage refuses the POST', async () => {
    const bytes = png(32, 32);
    const t = await ticket(owner, 'photo', 'image/png', bytes.length);
    const asJpeg = await post(t, bytes, { 'Content-Type': 'image/jpeg' });
    expect(asJpeg.status).toBe(403);
    expect(asJpeg.body).toMatch(/Content-Type/);
    const elsewhere = await post(t, bytes, { key: `images/profile_images/${ownerId}/1.png` });
    expect(elsewhere.status).toBe(403);
    const tooBig = await post(t, Buffer.alloc(MAX_IMAGE_BYTES + 1, 1));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatch(/EntityTooLarge/);
    expect(await exists(t.key)).toBe(false);
  });
});

describe('saving a picture', () => {
  it('keeps a real PNG as the photo, serves it from /images/ with its type, and removes the upload', async () => {
    const bytes = png(200, 200);
    const key = await upload(owner, 'photo', bytes);
    const res = await save(owner, 'photo', key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = res.body.profileImage as string;
    expect(url).toBe(`/${key.replace(/^uploads\//, 'images/')}`);
    expect(res.body.coverImage).toBeNull();
    expect(await exists(key)).toBe(false);
    const head = await s3.send(new HeadObjectCommand({ Bucket: IMAGES_BUCKET, Key: keyOf(url) }));
    expect(head.ContentType).toBe('image/png');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    // The account says so from now on.
    expect((await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken)).body.profileImage).toBe(url);

    const served = await fetch(`${stack.appUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps a JPEG cover', async () => {
    const key = await upload(owner, 'cover', jpegFixture(), 'image/jpeg');
    const res = await save(owner, 'cover', key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.coverImage).toMatch(new RegExp(`^/images/cover_images/${ownerId}/\\d+\\.jpg$`));
    const served = await fetch(`${stack.appUrl}${res.body.coverImage}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a file that is not an image, whatever type it was sent as, and removes it', async () => {
    const text = Buffer.from('Just some text pretending to be a picture.\n'.repeat(10));
    const key = await upload(owner, 'photo', text, 'image/png');
    const res = await save(owner, 'photo', key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_image', message: 'That file is not a JPEG, PNG or WebP image' });
    expect(await exists(key)).toBe(false);
  });

  it('refuses an image of another type than the one declared', async () => {
    const key = await upload(owner, 'photo', jpegFixture(), 'image/png');
    const res = await save(owner, 'photo', key);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_image');
    expect(res.body.error.message).toBe('That file is a JPEG image, not the PNG it was sent as');
  });

  it('refuses a picture larger than the page needs', async () => {
    const { width, height } = IMAGE_MAX_SIZE.photo;
    const key = await upload(owner, 'photo', png(width + 1, height));
    const res = await save(owner, 'photo', key);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_image');
    expect(res.body.error.message).toBe(`A profile photo can be at most ${width}x${height} pixels; this image is ${width + 1}x${height}`);
    expect(await exists(key)).toBe(false);
    // The same size is a fine cover.
    const cover = await upload(owner, 'cover', png(width + 1, 200));
    expect((await save(owner, 'cover', cover)).status).toBe(200);
  });

  it('refuses an object over 5 MB put there some other way, without reading it all', async () => {
    const t = await ticket(owner, 'cover', 'image/png', 100);
    const big = Buffer.concat([png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES, 0)]);
    await s3.send(new PutObjectCommand({ Bucket: IMAGES_BUCKET, Key: t.key, Body: big, ContentType: 'image/png' }));
    const res = await save(owner, 'cover', t.key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_image', message: 'Images must be at most 5 MB' });
  });

  it("answers 404 for someone else's upload, a key of the other kind, a kept picture or no upload at all", async () => {
    const key = await upload(owner, 'photo', png(40, 40));
    for (const [user, kind, k] of [
      [stranger, 'photo', key],
      [owner, 'cover', key],
      [owner, 'photo', `images/profile_images/${ownerId}/1.png`],
      [owner, 'photo', `uploads/profile_images/${ownerId}/123.png`],
      [owner, 'photo', 'uploads/../images/x.png'],
    ] as const) {
      const res = await save(user, kind, k);
      expect(res.status, k).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Upload not found' } });
    }
    // The owner's upload is still there, and can still be kept.
    expect((await save(owner, 'photo', key)).status).toBe(200);
  });

  it('is idempotent: the same key saved twice, one after the other or at once, keeps one picture', async () => {
    const first = await upload(owner, 'cover', png(900, 300));
    const [a, b] = await Promise.all([save(owner, 'cover', first), save(owner, 'cover', first)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.coverImage).toBe(b.body.coverImage);
    const again = await save(owner, 'cover', first);
    expect(again.status).toBe(200);
    expect(again.body.coverImage).toBe(a.body.coverImage);
    expect(await exists(keyOf(a.body.coverImage))).toBe(true);
    expect((await fetch(`${stack.appUrl}${a.body.coverImage}`)).status).toBe(200);
  });

  it('removes the picture it replaces, and only that one', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'img-replace' });
    const photo1 = (await save(user, 'photo', await upload(user, 'photo', png(64, 64)))).body.profileImage as string;
    const cover = (await save(user, 'cover', await upload(user, 'cover', png(600, 200)))).body.coverImage as string;
    await new Promise((r) => setTimeout(r, 5));
    const res = await save(user, 'photo', await upload(user, 'photo', png(80, 80)));
    expect(res.status).toBe(200);
    const photo2 = res.body.profileImage as string;
    expect(photo2).not.toBe(photo1);
    expect(await exists(keyOf(photo1))).toBe(false);
    expect(await exists(keyOf(photo2))).toBe(true);
    expect(await exists(keyOf(cover))).toBe(true);
    expect(res.body.coverImage).toBe(cover);
    // The old URL is no longer served.
    expect((await fetch(`${stack.appUrl}${photo1}`)).status).toBe(404);
  });
});

describe('the local web server, as CloudFront', () => {
  it('serves only objects under images/: never an upload, whatever the path', async () => {
    const key = await upload(owner, 'photo', png(20, 20));
    for (const p of [`/${key}`, `/images/..%2F${key}`, `/images/%2e%2e/${key}`, `/images//${key}`]) {
      const res = await fetch(`${stack.appUrl}${p}`);
      expect(res.headers.get('content-type') ?? '', p).not.toMatch(/^image\//);
    }
    expect((await fetch(`${stack.appUrl}/images/profile_images/nobody/1.png`)).status).toBe(404);
  });
});

describe('demo pros', () => {
  const pros = DEMO_USERS.filter((u) => u.type === 'pro');

  it('each have a real photo and cover, served from /images/', async () => {
    for (const pro of pros) {
      const me = (await callRoute(stack.apiUrl, 'getMe', {}, await signIn(stack, pro.email, DEMO_PASSWORD))).body;
      for (const url of [me.profileImage, me.coverImage] as string[]) {
        expect(url, pro.email).toMatch(/^\/images\/(profile|cover)_images\//);
        const res = await fetch(`${stack.appUrl}${url}`);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(1, 4)
            .toString('ascii'),
        ).toBe('PNG');
      }
    }
  });

  it('keep the same objects when seeding again, as every start does', async () => {
    useStackEnvironment(stack);
    const list = async () =>
      (await s3.send(new ListObjectsV2Command({ Bucket: IMAGES_BUCKET, Prefix: 'images/' }))).Contents?.map((o) => o.Key!).sort() ?? [];
    const ids = await Promise.all(
      pros.map(async (p) => (await callRoute(stack.apiUrl, 'getMe', {}, await signIn(stack, p.email, DEMO_PASSWORD))).body.id as string),
    );
    const ofPros = (keys: string[]) => keys.filter((k) => ids.some((id) => k.includes(`/${id}/`)));
    const before = ofPros(await list());
    expect(before).toHaveLength(pros.length * 2);
    await seedDemoData(localCognitoClient(stack.cognitoEndpoint), stack.userPoolId);
    expect(ofPros(await list())).toEqual(before);
  });
});
