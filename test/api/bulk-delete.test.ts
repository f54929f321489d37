/**
 * Deleting many shared tracks costs the same few DynamoDB round trips as deleting one: the tracks are read
 * at once and each is deleted in one transaction. Everything on their shares goes with them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DYNAMO_CALLS_HEADER, DYNAMO_SEQUENTIAL_HEADER } from '../../scripts/dev/stack/gateway.js';
import { callRoute, createConfirmedUser, flows, useStackEnvironment } from '../support/stack-kit.js';
import * as table from '../support/table.js';

const stack = inject('stack');
const options = { feedbackNotes: 'Notes', context: 'mix_check', categories: [] };

beforeAll(() => useStackEnvironment(stack));

const itemsUnder = (pk: string) => table.itemsUnder(stack, pk);

describe('bulk deletion', () => {
  it('deletes five tracks with shares, comments, feedback and ratings in at most 3 sequential round trips', async () => {
    const [musician, reviewer] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    await flows.onboard(stack, musician, 'musician');
    const reviewerId = await flows.onboard(stack, reviewer, 'pro');
    const tracks = await Promise.all(Array.from({ length: 5 }, (_, i) => flows.uploadTrack(stack, musician, `Bulk ${i}`, { seconds: 1 })));
    const shares = await Promise.all(
      tracks.map(async (track, i) => {
        const share = (await flows.requestFeedback(stack, musician, reviewerId, track.id, options)).body;
        if (i % 2 === 0) {
          expect((await flows.respondToShare(stack, reviewer, share.id, 'accepted')).status).toBe(200);
          for (const text of ['Kick is buried', 'Nice build']) {
            expect(
              (await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: 0.5, text, tags: [] }, reviewer.idToken)).status,
            ).toBe(200);
          }
          expect(
            (await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: null, text: 'Thanks!', tags: [] }, musician.idToken))
              .status,
          ).toBe(200);
          expect(
            (
              await callRoute(
                stack.apiUrl,
                'submitFeedback',
                { id: share.id, criteria: { energyImpact: 4 }, comment: 'Good' },
                reviewer.idToken,
              )
            ).status,
          ).toBe(200);
          expect((await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating: 5 }, musician.idToken)).status).toBe(200);
        }
        return share;
      }),
    );

    const res = await callRoute(stack.apiUrl, 'deleteTracks', { ids: tracks.map((t) => t.id) }, musician.idToken);
    expect(res.body).toEqual({ deleted: tracks.map((t) => t.id), failed: [] });
    const sequential = Number(res.headers.get(DYNAMO_SEQUENTIAL_HEADER));
    console.log(`deleting 5 shared tracks: ${sequential} sequential round trips, ${res.headers.get(DYNAMO_CALLS_HEADER)} calls`);
    expect(sequential).toBeLessThanOrEqual(3);

    for (const t of tracks) expect(await itemsUnder(`TRACK#${t.id}`)).toEqual([]);
    for (const s of shares) expect(await itemsUnder(`SHARE#${s.id}`)).toEqual([]);
    expect((await callRoute(stack.apiUrl, 'listTracks', {}, musician.idToken)).body.tracks).toEqual([]);
    expect((await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer' }, reviewer.idToken)).body.shares).toEqual([]);
  });
});
