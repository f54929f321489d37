import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectTaggingCommand, HeadObjectCommand, PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { MAX_TRACK_BYTES, PEAKS_COUNT, UNCLAIMED_UPLOAD_TAG } from '../../shared/constants.js';
import { callRoute } from '../support/api.js';
import { createConfirmedUser, type TestUser } from '../support/users.js';
import { pngBytes, wavBytes } from '../support/audio.js';

const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const s3 = new S3Client({ ...local, endpoint: stack.s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.dynamoEndpoint }));

let owner: TestUser;
let stranger: TestUser;

async function objectExists(key: string) {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: stack.mediaBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** Uploads as the browser does: a ticket from the API, then a multipart POST straight to S3. */
async function upload(user: TestUser, bytes: Buffer, filename: string, contentType = 'audio/wav', declaredSize = bytes.length) {
  const ticket = await callRoute(stack.apiUrl, 'createUploadUrl', { filename, contentType, size: declaredSize }, user.idToken);
  expect(ticket.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const res = await fetch(ticket.body.url, { method: 'POST', body: form });
  expect(res.status).toBeLessThan(300);
  return ticket.body.key as string;
}

async function uploadTrack(user: TestUser, title = 'Song', seconds = 3) {
  const key = await upload(user, wavBytes({ seconds, envelope: 'ramp' }), `${title}.wav`);
  const res = await callRoute(stack.apiUrl, 'createTrack', { key, title }, user.idToken);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createConfirmedUser(stack, { prefix: 'owner' }), createConfirmedUser(stack, { prefix: 'stranger' })]);
});

describe('upload', () => {
  it('issues a presigned POST whose policy pins the key, the size and the content type', async () => {
    const res = await callRoute(stack.apiUrl, 'createUploadUrl', { filename: '../My Song (final)!.wav', contentType: 'audio/wav', size: 1000 }, owner.idToken);
    expect(res.status).toBe(200);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    expect(res.body.key).toMatch(new RegExp(`^audio/${me.body.id}/\\d+_My_Song_final_.wav$`));
    const policy = JSON.parse(Buffer.from(res.body.fields.Policy, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_TRACK_BYTES],
        ['eq', '$Content-Type', 'audio/wav'],
        { key: res.body.key },
        { tagging: res.body.fields.tagging },
      ]),
    );
    // The object arrives tagged as unclaimed, so the bucket expires it unless it becomes a track.
    expect(res.body.fields.tagging).toBe(
      `<Tagging><TagSet><Tag><Key>${UNCLAIMED_UPLOAD_TAG.key}</Key><Value>${UNCLAIMED_UPLOAD_TAG.value}</Value></Tag></TagSet></Tagging>`,
    );
  });

  it('takes the unclaimed tag off an upload once it is a track', async () => {
    const key = await upload(owner, wavBytes({ seconds: 1 }), 'Kept.wav');
    // S3 applies the POST's tagging field; the local S3 ignores it, so it is applied here as S3 would.
    await s3.send(new PutObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: key, Tagging: { TagSet: [{ Key: UNCLAIMED_UPLOAD_TAG.key, Value: UNCLAIMED_UPLOAD_TAG.value }] } }));
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Kept' }, owner.idToken)).status).toBe(200);
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: key }));
    expect(tags.TagSet ?? []).toEqual([]);
  });

  it('refuses to issue an upload for an oversize or non-audio file', async () => {
    const big = await callRoute(stack.apiUrl, 'createUploadUrl', { filename: 'a.wav', contentType: 'audio/wav', size: MAX_TRACK_BYTES + 1 }, owner.idToken);
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('size: The file is larger than 200 MB');
    const png = await callRoute(stack.apiUrl, 'createUploadUrl', { filename: 'a.png', contentType: 'image/png', size: 10 }, owner.idToken);
    expect(png.status).toBe(400);
    expect(png.body.error.fields.contentType).toBe('Please upload an audio file');
  });

  it('registers a WAV with the duration and peaks read from the file itself', async () => {
    const track = await uploadTrack(owner, 'Sine', 3);
    expect(track.duration).toBeCloseTo(3, 2);
    const peaks = Buffer.from(track.peaks, 'base64');
    expect(peaks.length).toBe(PEAKS_COUNT);
    // The loudness ramps up: the waveform must too.
    expect(peaks[900]).toBeGreaterThan(peaks[100]);
    expect(track.snippet).toEqual({ start: 0, end: 3 });
    expect(track.isShared).toBe(false);
  });

  it('deletes a picture renamed .mp3 and leaves no track behind', async () => {
    const key = await upload(owner, pngBytes(), 'cover.mp3', 'audio/mpeg');
    expect(await objectExists(key)).toBe(true);
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Not music' }, owner.idToken);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'not_audio', message: 'Please upload an audio file' });
    expect(await objectExists(key)).toBe(false);
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken);
    expect(list.body.tracks.map((t: { title: string }) => t.title)).not.toContain('Not music');
  });

  it('deletes a file larger than the limit that the local S3 let through', async () => {
    // The client declares a small file, then sends a huge one: s3rver does not enforce the policy.
    const key = await upload(owner, Buffer.alloc(MAX_TRACK_BYTES + 1024), 'huge.wav', 'audio/wav', 1000);
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Huge' }, owner.idToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('too_large');
    expect(await objectExists(key)).toBe(false);
  }, 120_000);

  it('refuses to register someone else\'s upload, or the same upload twice', async () => {
    const key = await upload(owner, wavBytes({ seconds: 1, envelope: 'ramp' }), 'mine.wav');
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Stolen' }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Once' }, owner.idToken)).status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Twice' }, owner.idToken)).status).toBe(409);
  });
});

describe('listening and snippets', () => {
  it('lists only the caller\'s tracks, newest first', async () => {
    const user = await createConfirmedUser(stack);
    const a = await uploadTrack(user, 'First', 1);
    const b = await uploadTrack(user, 'Second', 1);
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
    expect(list.body.tracks.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
    expect((await callRoute(stack.apiUrl, 'listTracks', {}, stranger.idToken)).body.tracks.map((t: { id: string }) => t.id)).not.toContain(a.id);
  });

  it('gives the owner a signed URL valid an hour that streams with range requests, and refuses anyone else', async () => {
    const track = await uploadTrack(owner, 'Private', 2);
    const res = await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBe(3600);
    expect(new URL(res.body.signedUrl).searchParams.get('X-Amz-Expires')).toBe('3600');
    const part = await fetch(res.body.signedUrl, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const denied = await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id, sharedById: track.userId }, stranger.idToken);
    expect(denied.status).toBe(403);
  });

  it('saves a snippet of at least 1 s within the track', async () => {
    const track = await uploadTrack(owner, 'Snip', 3);
    const ok = await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 0.5, end: 2.5 } }, owner.idToken);
    expect(ok.body.snippet).toEqual({ start: 0.5, end: 2.5 });
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 1, end: 1.5 } }, owner.idToken)).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 1, end: 9 } }, owner.idToken)).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 0, end: 2 } }, stranger.idToken)).status).toBe(403);
  });
});

describe('deletion', () => {
  it('removes the tracks, their audio objects and their records, all or nothing on ownership', async () => {
    const a = await uploadTrack(owner, 'Del A', 1);
    const b = await uploadTrack(owner, 'Del B', 1);
    const other = await uploadTrack(stranger, 'Not yours', 1);

    const mixed = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [a.id, other.id] }, owner.idToken);
    expect(mixed.status).toBe(403);
    expect(await objectExists(a.audioUrl)).toBe(true);
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [other.id] }, owner.idToken)).status).toBe(403);

    const res = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [a.id, b.id] }, owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([]);
    expect([...res.body.deleted].sort()).toEqual([a.id, b.id].sort());
    for (const t of [a, b]) {
      expect(await objectExists(t.audioUrl)).toBe(false);
      expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `TRACK#${t.id}`, SK: 'META' } }))).Item).toBeUndefined();
      expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `AUDIOKEY#${t.audioUrl}`, SK: 'AUDIOKEY' } }))).Item).toBeUndefined();
    }
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [a.id] }, owner.idToken)).status).toBe(404);
    expect(await objectExists(other.audioUrl)).toBe(true);
  });
});
