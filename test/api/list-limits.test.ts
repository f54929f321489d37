/**
 * A track lists its requests' ids and a request's link its comments' ids (so a deletion needs no query):
 * each list stops at its most, with a 409 that says so, long before the item's 400 KB.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_COMMENTS_PER_SHARE, MAX_SHARES_PER_TRACK } from '../../shared/constants.js';
import { callRoute } from '../support/api.js';
import * as flows from '../support/flows.js';
import { useStackEnvironment } from '../support/in-process.js';
import { createConfirmedUser, type TestUser } from '../support/users.js';

const stack = inject('stack');
const options = { feedbackNotes: 'Is the drop big enough?', context: 'work_in_progress' };
let musician: TestUser;
let reviewers: { user: TestUser; id: string }[];

/** Fills a list of ids on an item up to `count`, as that many earlier writes would have. */
async function fill(key: { PK: string; SK: string }, list: string, count: number) {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  const ids = new Set(Array.from({ length: count }, () => randomUUID()));
  await dynamo().send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: key,
      UpdateExpression: 'ADD #l :ids',
      ExpressionAttributeNames: { '#l': list },
      ExpressionAttributeValues: { ':ids': ids },
    }),
  );
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
    const last = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: reviewers[0].id, trackId: track.id, shareOptions: options },
      musician.idToken,
    );
    expect(last.status).toBe(200);
    const over = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: reviewers[1].id, trackId: track.id, shareOptions: options },
      musician.idToken,
    );
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: 'track_share_limit',
      message: expect.stringContaining(`${MAX_SHARES_PER_TRACK} requests`),
    });
  });

  it(`takes a request's ${MAX_COMMENTS_PER_SHARE}th comment and refuses the next with 409`, async () => {
    const track = await flows.uploadTrack(stack, musician, 'Chatty', { seconds: 1 });
    const share = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: reviewers[0].id, trackId: track.id, shareOptions: options },
      musician.idToken,
    );
    await callRoute(stack.apiUrl, 'respondToShare', { id: share.body.id, status: 'accepted' }, reviewers[0].user.idToken);
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
