/**
 * A reviewer's reputation counts each review and rating once, whatever happens to the write that counts it:
 * the event is written with the review (or the rating) itself, and one whose application to the listing
 * failed (here: DynamoDB down for that write, through the fault harness) is applied by the scheduled job,
 * once, however often the job runs.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, flows, itemsUnder } from '../support/stack-kit.js';
import { startFaultStack, type FaultStack } from '../support/faults.js';

const stack = inject('stack');
let faults: FaultStack;

beforeAll(async () => {
  faults = await startFaultStack(stack);
}, 120_000);
afterAll(() => faults?.stop());

const listing = async (userId: string) => (await import('../../functions/people/data/pro-listing.js')).getListing(userId);
const waiting = async (userId: string) => (await itemsUnder(stack, `USER#${userId}`)).filter((i) => String(i.SK).startsWith('REPUTATION#'));

describe('reputation under a failed write', () => {
  it('a review and a rating whose listing writes failed are each counted once, by the job', async () => {
    const reviewer = await flows.onboardedUser(stack, 'musician', { fullName: 'Rita Repaired' });
    const { user: musician } = await flows.onboardedUser(stack, 'musician', { fullName: 'Milo Musician' });
    const track = await flows.uploadTrack(stack, musician, 'Counted once', { seconds: 1 });
    const shareId = (await flows.requestFeedback(stack, musician, reviewer.id, track.id, { feedbackNotes: 'Mix?', context: 'mix_check' }))
      .body.id;
    expect((await flows.respondToShare(stack, reviewer.user, shareId, 'accepted')).status).toBe(200);

    // The completion is the first transaction of Submit: DynamoDB is down for every one after it (the listing's, and the SDK's retries).
    faults.arm('dynamodb', { kind: 'unavailable', at: 1, times: 12, match: 'TransactWriteItems' });
    const criteria = { energyImpact: 4 };
    const done = await callRoute(
      faults.apiUrl,
      'submitFeedback',
      { id: shareId, criteria, comment: 'Warm low end, clear vocal.' },
      reviewer.user.idToken,
    );
    expect(faults.fired()).toBe(true);
    faults.arm(null);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await listing(reviewer.id))?.completed ?? 0).toBe(0);
    expect((await waiting(reviewer.id)).map((i) => i.event.kind)).toEqual(['review']);

    faults.arm('dynamodb', { kind: 'unavailable', at: 1, times: 12, match: 'TransactWriteItems' });
    const rated = await callRoute(faults.apiUrl, 'rateFeedback', { id: shareId, rating: 5 }, musician.idToken);
    faults.arm(null);
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    expect(await listing(reviewer.id)).toBeNull();

    // The job, a minute on, applies both; run again, it finds nothing left.
    const { applyDueReputation } = await import('../../functions/people/reputation.js');
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await applyDueReputation(later)).toBeGreaterThanOrEqual(2);
    await applyDueReputation(later);
    expect(await listing(reviewer.id)).toMatchObject({ completed: 1, ratingCount: 1, ratingSum: 5 });
    expect(await waiting(reviewer.id)).toEqual([]);
  });
});
