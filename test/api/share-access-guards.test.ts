/**
 * What a request for feedback still allows once it has moved on, through the real local gateway and the
 * table: the reviewer's audio while the request is open and not after it is closed; deleting a comment under
 * the rule of an edit, checked by the write itself (a share closed between the read and the write keeps the
 * comment); and the cap on comments counting only comments that exist, a deletion giving its place back once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { MAX_COMMENTS_PER_SHARE } from '../../shared/constants.js';
import { callRoute, createConfirmedUser, flows, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import * as table from '../support/table.js';

/**
 * A write that lands between a use case's read of a share and its own write: the share module as it is,
 * but its bundle read runs the hook set for the next call once it has read.
 */
const between = vi.hoisted(() => ({ read: null as null | (() => Promise<void>) }));
vi.mock('../../functions/feedback/data/shares.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/feedback/data/shares.js')>();
  return {
    ...real,
    getShareBundle: async (id: string) => {
      const bundle = await real.getShareBundle(id);
      const hook = between.read;
      between.read = null;
      if (hook) await hook();
      return bundle;
    },
  };
});

const stack = inject('stack');
const options = { feedbackNotes: 'Does the chorus lift?', context: 'work_in_progress', categories: [] };

let reviewer: TestUser;
let reviewerId: string;
let musician: TestUser;
let musicianId: string;

beforeAll(async () => {
  // This file's modules are loaded afresh, so that the use cases it imports see the mocked share module: a file
  // before it in the same worker may have loaded them with the real one (the stack's files share their modules).
  vi.resetModules();
  useStackEnvironment(stack);
  ({ user: reviewer, id: reviewerId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Gail Guard' }));
});

// A musician per test: one user may start 30 uploads a minute.
beforeEach(async () => {
  ({ user: musician, id: musicianId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Milo Guard' }));
});

const itemsUnder = (pk: string) => table.itemsUnder(stack, pk);

/** The track's link to the share: its `commentIds` is what the cap counts. */
async function linkOf(trackId: string, shareId: string) {
  return (await itemsUnder(`TRACK#${trackId}`)).find((i) => i.SK === `SHARE#${shareId}`)!;
}
const listedIds = async (trackId: string, shareId: string) => [...((await linkOf(trackId, shareId)).commentIds ?? [])].sort();

/** Ids written on the link directly, as comments would have left them. */
const listOnLink = (trackId: string, shareId: string, ids: string[]) =>
  table.addToSet(stack, { PK: `TRACK#${trackId}`, SK: `SHARE#${shareId}` }, 'commentIds', ids);

/** A share's status set directly: expired and cancelled come from paid requests' checks and webhooks. */
const setStatus = (shareId: string, status: string) => table.setAttributes(stack, { PK: `SHARE#${shareId}`, SK: 'META' }, { status });

const uploadTrack = (title: string) => flows.uploadTrack(stack, musician, title, { seconds: 1 });

async function requestFeedback(trackId: string, to = reviewerId) {
  const res = await flows.requestFeedback(stack, musician, to, trackId, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; trackId: string };
}

async function respond(shareId: string, status: 'accepted' | 'declined', as = reviewer) {
  const res = await flows.respondToShare(stack, as, shareId, status);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A new track of the musician's, with a request for feedback on it the reviewer accepted. */
async function acceptedRequest(title: string) {
  const track = await uploadTrack(title);
  const share = await requestFeedback(track.id);
  await respond(share.id, 'accepted');
  return { track, share };
}

async function comment(shareId: string, user: TestUser, text: string) {
  return callRoute(stack.apiUrl, 'addComment', { id: shareId, timestamp: null, text, tags: [] }, user.idToken);
}

async function commentId(shareId: string, user: TestUser, text: string): Promise<string> {
  const res = await comment(shareId, user, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const audio = (trackId: string, user: TestUser) => callRoute(stack.apiUrl, 'getSignedUrl', { trackId }, user.idToken);
const commentsOf = async (shareId: string) =>
  (await callRoute(stack.apiUrl, 'getShare', { id: shareId }, musician.idToken)).body.comments.map((c: { id: string }) => c.id);

describe("a reviewer's audio", () => {
  it('is given while the request is pending, accepted or completed, and refused once it is declined, expired or cancelled', async () => {
    const other = await createConfirmedUser(stack, { fullName: 'Olga Guard' });
    const otherId = await flows.onboard(stack, other, 'pro');
    const track = await uploadTrack('Guarded audio');

    // Pending: listening is how a reviewer decides.
    const declined = await requestFeedback(track.id);
    expect((await audio(track.id, reviewer)).status).toBe(200);
    await respond(declined.id, 'declined');
    const refused = await audio(track.id, reviewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('request_closed');
    expect(refused.body.signedUrl).toBeUndefined();
    // The owner listens whatever happened to the requests.
    expect((await audio(track.id, musician)).status).toBe(200);

    // Asked again: the new request is open, so the declined one does not stand in its way.
    const again = await requestFeedback(track.id);
    expect((await audio(track.id, reviewer)).status).toBe(200);
    await respond(again.id, 'declined');
    expect((await audio(track.id, reviewer)).status).toBe(403);

    // Accepted, then completed: the feedback history still plays it (and the reviewer may answer questions).
    const accepted = await requestFeedback(track.id, otherId);
    await respond(accepted.id, 'accepted', other);
    const heard = await audio(track.id, other);
    expect(heard.status).toBe(200);
    expect((await fetch(heard.body.signedUrl, { headers: { range: 'bytes=0-11' } })).ok).toBe(true);
    await commentId(accepted.id, other, 'Chorus lifts');
    const submitted = await callRoute(
      stack.apiUrl,
      'submitFeedback',
      { id: accepted.id, criteria: { energyImpact: 4 }, comment: 'Good' },
      other.idToken,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await audio(track.id, other)).status).toBe(200);

    // The ends of a paid request that never got its feedback (both refunded).
    for (const status of ['expired', 'cancelled']) {
      await setStatus(accepted.id, status);
      expect((await audio(track.id, other)).status, status).toBe(403);
    }
  });
});

describe('deleting a comment', () => {
  it('is refused on a declined request, as adding and editing are', async () => {
    const track = await uploadTrack('Declined comments');
    const share = await requestFeedback(track.id);
    const id = await commentId(share.id, musician, 'Listen from 0:30');
    await respond(share.id, 'declined');
    const res = await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: id }, musician.idToken);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('declined');
    expect(await commentsOf(share.id)).toEqual([id]);
  });

  it('is refused when the request closes between its read and its write: the write checks the share', async () => {
    const { deleteComment } = await import('../../functions/feedback/shares.js');
    /** The deletion's outcome, once the hook is known to have run (so a failure says which went wrong). */
    const refusal = async (userId: string, shareId: string, id: string) => {
      const outcome = await deleteComment(userId, shareId, id).then(
        () => 'deleted',
        (err: unknown) => err,
      );
      expect(between.read, 'the write meant to land between the read and the write did not run').toBeNull();
      return outcome;
    };
    const track = await uploadTrack('Closing comments');

    // The reviewer's comment, read while the review is open; the feedback submitted before the deletion writes.
    const reviewed = await requestFeedback(track.id);
    await respond(reviewed.id, 'accepted');
    const mine = await commentId(reviewed.id, reviewer, 'Snare too loud');
    between.read = async () => {
      const res = await callRoute(stack.apiUrl, 'submitFeedback', { id: reviewed.id, criteria: { mixingMastering: 3 } }, reviewer.idToken);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await refusal(reviewerId, reviewed.id, mine)).toMatchObject({ status: 409, code: 'completed' });
    expect(await commentsOf(reviewed.id)).toEqual([mine]);

    // The musician's comment on a pending request, read before the reviewer declined it.
    const asked = await requestFeedback(track.id);
    const theirs = await commentId(asked.id, musician, 'The bridge is new');
    between.read = () => respond(asked.id, 'declined');
    expect(await refusal(musicianId, asked.id, theirs)).toMatchObject({ status: 409, code: 'declined' });
    expect(await commentsOf(asked.id)).toEqual([theirs]);
  });

  it('takes its id off the link, and a track deletion read before a comment came and another went is refused', async () => {
    const tracks = await import('../../functions/tracks/data/tracks.js');
    const { shareDeletes } = await import('../../functions/feedback/data/shares.js');
    const { track, share } = await acceptedRequest('Listed comments');
    const [a, b] = [await commentId(share.id, musician, 'A'), await commentId(share.id, musician, 'B')];
    expect((await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: a }, musician.idToken)).status).toBe(200);
    expect(await listedIds(track.id, share.id)).toEqual([b]);

    // Read for deletion; then one comment added and another deleted: the list's size is as read, its contents not.
    const read = await tracks.readTrackContents(track.id);
    const c = await commentId(share.id, reviewer, 'C');
    expect((await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: b }, musician.idToken)).status).toBe(200);
    expect(await listedIds(track.id, share.id)).toEqual([c]);
    const stale = [
      ...read.links.flatMap((l) => shareDeletes(track.id, l as typeof l & { commentIds: string[] })),
      ...tracks.trackDeletes(read as typeof read & { track: NonNullable<typeof read.track> }),
    ];
    expect(await tracks.deleteAtOnce(stale)).toBe(false);
    expect((await itemsUnder(`SHARE#${share.id}`)).filter((i) => String(i.SK).startsWith('COMMENT#')).map((i) => i.id)).toEqual([c]);

    const deleted = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, musician.idToken);
    expect(deleted.body).toEqual({ deleted: [track.id], failed: [] });
    expect(await itemsUnder(`SHARE#${share.id}`)).toEqual([]);
    expect(await itemsUnder(`TRACK#${track.id}`)).toEqual([]);
  });
});

describe('the cap on comments', () => {
  it('counts comments that exist: a deletion gives its place back, once however often it is sent', async () => {
    const { track, share } = await acceptedRequest('Capped comments');
    const first = await commentId(share.id, musician, 'Filler');
    // The rest of the cap as if written (the link is what the cap counts).
    await listOnLink(
      track.id,
      share.id,
      Array.from({ length: MAX_COMMENTS_PER_SHARE - 1 }, () => randomUUID()),
    );
    const full = await comment(share.id, reviewer, 'Blocked?');
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('comment_limit');

    // The musician's deletion frees a place for the review.
    expect((await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: first }, musician.idToken)).status).toBe(200);
    const review = await commentId(share.id, reviewer, 'Kick and bass clash at 0:40');
    expect((await comment(share.id, musician, 'One more?')).body.error?.code).toBe('comment_limit');

    // The same deletion sent twice at once: one deletes, the other finds it gone; one place is freed.
    const twice = await Promise.all(
      [0, 1].map(() => callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: review }, reviewer.idToken)),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId: review }, reviewer.idToken)).status).toBe(404);
    await commentId(share.id, musician, 'Thanks');
    expect((await comment(share.id, reviewer, 'And another')).body.error?.code).toBe('comment_limit');
    expect((await linkOf(track.id, share.id)).commentIds.size).toBe(MAX_COMMENTS_PER_SHARE);
  });
});
