/**
 * A track lists its requests' ids and a request's link its comments' ids (so a deletion needs no query):
 * each list stops at its most, with a 409 that says so, long before the item's 400 KB.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_COMMENTS_PER_SHARE, MAX_SHARES_PER_TRACK } from '../../shared/constants.js';
import { addToSet, callRoute, createConfirmedUser, flows, type TestUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const options = { feedbackNotes: 'Is the drop big enough?', context: 'work_in_progress' };
let musician: TestUser;
let reviewers: { user: TestUser; id: string }[];

/** Fills a list of ids on an item up to `count`, as that many earlier writes would have. */
async function fill(key: { PK: string; SK: string }, list: string, count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  await addToSet(stack, key, list, ids);
}

beforeAll(async () => {
  useStackEnvironment(stack);
  musician = await createConfirmedUser(stack, { prefix: 'limits' });
  await flows.onboard(stack, musician, 'musician');
  reviewers = await Promise.all(
    [0, 1].map(async (i) => {
      const user = await createConfirmedUser(stack, { prefix: `limits-reviewer-${i}` });
      return { user, id: await flows.onboard(stack, user, 'musician') };
    }),
  );
}, 60_000);

describe('listed ids', () => {
  it(`takes a track's ${MAX_SHARES_PER_TRACK}th request and refuses the next with 409`, async () => {
    const track = await flows.uploadTrack(stack, musician, 'Popular', { seconds: 1 });
    await fill({ PK: `TRACK#${track.id}`, SK: 'META' }, 'shareIds', MAX_SHARES_PER_TRACK - 1);
    const last = await flows.requestFeedback(stack, musician, reviewers[0].id, track.id, options);
    expect(last.status).toBe(200);
    const over = await flows.requestFeedback(stack, musician, reviewers[1].id, track.id, options);
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: 'track_share_limit',
      message: expect.stringContaining(`${MAX_SHARES_PER_TRACK} requests`),
    });
  });

  it(`takes a request's ${MAX_COMMENTS_PER_SHARE}th comment and refuses the next with 409`, async () => {
    const track = await flows.uploadTrack(stack, musician, 'Chatty', { seconds: 1 });
    const share = await flows.requestFeedback(stack, musician, reviewers[0].id, track.id, options);
    await flows.respondToShare(stack, reviewers[0].user, share.body.id, 'accepted');
    await fill({ PK: `TRACK#${track.id}`, SK: `SHARE#${share.body.id}` }, 'commentIds', MAX_COMMENTS_PER_SHARE - 1);
    const comment = (text: string) =>
      callRoute(stack.apiUrl, 'addComment', { id: share.body.id, timestamp: 0.5, text, tags: [] }, reviewers[0].user.idToken);
    expect((await comment('The last one')).status).toBe(200);
    const over = await comment('One too many');
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: 'comment_limit',
      message: expect.stringContaining(`${MAX_COMMENTS_PER_SHARE} comments`),
    });
  });
});
