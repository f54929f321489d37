/**
 * Versions of a track through the API on the local stack: 'Upload a new version' takes the same upload,
 * ticket and processing path bound to the track; the track lists as one row with its versions, each with
 * its own audio, peaks and report; a request names its version; listening stays per version; deleting a
 * version, or the track with all its versions, follows the deletion rules.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TrackStackView } from '../../shared/schemas/tracks.js';
import { callerOn, createConfirmedUser, flows, money, setAttributes, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';
import { objectExists } from '../support/objects.js';

const stack = inject('stack');
const PRICE = 3000;

let pro: TestUser;
let proId: string;
let peer: TestUser;
let peerId: string;

const call = callerOn(stack);
const musician = async (name = 'Vera Version') => (await flows.onboardedUser(stack, 'musician', { fullName: name })).user;

/** A new version of `trackId`, uploaded and registered as the dialog does, once processed. */
const newVersion = (user: TestUser, trackId: string, seconds = 2, title = 'Ignored') =>
  flows.registerUpload(stack, user, wavBytes({ seconds, envelope: 'ramp' }), 'v.wav', title, 'audio/wav', trackId);

async function listed(user: TestUser): Promise<{ tracks: TrackStackView[]; total: number }> {
  const res = await call(user, 'listTracks', {});
  expect(res.status).toBe(200);
  return res.body;
}

const exists = (key: string) => objectExists(stack, stack.mediaBucket, key);

beforeAll(async () => {
  useStackEnvironment(stack);
  pro = await createConfirmedUser(stack, { fullName: 'Petra Pro' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
  ({ user: peer, id: peerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Pia Peer' }));
});

describe('uploading a new version', () => {
  it('stacks it on the track: one row, numbered versions, each with its own audio, peaks and report', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Night Drive', { seconds: 1 });
    const v2 = await newVersion(user, v1.id, 2);
    expect(v2).toMatchObject({ status: 'ready', version: 2, stackId: v1.id, title: 'Night Drive' });
    expect(v2.duration).toBeCloseTo(2, 1);
    expect(v2.audioUrl).not.toBe(v1.audioUrl);
    expect(v2.peaks).not.toBe(v1.peaks);
    expect(v2.report).toMatchObject({ integratedLufs: expect.any(Number) });

    const v3 = await newVersion(user, v1.id, 3);
    const list = await listed(user);
    expect(list.total).toBe(1);
    expect(list.tracks).toHaveLength(1);
    expect(list.tracks[0]).toMatchObject({ id: v1.id, version: 1, stackId: null });
    expect(list.tracks[0].versions.map((v) => [v.id, v.version])).toEqual([
      [v2.id, 2],
      [v3.id, 3],
    ]);
    // From any of its versions, the owner (and only the owner) reads the whole stack.
    const stackRead = await call(user, 'listTrackVersions', { trackId: v2.id });
    expect(stackRead.body.versions.map((v: { id: string }) => v.id)).toEqual([v1.id, v2.id, v3.id]);
    expect((await call(peer, 'listTrackVersions', { trackId: v1.id })).status).toBe(403);
    // Each version plays its own audio; its report is its own.
    for (const v of [v1, v2, v3]) {
      expect((await call(user, 'getSignedUrl', { trackId: v.id })).status).toBe(200);
      const report = await call(user, 'getTrackReport', { trackId: v.id });
      expect(report.body.shortTermLufs).toHaveLength(Math.ceil(v.duration));
    }
  });

  it('refuses a version of a track that is not theirs, of a version, or of an unknown track, before any byte is sent', async () => {
    const [user, other] = await Promise.all([musician(), musician('Otto Other')]);
    const v1 = await flows.uploadTrack(stack, user, 'Mine', { seconds: 1 });
    const ticket = (u: TestUser, versionOf: string) =>
      call(u, 'createUploadUrl', { filename: 'v.wav', contentType: 'audio/wav', size: 1000, versionOf });
    expect((await ticket(other, v1.id)).body.error).toMatchObject({ code: 'forbidden' });
    expect((await ticket(user, crypto.randomUUID())).status).toBe(404);
    const v2 = await newVersion(user, v1.id, 1);
    expect((await ticket(user, v2.id)).body.error).toMatchObject({ code: 'not_a_stack' });

    // Registration checks again: an upload of the caller's own cannot become a version of another's track.
    const { key } = await flows.uploadFile(stack, other, wavBytes({ seconds: 1 }), 'o.wav');
    const res = await call(other, 'createTrack', { key, title: 'Sneaky', versionOf: v1.id });
    expect(res.status).toBe(403);
    expect((await listed(user)).tracks[0].versions).toHaveLength(1);
  });

  it('keeps at most 10 versions (a version takes no room in the plan: billing.test.ts)', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Full', { seconds: 1 });
    const fake = Array.from({ length: 9 }, () => crypto.randomUUID());
    await setAttributes(stack, { PK: `TRACK#${v1.id}`, SK: 'META' }, { versionIds: new Set(fake), lastVersion: 10 });
    const res = await call(user, 'createUploadUrl', { filename: 'v.wav', contentType: 'audio/wav', size: 1000, versionOf: v1.id });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'too_many_versions' });
    expect(res.body.error.message).toBe('This track has 10 versions, the most it keeps. Delete one to upload another.');
  });

  it('numbers two versions registered at once 2 and 3, never the same', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Twice', { seconds: 1 });
    const both = await Promise.all([newVersion(user, v1.id, 1), newVersion(user, v1.id, 1)]);
    expect(both.map((v) => v.version).sort()).toEqual([2, 3]);
    expect((await listed(user)).tracks[0].versions.map((v) => v.version)).toEqual([2, 3]);
  });
});

describe('requests and listening per version', () => {
  it('names the version in a request, and lets its reviewer hear that version only', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Per version', { seconds: 1 });
    const v2 = await newVersion(user, v1.id, 1);
    const asked = await flows.requestFeedback(stack, user, peerId, v2.id, money.REQUEST_OPTIONS);
    expect(asked.status).toBe(200);
    expect(asked.body.trackTitle).toBe('Per version (v2)');
    expect((await call(peer, 'getSignedUrl', { trackId: v2.id })).status).toBe(200);
    expect((await call(peer, 'getSignedUrl', { trackId: v1.id })).status).toBe(403);
  });
});

describe('renaming a track with versions', () => {
  it('renames every version with it; a request already made keeps the title it was made with', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Working title', { seconds: 1 });
    const v2 = await newVersion(user, v1.id, 1);
    const asked = await flows.requestFeedback(stack, user, peerId, v2.id, money.REQUEST_OPTIONS);
    expect(asked.status).toBe(200);

    const res = await call(user, 'renameTrack', { id: v1.id, title: 'Final title' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: v1.id, title: 'Final title' });
    const [listedTrack] = (await listed(user)).tracks;
    expect([listedTrack.title, ...listedTrack.versions.map((v) => v.title)]).toEqual(['Final title', 'Final title']);
    expect((await call(user, 'getShare', { id: asked.body.id })).body.share.trackTitle).toBe('Working title (v2)');
    // A version is renamed through its track only.
    expect((await call(user, 'renameTrack', { id: v2.id, title: 'Other' })).status).toBe(400);
  });
});

describe('deleting versions', () => {
  it('deletes one version and its audio, leaving the track and its other versions', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Keep v1', { seconds: 1 });
    const [v2, v3] = [await newVersion(user, v1.id, 1), await newVersion(user, v1.id, 1)];
    const res = await call(user, 'deleteTracks', { ids: [v2.id] });
    expect(res.body).toEqual({ deleted: [v2.id], failed: [] });
    expect(await exists(v2.audioUrl)).toBe(false);
    const list = await listed(user);
    expect(list.tracks[0].versions.map((v) => v.id)).toEqual([v3.id]);
    // Numbers are not given again: the next is v4.
    expect((await newVersion(user, v1.id, 1)).version).toBe(4);
  });

  it('deletes the track with every version, their requests and their audio', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'All of it', { seconds: 1 });
    const v2 = await newVersion(user, v1.id, 1);
    expect((await flows.requestFeedback(stack, user, peerId, v2.id, money.REQUEST_OPTIONS)).status).toBe(200);
    const res = await call(user, 'deleteTracks', { ids: [v1.id, v2.id] });
    expect(res.body).toEqual({ deleted: [v1.id], failed: [] });
    expect(await Promise.all([exists(v1.audioUrl), exists(v2.audioUrl)])).toEqual([false, false]);
    expect((await listed(user)).total).toBe(0);
    expect((await call(user, 'getSignedUrl', { trackId: v2.id })).status).toBe(404);
    const left = await call(peer, 'listShares', { as: 'reviewer' });
    expect(left.body.shares.some((s: { trackId: string }) => s.trackId === v2.id)).toBe(false);
  });

  it('refuses to delete a track whose version a pro is reviewing, and deletes none of it', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Busy v2', { seconds: 1 });
    const v2 = await newVersion(user, v1.id, 1);
    const order = await money.createOrder(stack, user, { proUserId: proId, trackId: v2.id, feedbackPriceCents: PRICE });
    await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
    const captured = await money.captureOrder(stack, user, order.body.orderId);
    expect(captured.status).toBe(200);
    expect((await call(pro, 'respondToShare', { id: captured.body.shareId, status: 'accepted' })).status).toBe(200);

    const refused = await call(user, 'deleteTracks', { ids: [v1.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'review_in_progress', reviewer: 'Petra Pro' });
    expect(refused.body.error.message).toMatch(/^"Busy v2 \(v2\)" cannot be deleted while Petra Pro is reviewing it/);
    const list = await listed(user);
    expect(list.tracks[0].versions.map((v) => v.id)).toEqual([v2.id]);
    expect(await exists(v1.audioUrl)).toBe(true);
  });
});
