/**
 * Writes that race, through the real local gateway: each race is run about 20 times at once, and the
 * table is then read directly to check that nothing is left that should not be. Also double clicks: the
 * same idempotency key sent 10 times at once makes one item and one e-mail.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  callRoute,
  createConfirmedUser,
  flows,
  listEmails,
  type TestUser,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import * as table from '../support/table.js';

const stack = inject('stack');
const TRIALS = 20;
const options = { feedbackNotes: 'Is the drop big enough?', context: 'work_in_progress', categories: [] };

let musician: TestUser;
let reviewer: TestUser;
let reviewerId: string;

beforeAll(async () => {
  useStackEnvironment(stack);
  ({ user: reviewer, id: reviewerId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Ray Reviewer' }));
});

// A musician per test: each race uploads up to 20 tracks, and one user may start 30 uploads a minute.
beforeEach(async () => {
  musician = (await flows.onboardedUser(stack, 'musician', { fullName: 'Rae Racer' })).user;
});

/** A short track, uploaded and processed. */
const uploadTrack = (title: string) => flows.uploadTrack(stack, musician, title, { seconds: 1 });

async function acceptedShare(title: string) {
  const track = await uploadTrack(title);
  const share = await flows.requestFeedback(stack, musician, reviewerId, track.id, options);
  expect(share.status).toBe(200);
  expect((await flows.respondToShare(stack, reviewer, share.body.id, 'accepted')).status).toBe(200);
  return { track, share: share.body };
}

const itemsUnder = (pk: string) => table.itemsUnder(stack, pk);

/** Entries of the due-digest index (the share's shard) that name a share. */
async function digestEntriesOf(shareId: string) {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  const { DIGEST_SHARDS } = await import('../../functions/feedback/data/shares.js');
  const { shardKey } = await import('../../functions/platform/data/shards.js');
  const res = await dynamo().send(
    new QueryCommand({
      TableName: stack.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :p',
      FilterExpression: 'shareId = :s',
      ExpressionAttributeValues: { ':p': shardKey('DIGEST#DUE', shareId, DIGEST_SHARDS), ':s': shareId },
    }),
  );
  return res.Items ?? [];
}

/**
 * A deletion may stop part-way (a conflicting write in flight) and says so: deleting again must finish it.
 * Either way the outcome is the same, checked after.
 */
async function finishDeletion(trackId: string, body: { deleted: string[]; failed: { id: string }[] }) {
  if (body.deleted.includes(trackId)) return expect(body.failed).toEqual([]);
  expect(body.failed.map((f) => f.id)).toEqual([trackId]);
  const again = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [trackId] }, musician.idToken);
  expect(again.body).toEqual({ deleted: [trackId], failed: [] });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A few milliseconds either way, so that every interleaving gets its turn. */
const jitter = () => pause(Math.random() * 30);
const statusesOf = (results: { status: number }[]) => results.map((r) => r.status);

describe('races', () => {
  it('a share made while its track is deleted is refused or deleted with it: never an orphan, never a 5xx', async () => {
    const tracks = await Promise.all(Array.from({ length: TRIALS }, (_, i) => uploadTrack(`Race share ${i}`)));
    const outcomes = await Promise.all(
      tracks.map(async (track) => {
        const [share, deletion] = await Promise.all([
          (async () => (await jitter(), flows.requestFeedback(stack, musician, reviewerId, track.id, options)))(),
          (async () => (await jitter(), callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, musician.idToken)))(),
        ]);
        return { track, share, deletion };
      }),
    );
    for (const { track, share, deletion } of outcomes) {
      expect([200, 404, 409], JSON.stringify(share.body)).toContain(share.status);
      if (share.status !== 200) expect(share.body.error.message).toMatch(/track/i);
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      await finishDeletion(track.id, deletion.body);
      expect(await itemsUnder(`TRACK#${track.id}`)).toEqual([]);
      if (share.status === 200) expect(await itemsUnder(`SHARE#${share.body.id}`)).toEqual([]);
    }
    const mine = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, musician.idToken);
    const deletedIds = new Set(tracks.map((t) => t.id));
    expect(mine.body.shares.filter((s: { trackId: string }) => deletedIds.has(s.trackId))).toEqual([]);
    console.log(
      `share vs track deletion: ${outcomes.filter((o) => o.share.status === 200).length} of ${TRIALS} shares were made first (then deleted)`,
    );
  });

  it('a comment edited while it is deleted stays deleted; the edit is a 404 or lands before', async () => {
    const { share } = await acceptedShare('Race edit');
    const comments = await Promise.all(
      Array.from({ length: TRIALS }, async (_, i) => {
        const res = await callRoute(
          stack.apiUrl,
          'addComment',
          { id: share.id, timestamp: 0.5, text: `Take ${i}`, tags: [] },
          reviewer.idToken,
        );
        expect(res.status).toBe(200);
        return res.body.id as string;
      }),
    );
    const outcomes = await Promise.all(
      comments.map(async (commentId) => {
        const [edit, del] = await Promise.all([
          (async () => (
            await jitter(),
            callRoute(stack.apiUrl, 'updateComment', { id: share.id, commentId, text: 'Edited', tags: [] }, reviewer.idToken)
          ))(),
          (async () => (await jitter(), callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId }, reviewer.idToken)))(),
        ]);
        return { edit, del };
      }),
    );
    for (const { edit, del } of outcomes) {
      expect([200, 404], JSON.stringify(edit.body)).toContain(edit.status);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
    }
    const left = await itemsUnder(`SHARE#${share.id}`);
    expect(left.filter((i) => String(i.SK).startsWith('COMMENT#'))).toEqual([]);
    const view = await callRoute(stack.apiUrl, 'getShare', { id: share.id }, musician.idToken);
    expect(view.body.comments).toEqual([]);
    console.log(`edit vs delete: ${outcomes.filter((o) => o.edit.status === 200).length} of ${TRIALS} edits landed before the deletion`);
  });

  it('a track deleted while both sides comment leaves no comment, e-mail or digest of its share behind', async () => {
    const shared = await Promise.all(Array.from({ length: TRIALS }, (_, i) => acceptedShare(`Race comment ${i}`)));
    const outcomes = await Promise.all(
      shared.map(async ({ track, share }) => {
        // Later than the deletion's start, by up to a deletion's length: comments arrive while it runs.
        const comment = (user: TestUser, text: string) => async () => (
          await pause(Math.random() * 150),
          callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: null, text, tags: [] }, user.idToken)
        );
        const results = await Promise.all([
          comment(reviewer, 'One')(),
          comment(musician, 'Two')(),
          comment(reviewer, 'Three')(),
          (async () => (await jitter(), callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, musician.idToken)))(),
        ]);
        return { track, share, results };
      }),
    );
    for (const { track, share, results } of outcomes) {
      const deletion = results.at(-1)!;
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      await finishDeletion(track.id, deletion.body);
      for (const res of results.slice(0, -1)) expect([200, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      expect(await itemsUnder(`SHARE#${share.id}`)).toEqual([]);
      expect(await itemsUnder(`TRACK#${track.id}`)).toEqual([]);
      expect(await digestEntriesOf(share.id)).toEqual([]);
    }
    const landed = outcomes.flatMap((o) => statusesOf(o.results.slice(0, -1))).filter((s) => s === 200).length;
    console.log(`comment vs track deletion: ${landed} of ${TRIALS * 3} comments landed before the deletion (then deleted with it)`);
  });

  it("a profile saved from a record read before an admin's approval leaves the new pro listed as a pro", async () => {
    const { getUser } = await import('../../functions/people/data/users.js');
    const { pageEntriesOfType, usersOfPages } = await import('../../functions/people/data/user-lists.js');
    const { updateProfile } = await import('../../functions/people/profile.js');
    const { decide } = await import('../../functions/people/application-decisions.js');
    const admin = (await getUser((await callRoute(stack.apiUrl, 'getMe', {}, (await flows.testAdmin(stack)).idToken)).body.id))!;
    const name = `Stale Saver ${randomUUID().slice(0, 6)}`;
    const applicant = await createConfirmedUser(stack, { fullName: name });
    await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, applicant.idToken);
    const id = (
      await callRoute(stack.apiUrl, 'applyForPro', { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 3 }, applicant.idToken)
    ).body.userId;
    // The save's request read the record (a musician), then the approval landed, then the save writes.
    const stale = (await getUser(id))!;
    await decide(admin, { id, decision: 'approve' });
    const saved = await updateProfile(stale, { bio: 'Saved from the page opened before' });
    expect(saved).toMatchObject({ type: 'pro', bio: 'Saved from the page opened before' });
    expect(await getUser(id)).toMatchObject({ type: 'pro', bio: 'Saved from the page opened before' });
    const pros = await usersOfPages([await pageEntriesOfType('pro', { limit: 20, q: name.toLowerCase(), read: 1000 })]);
    expect(pros.map((u) => u.id)).toEqual([id]);
  });

  it('a profile save racing the approval of its author never takes the new pro off the lists', async () => {
    const adminToken = (await flows.testAdmin(stack)).idToken;
    const tag = randomUUID().slice(0, 6);
    const applicants = await Promise.all(
      Array.from({ length: TRIALS }, (_, i) => createConfirmedUser(stack, { fullName: `Racing Applicant ${tag} ${i}` })),
    );
    const ids = await Promise.all(
      applicants.map(async (user) => {
        await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken);
        const applied = await callRoute(
          stack.apiUrl,
          'applyForPro',
          { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 3 },
          user.idToken,
        );
        expect(applied.status).toBe(200);
        return applied.body.userId as string;
      }),
    );
    const outcomes = await Promise.all(
      applicants.map((user, i) =>
        Promise.all([
          jitter().then(() => callRoute(stack.apiUrl, 'updateProfile', { bio: `Mixing ${i}` }, user.idToken)),
          jitter().then(() => callRoute(stack.apiUrl, 'decideApplication', { id: ids[i], decision: 'approve' }, adminToken)),
        ]),
      ),
    );
    // Whichever lands second was refused for the version it read and made again on the record that won.
    for (const results of outcomes) expect(statusesOf(results)).toEqual([200, 200]);
    const listed = await flows.allPros(stack, reviewer.idToken);
    const found = listed
      .filter((u: { fullName: string }) => u.fullName.startsWith(`Racing Applicant ${tag}`))
      .map((u: { id: string }) => u.id);
    expect(found.sort()).toEqual([...ids].sort());
    for (const user of applicants) expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.type).toBe('pro');
  });
});

describe('double clicks', () => {
  it('ten shares sent with one idempotency key make one share and one e-mail; another request with that key is a 409', async () => {
    const since = Date.now();
    const title = `Double ${randomUUID().slice(0, 6)}`;
    const track = await uploadTrack(title);
    const input = { sharedWithId: reviewerId, trackId: track.id, shareOptions: options, idempotencyKey: randomUUID() };
    const results = await Promise.all(Array.from({ length: 10 }, () => callRoute(stack.apiUrl, 'createShare', input, musician.idToken)));
    expect(statusesOf(results)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.every((r) => JSON.stringify(r.body) === JSON.stringify(results[0].body))).toBe(true);

    const mine = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, musician.idToken);
    expect(mine.body.shares.filter((s: { trackId: string }) => s.trackId === track.id)).toHaveLength(1);
    expect((await itemsUnder(`TRACK#${track.id}`)).filter((i) => String(i.SK).startsWith('SHARE#'))).toHaveLength(1);

    // A retry later still answers the same share.
    const retry = await callRoute(stack.apiUrl, 'createShare', input, musician.idToken);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(results[0].body.id);

    const other = await callRoute(
      stack.apiUrl,
      'createShare',
      { ...input, shareOptions: { ...options, feedbackNotes: 'Something else' } },
      musician.idToken,
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    // The key is the user's own: someone else's key never names this share.
    const fresh = await callRoute(stack.apiUrl, 'createShare', { ...input, idempotencyKey: randomUUID() }, musician.idToken);
    expect(fresh.status).toBe(200);
    expect(fresh.body.id).not.toBe(results[0].body.id);

    await waitForEmail(stack.mailUrl, reviewer.email, new RegExp(`requested: ${title}`), { since });
    await pause(1500);
    const requested = (await listEmails(stack.mailUrl, reviewer.email)).filter((m) => m.subject.includes(title));
    // One for the ten clicks and the retry, one for the share made with a fresh key.
    expect(requested).toHaveLength(2);
  });

  it('ten comments sent with one idempotency key make one comment in one digest; another text with that key is a 409', async () => {
    const { share } = await acceptedShare('Double comment');
    const input = { id: share.id, timestamp: 1, text: 'Kick is buried', tags: ['#Mixing'], idempotencyKey: randomUUID() };
    const results = await Promise.all(Array.from({ length: 10 }, () => callRoute(stack.apiUrl, 'addComment', input, reviewer.idToken)));
    expect(statusesOf(results)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);

    const items = await itemsUnder(`SHARE#${share.id}`);
    expect(items.filter((i) => String(i.SK).startsWith('COMMENT#'))).toHaveLength(1);
    const digests = items.filter((i) => String(i.SK).startsWith('DIGEST#'));
    // It may have gone out already when the stack runs with a short digest delay.
    if (digests.length) expect([...digests[0].commentIds]).toEqual([results[0].body.id]);

    const other = await callRoute(stack.apiUrl, 'addComment', { ...input, text: 'Kick is fine' }, reviewer.idToken);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    // The same key from the other participant is theirs: a comment of its own.
    const theirs = await callRoute(stack.apiUrl, 'addComment', input, musician.idToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(results[0].body.id);
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, reviewer.idToken)).body.comments).toHaveLength(2);
    // The review's comment is the reviewer's alone until it is submitted.
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, musician.idToken)).body.comments).toHaveLength(1);
  });
});
