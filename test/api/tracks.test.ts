import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PROCESSING_STALLED_ERROR, type TrackView } from '../../shared/schemas/tracks.js';
import { callRoute, createConfirmedUser, processingTrack, type TestUser, until, useStackEnvironment } from '../support/stack-kit.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { processingWorkerPids } from '../support/upload-burst.js';
import { GetObjectTaggingCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { localS3, objectExists as isStored } from '../support/objects.js';
import { MAX_TRACK_BYTES, PEAKS_COUNT } from '../../shared/constants.js';
import { LoudnessMeter } from '../../functions/tracks/audio/loudness.js';
import { pngBytes, toneSamples, wavBytes } from '../support/audio.js';
import { processedTrack, registerUpload, uploadFile } from '../support/flows.js';

const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const s3 = localS3(stack);
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.dynamoEndpoint }));

let owner: TestUser;
let stranger: TestUser;

const objectExists = (key: string) => isStored(stack, stack.mediaBucket, key);

async function upload(user: TestUser, bytes: Buffer, filename: string, contentType = 'audio/wav', declaredSize = bytes.length) {
  const res = await uploadFile(stack, user, bytes, filename, contentType, declaredSize);
  expect(res.s3Status, res.s3Body).toBeLessThan(300);
  return res.key;
}

async function uploadTrack(user: TestUser, title = 'Song', seconds = 3) {
  const track = await registerUpload(stack, user, wavBytes({ seconds, envelope: 'ramp' }), `${title}.wav`, title);
  expect(track.status).toBe('ready');
  return track;
}

/** The owner's ticket for an upload, as the browser asks for one. */
const uploadTicket = (filename: string, contentType: string, size: number) =>
  callRoute(stack.apiUrl, 'createUploadUrl', { filename, contentType, size }, owner.idToken);

/** The track as the owner's list gives it. */
async function listed(user: TestUser, id: string) {
  const res = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
  return (res.body.tracks as TrackView[]).find((t) => t.id === id)!;
}

const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: stack.tableName, Item }));
const item = async (PK: string, SK: string) => (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK, SK } }))).Item;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'owner' }),
    createConfirmedUser(stack, { prefix: 'stranger' }),
  ]);
});

describe('upload', () => {
  it('issues a presigned POST whose policy pins an upload-only key, the size and the content type', async () => {
    const res = await uploadTicket('../My Song (final)!.wav', 'audio/wav', 1000);
    expect(res.status).toBe(200);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    expect(res.body.key).toMatch(new RegExp(`^uploads/${me.body.id}/[0-9a-f-]{36}/My_Song_final_.wav$`));
    const policy = JSON.parse(Buffer.from(res.body.fields.Policy, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, MAX_TRACK_BYTES], ['eq', '$Content-Type', 'audio/wav'], { key: res.body.key }]),
    );
    // No tagging: uploads expire by their prefix, and tagging on a POST would need another permission.
    expect(res.body.fields.tagging).toBeUndefined();
  });

  it('registers at once as processing; processing then measures the file and moves it to the final key', async () => {
    const key = await upload(owner, wavBytes({ seconds: 3, envelope: 'ramp' }), 'Sine.wav');
    const started = Date.now();
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Sine' }, owner.idToken);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(['processing', 'ready']).toContain(res.body.status);

    const track = await processedTrack(stack, owner, res.body.id);
    expect(track).toMatchObject({ status: 'ready', failureReason: null, snippet: { start: 0, end: 3 }, isShared: false });
    expect(track.duration).toBeCloseTo(3, 2);
    const peaks = Buffer.from(track.peaks, 'base64');
    expect(peaks.length).toBe(PEAKS_COUNT);
    // The loudness ramps up: the waveform must too.
    expect(peaks[900]).toBeGreaterThan(peaks[100]);
    // The technical report, as the meter measures the same samples (the lane kept in 0.5 LU steps).
    const meter = new LoudnessMeter();
    const samples = Float32Array.from(toneSamples({ seconds: 3, envelope: 'ramp' }), (v) => v / 32768);
    meter.push([samples], samples.length, 44_100);
    const { shortTermLufs, ...measured } = meter.result();
    // The list carries it without its lane; the whole report, lane included, is for whoever may listen.
    expect(track.report).toEqual(measured);
    expect(track.report).toMatchObject({ stereoCorrelation: null, clippedSamples: 0 });
    expect(track.report!.samplePeakDbfs).toBeCloseTo(20 * Math.log10(30000 / 32768), 1);
    const whole = await callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.id }, owner.idToken);
    expect(whole.status).toBe(200);
    // A clean rising tone: analysis finds nothing in it. Its codec previews are asked for now that its report is
    // opened (test/api/codec-previews.test.ts makes them).
    const { previews, ...figures } = whole.body;
    expect(figures).toEqual({ ...measured, shortTermLufs: shortTermLufs.map((v) => Math.round(v * 2) / 2), findings: [] });
    expect(previews.map((p: { status: string }) => p.status)).toEqual([...Array(6).fill('pending'), 'not_previewed']);
    expect(whole.body.shortTermLufs).toHaveLength(3);
    expect((await callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.id }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'getTrackReport', { trackId: crypto.randomUUID() }, owner.idToken)).status).toBe(404);
    expect(track.audioUrl).toMatch(new RegExp(`^audio/${track.userId}/\\d+_Sine.wav$`));
    // The upload is gone; the kept audio is no longer tagged to expire and is served as what it proved to be.
    expect(await objectExists(key)).toBe(false);
    expect(track.contentType).toBe('audio/wav');
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: track.audioUrl }))).TagSet ?? []).toEqual([]);
    expect((await s3.send(new HeadObjectCommand({ Bucket: stack.mediaBucket, Key: track.audioUrl }))).ContentType).toBe('audio/wav');
  });

  it('refuses to issue an upload for an oversize or non-audio file', async () => {
    const big = await uploadTicket('a.wav', 'audio/wav', MAX_TRACK_BYTES + 1);
    expect(big.status).toBe(400);
    expect(big.body.error.message).toMatch(/200 MB/);
    const png = await uploadTicket('a.png', 'image/png', 10);
    expect(png.status).toBe(400);
    expect(png.body.error.fields.contentType).toBe('Please upload an audio file');
  });

  it('fails a picture renamed .mp3 with a reason, keeping neither the upload nor a copy', async () => {
    const key = await upload(owner, pngBytes(), 'cover.mp3', 'audio/mpeg');
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Not music' }, owner.idToken);
    expect(res.status).toBe(200);
    const track = await processedTrack(stack, owner, res.body.id);
    expect(track.status).toBe('failed');
    expect(track.failureReason).toMatch(/not audio/i);
    expect(track.audioUrl).toBe('');
    // Processing deletes the upload just after recording its result, which registration may read first and
    // finish the track with: the upload goes a moment later.
    await expect.poll(() => objectExists(key), { timeout: 5_000 }).toBe(false);
    // A failed track cannot be listened to or shared.
    expect((await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, owner.idToken)).status).toBe(409);
  });

  it('refuses and deletes an empty object at registration', async () => {
    // S3 itself refuses an empty POST (the policy's minimum is 1 byte); an object put some other way is checked again.
    const ticket = await uploadTicket('empty.wav', 'audio/wav', 1);
    await s3.send(new PutObjectCommand({ Bucket: stack.mediaBucket, Key: ticket.body.key, Body: new Uint8Array(0) }));
    const res = await callRoute(stack.apiUrl, 'createTrack', { key: ticket.body.key, title: 'Empty' }, owner.idToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('empty_file');
    expect(await objectExists(ticket.body.key)).toBe(false);
  });

  it("refuses to register someone else's upload, the same upload twice, or a key that is not an upload", async () => {
    const key = await upload(owner, wavBytes({ seconds: 1, envelope: 'ramp' }), 'mine.wav');
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Stolen' }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Once' }, owner.idToken)).status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Twice' }, owner.idToken)).status).toBe(409);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    expect(
      (await callRoute(stack.apiUrl, 'createTrack', { key: `audio/${me.body.id}/1_x.wav`, title: 'Final key' }, owner.idToken)).status,
    ).toBe(403);
  });
});

describe('registration and processing meet in either order', () => {
  it('finishes the track at registration when processing got there first', async () => {
    const key = await upload(owner, wavBytes({ seconds: 2, envelope: 'ramp' }), 'early.wav');
    // Processing removes the upload once it has recorded its result.
    await expect.poll(() => objectExists(key), { timeout: 20_000 }).toBe(false);
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Early' }, owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', title: 'Early' });
    expect(res.body.duration).toBeCloseTo(2, 2);
  });

  it('finishes, when the list is next read, a track whose finishing was interrupted after processing', async () => {
    // Processing recorded its result, then the call that finishes the track failed (a crash, a throttled write).
    const processed = await uploadTrack(owner, 'Interrupted', 2);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    const id = crypto.randomUUID();
    const uploadKey = `uploads/${me.body.id}/${id}/Interrupted.wav`;
    const at = new Date().toISOString();
    const result = { outcome: 'ready', audioKey: processed.audioUrl, contentType: 'audio/wav', format: 'wav' };
    const measured = { duration: processed.duration, peaks: processed.peaks, sizeBytes: processed.sizeBytes };
    await put({ PK: `UPLOAD#${uploadKey}`, SK: 'RESULT', entity: 'upload-result', ...result, ...measured });
    const copy = { id, userId: me.body.id, title: 'Interrupted copy', uploadKey, contentType: '', sizeBytes: processed.sizeBytes };
    const deadline = new Date(Date.now() + 3600_000).toISOString();
    await put(processingTrack(copy, at, deadline));
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken);
    expect(list.body.tracks.find((t: { id: string }) => t.id === id)).toMatchObject({
      status: 'ready',
      audioUrl: processed.audioUrl,
      duration: processed.duration,
    });
  });

  it('shows a track whose processing never reported as failed, not stuck', async () => {
    const me = await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    const id = crypto.randomUUID();
    const long = new Date(Date.now() - 2 * 3600_000).toISOString();
    const uploadKey = `uploads/${me.body.id}/${id}/x.wav`;
    const stalled = { id, userId: me.body.id, title: 'Stalled', uploadKey, contentType: 'audio/wav', sizeBytes: 10 };
    const deadline = new Date(Date.now() - 60_000).toISOString();
    await put(processingTrack(stalled, long, deadline));
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken);
    expect(list.body.tracks.find((t: { id: string }) => t.id === id)).toMatchObject({
      status: 'failed',
      failureReason: PROCESSING_STALLED_ERROR,
    });
    // And it can be deleted, though it has no processed audio.
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [id] }, owner.idToken)).body).toEqual({ deleted: [id], failed: [] });
  });
});

describe('the local S3 enforces the upload policy as S3 does', () => {
  it('refuses another content type, another key, a larger file than allowed and an empty file', async () => {
    const bytes = wavBytes({ seconds: 1 });
    const ticket = await uploadTicket('p.wav', 'audio/wav', bytes.length);
    const post = async (fields: Record<string, string>, body: Buffer, type = 'audio/wav') => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(body)], { type }), 'p.wav');
      const res = await fetch(ticket.body.url, { method: 'POST', body: form });
      return { status: res.status, text: await res.text() };
    };
    const fields = ticket.body.fields as Record<string, string>;
    expect(await post({ ...fields, 'Content-Type': 'text/html' }, bytes)).toMatchObject({
      status: 403,
      text: expect.stringContaining('AccessDenied'),
    });
    const victim = await uploadTrack(stranger, 'Victim', 1);
    expect(await post({ ...fields, key: victim.audioUrl }, bytes)).toMatchObject({ status: 403 });
    expect(await post(fields, Buffer.alloc(0))).toMatchObject({ status: 400, text: expect.stringContaining('EntityTooSmall') });
    expect(await objectExists(ticket.body.key)).toBe(false);
    expect(await post(fields, bytes)).toMatchObject({ status: 204 });
  });

  it('answers a form it cannot read, or one without a file, with 400 as S3 does, and stays up', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${stack.s3Endpoint}/${stack.mediaBucket}`, { method: 'POST', headers, body }).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));
    expect(await post({ 'content-type': 'multipart/form-data' }, '--x\r\n')).toMatchObject({
      status: 400,
      text: expect.stringContaining('MalformedPOSTRequest'),
    });
    expect(await post({ 'content-type': 'multipart/form-data; boundary=x' }, 'not a form at all')).toMatchObject({
      status: 400,
      text: expect.stringContaining('exactly one file'),
    });
  });

  it('refuses a file over 200 MB and stores nothing', async () => {
    const res = await uploadFile(stack, owner, Buffer.alloc(MAX_TRACK_BYTES + 1024), 'huge.wav', 'audio/wav', 1000);
    expect(res.s3Status).toBe(400);
    expect(res.s3Body).toContain('EntityTooLarge');
    expect(await objectExists(res.key)).toBe(false);
  }, 120_000);

  it('never lets a second POST with the same ticket replace a processed track', async () => {
    const wav = wavBytes({ seconds: 2, envelope: 'ramp' });
    const first = await uploadFile(stack, owner, wav, 'keep.wav');
    const reg = await callRoute(stack.apiUrl, 'createTrack', { key: first.key, title: 'Keep' }, owner.idToken);
    const track = await processedTrack(stack, owner, reg.body.id);
    const before = Buffer.from(
      await (
        await fetch((await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, owner.idToken)).body.signedUrl)
      ).arrayBuffer(),
    );

    // The ticket is still valid: post other bytes with it.
    const form = new FormData();
    for (const [k, v] of Object.entries(first.fields)) form.append(k, v);
    form.append('file', new Blob([new TextEncoder().encode('<html>not audio</html>')], { type: 'audio/wav' }), 'keep.wav');
    expect((await fetch(first.url, { method: 'POST', body: form })).status).toBe(204);

    await expect.poll(() => objectExists(first.key), { timeout: 20_000 }).toBe(false);
    const after = await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken);
    const same = after.body.tracks.find((t: { id: string }) => t.id === track.id);
    expect(same).toMatchObject({ status: 'ready', audioUrl: track.audioUrl, duration: track.duration });
    const served = Buffer.from(
      await (
        await fetch((await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, owner.idToken)).body.signedUrl)
      ).arrayBuffer(),
    );
    expect(served.equals(before)).toBe(true);
  });
});

describe('processing survives its worker being killed', () => {
  it('measures the report of a track processed before reports from its stored audio, once (npm run migrate)', async () => {
    useStackEnvironment(stack);
    const key = await upload(owner, wavBytes({ seconds: 4, channels: 2 }), 'Before reports.wav');
    const res = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Before reports' }, owner.idToken);
    const track = await processedTrack(stack, owner, res.body.id);
    expect(track.report).not.toBeNull();
    // As the earlier version left it: no report.
    await db.send(
      new UpdateCommand({ TableName: stack.tableName, Key: { PK: `TRACK#${track.id}`, SK: 'META' }, UpdateExpression: 'REMOVE report' }),
    );
    expect((await listed(owner, track.id)).report).toBeNull();
    const { measureMissingReports } = await import('../../scripts/migrate/track-reports.js');
    expect((await measureMissingReports()).measured).toBeGreaterThanOrEqual(1);
    expect((await listed(owner, track.id)).report).toEqual(track.report);
    const again = await measureMissingReports();
    expect((await listed(owner, track.id)).report).toEqual(track.report);
    // Nothing of this test's is measured twice (other files' tracks may be processing meanwhile).
    expect(again.unreadable).toBe(0);
  });

  it('measures a track processed before reports when its report is first asked for, at most once an hour', async () => {
    const track = await uploadTrack(owner, 'Asked for', 2);
    const key = { PK: `TRACK#${track.id}`, SK: 'META' };
    await db.send(new UpdateCommand({ TableName: stack.tableName, Key: key, UpdateExpression: 'REMOVE report' }));
    const ask = () => callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.id }, owner.idToken);
    const first = await ask();
    expect(first.status).toBe(409);
    expect(first.body.error).toEqual({
      code: 'report_pending',
      message: 'This track is being measured: its technical report appears here in a minute.',
    });
    const asked = (await item(key.PK, key.SK))!.reportAskedAt;
    expect(asked).toEqual(expect.any(String));
    // Asked again before it is done: noted once.
    await ask();
    expect((await item(key.PK, key.SK))!.reportAskedAt).toBe(asked);
    // Processing measures it from the marker, which it removes.
    await until('the report', async () => (await listed(owner, track.id)).report, Boolean, 30_000);
    expect((await listed(owner, track.id)).report).toEqual(track.report);
    expect((await ask()).body.shortTermLufs).toHaveLength(2);
    // The marker goes just after the report is written.
    await until(
      'the marker removed',
      () => objectExists(`uploads/remeasure/${track.id}`),
      (exists) => !exists,
      10_000,
    );
    // Someone else asking measures nothing.
    expect((await callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.id }, stranger.idToken)).status).toBe(403);
  });

  it('retries a killed run: the track ends ready and the API keeps serving', async () => {
    const pids = () => processingWorkerPids(stack);
    // About 40 MB of audio: long enough to be mid-run when the worker dies.
    const bytes = wavBytes({ seconds: 240, sampleRate: 44_100, channels: 2 });
    const up = await uploadFile(stack, owner, bytes, 'long.wav');
    const reg = await callRoute(stack.apiUrl, 'createTrack', { key: up.key, title: 'Long' }, owner.idToken);
    expect(reg.status).toBe(200);
    await expect.poll(() => pids().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const killed = pids();
    for (const pid of killed) process.kill(pid, 'SIGKILL');

    expect((await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken)).status).toBe(200);
    const track = await processedTrack(stack, owner, reg.body.id, 120_000);
    expect(track.status).toBe('ready');
    expect(track.duration).toBeCloseTo(240, 0);
    expect(pids().some((p) => !killed.includes(p))).toBe(true);
  }, 180_000);
});

describe('listening and snippets', () => {
  it("lists only the caller's tracks, newest first", async () => {
    const user = await createConfirmedUser(stack);
    const a = await uploadTrack(user, 'First', 1);
    const b = await uploadTrack(user, 'Second', 1);
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
    expect(list.body.tracks.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
    expect((await callRoute(stack.apiUrl, 'listTracks', {}, stranger.idToken)).body.tracks.map((t: { id: string }) => t.id)).not.toContain(
      a.id,
    );
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
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 1, end: 1.5 } }, owner.idToken)).status).toBe(
      400,
    );
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 1, end: 9 } }, owner.idToken)).status).toBe(
      400,
    );
    expect((await callRoute(stack.apiUrl, 'updateSnippet', { id: track.id, snippet: { start: 0, end: 2 } }, stranger.idToken)).status).toBe(
      403,
    );
  });
});

describe('renaming', () => {
  it("renames the owner's track under the upload's title rules, and no one else's", async () => {
    const track = await uploadTrack(owner, 'Draft', 1);
    const ok = await callRoute(stack.apiUrl, 'renameTrack', { id: track.id, title: '  Night Drive  ' }, owner.idToken);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ id: track.id, title: 'Night Drive', status: 'ready' });
    expect((await listed(owner, track.id)).title).toBe('Night Drive');

    const denied = await callRoute(stack.apiUrl, 'renameTrack', { id: track.id, title: 'Mine now' }, stranger.idToken);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBeTruthy();
    for (const title of ['', '   ', 'x'.repeat(201)]) {
      const bad = await callRoute(stack.apiUrl, 'renameTrack', { id: track.id, title }, owner.idToken);
      expect(bad.status, title).toBe(400);
    }
    expect((await listed(owner, track.id)).title).toBe('Night Drive');
  });
});

describe('deletion', () => {
  it('leaves nothing from which the same upload could be registered again', async () => {
    const key = await upload(owner, wavBytes({ seconds: 1, envelope: 'ramp' }), 'once.wav');
    const reg = await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Once' }, owner.idToken);
    await processedTrack(stack, owner, reg.body.id);
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [reg.body.id] }, owner.idToken)).status).toBe(200);
    expect(await item(`UPLOAD#${key}`, 'RESULT')).toBeUndefined();
    expect((await callRoute(stack.apiUrl, 'createTrack', { key, title: 'Again' }, owner.idToken)).status).toBe(404);
  });

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
      expect(
        (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `TRACK#${t.id}`, SK: 'META' } }))).Item,
      ).toBeUndefined();
      expect(await item(`TRACK#${t.id}`, 'META')).toBeUndefined();
    }
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [a.id] }, owner.idToken)).status).toBe(404);
    expect(await objectExists(other.audioUrl)).toBe(true);
  });
});
