/**
 * Re-checks through the API on the local stack: after a completed review, the musician asks the same
 * reviewer to check a later version; the previous review's comments become a checklist the reviewer must
 * mark, and the outcome stays on the request. Free for peers; a pro's at half their price (paid through
 * PayPal as any request) unless they re-check for free.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callerOn, createConfirmedUser, flows, itemsUnder, money, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';

const stack = inject('stack');
const PRICE = 3000;
const CRITERIA = { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 5 };

let peer: TestUser;
let peerId: string;
let pro: TestUser;
let proId: string;

const call = callerOn(stack);
const musician = async () => (await flows.onboardedUser(stack, 'musician', { fullName: 'Mia Mixer' })).user;
const newVersion = (user: TestUser, trackId: string, seconds = 4) =>
  flows.registerUpload(stack, user, wavBytes({ seconds, envelope: 'ramp' }), 'v2.wav', 'v2', 'audio/wav', trackId);
const recheck = (user: TestUser, to: string, trackId: string, recheckOf: string) =>
  call(user, 'createShare', { sharedWithId: to, trackId, shareOptions: money.REQUEST_OPTIONS, recheckOf });
const mark = (user: TestUser, id: string, commentId: string, m: string, note = '') =>
  call(user, 'markCheck', { id, commentId, mark: m, note });

/** A peer's completed review of v1 of a new musician's track, with three timed points and a general one. */
async function reviewedByPeer() {
  const user = await musician();
  const v1 = await flows.uploadTrack(stack, user, 'Late Mix', { seconds: 4 });
  const asked = await flows.requestFeedback(stack, user, peerId, v1.id, money.REQUEST_OPTIONS);
  expect(asked.status).toBe(200);
  const first = asked.body.id as string;
  await flows.respondToShare(stack, peer, first, 'accepted');
  const points: string[] = [];
  for (const [timestamp, text] of [
    [1, 'Kick is buried'],
    [3, 'Vocal too loud in the chorus'],
    [null, 'Overall a bit dark'],
    [2, 'Hi-hat harsh'],
  ] as const) {
    const c = await call(peer, 'addComment', { id: first, timestamp, text, tags: ['#Mixing'] });
    expect(c.status).toBe(200);
    points.push(c.body.id);
  }
  // The musician's own question is no point of the checklist.
  expect((await call(user, 'addComment', { id: first, timestamp: 1, text: 'Which kick?', tags: [] })).status).toBe(200);
  expect((await call(peer, 'submitFeedback', { id: first, criteria: CRITERIA })).status).toBe(200);
  // An answer after the review is no point of it either.
  expect((await call(peer, 'addComment', { id: first, timestamp: 1, text: 'The one at 0:01', tags: [] })).status).toBe(200);
  return { user, v1, first, points };
}

beforeAll(async () => {
  useStackEnvironment(stack);
  ({ user: peer, id: peerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Quinn Peer' }));
  pro = await createConfirmedUser(stack, { fullName: 'Pat Pro' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
});

describe('asking for a re-check', () => {
  it('takes a later version of the reviewed track, to the same reviewer, after the review is complete', async () => {
    const { user, v1, first } = await reviewedByPeer();
    // Not on the version reviewed: there is nothing new to check.
    expect((await recheck(user, peerId, v1.id, first)).body.error).toMatchObject({ code: 'recheck_version' });
    const v2 = await newVersion(user, v1.id);
    // Not another reviewer, not someone else's review, not another track.
    const { id: otherId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Other Peer' });
    expect((await recheck(user, otherId, v2.id, first)).body.error).toMatchObject({ code: 'recheck_reviewer' });
    const stranger = await musician();
    const theirs = await flows.uploadTrack(stack, stranger, 'Theirs', { seconds: 1 });
    expect((await recheck(stranger, peerId, theirs.id, first)).status).toBe(403);
    const unrelated = await flows.uploadTrack(stack, user, 'Unrelated', { seconds: 1 });
    expect((await recheck(user, peerId, unrelated.id, first)).body.error).toMatchObject({ code: 'recheck_version' });

    const res = await recheck(user, peerId, v2.id, first);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recheckOf: first, trackId: v2.id, trackTitle: 'Late Mix (v2)', status: 'pending' });
  });

  it("quotes a re-check's price only to the musician who asked, of a completed review", async () => {
    const { user, first } = await reviewedByPeer();
    expect((await call(user, 'getRecheckQuote', { id: first })).body).toEqual({ feedbackPriceCents: 0 });
    const stranger = await musician();
    expect((await call(stranger, 'getRecheckQuote', { id: first })).status).toBe(403);
    expect((await call(peer, 'getRecheckQuote', { id: first })).status).toBe(403);
    expect((await call(user, 'getRecheckQuote', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const v1 = await flows.uploadTrack(stack, user, 'Open Mix', { seconds: 2 });
    const open = await flows.requestFeedback(stack, user, peerId, v1.id, money.REQUEST_OPTIONS);
    const pending = await call(user, 'getRecheckQuote', { id: open.body.id });
    expect(pending.status).toBe(409);
    expect(pending.body.error.code).toBe('recheck_not_completed');
  });

  it('refuses a re-check of a review not yet complete', async () => {
    const user = await musician();
    const v1 = await flows.uploadTrack(stack, user, 'Open', { seconds: 1 });
    const open = (await flows.requestFeedback(stack, user, peerId, v1.id, money.REQUEST_OPTIONS)).body.id;
    const v2 = await newVersion(user, v1.id, 1);
    expect((await recheck(user, peerId, v2.id, open)).body.error).toMatchObject({ code: 'recheck_not_completed' });
  });
});

describe('the checklist', () => {
  it("is the reviewer's points on the new version, moved by the musician, marked by the reviewer, all before Submit", async () => {
    const { user, v1, first, points } = await reviewedByPeer();
    const v2 = await newVersion(user, v1.id);
    const id = (await recheck(user, peerId, v2.id, first)).body.id as string;

    const seen = await call(peer, 'getShare', { id });
    expect(seen.body.checklist.map((i: { text: string; timestamp: number | null }) => [i.timestamp, i.text])).toEqual([
      [1, 'Kick is buried'],
      [2, 'Hi-hat harsh'],
      [3, 'Vocal too loud in the chorus'],
      [null, 'Overall a bit dark'],
    ]);
    // The arrangement moved: the musician puts the vocal point where the chorus now is.
    const moved = await call(user, 'markCheck', { id, commentId: points[1], timestamp: 3.5 });
    expect(moved.body).toEqual({ commentId: points[1], timestamp: 3.5 });
    const placed = (await call(peer, 'getShare', { id })).body.checklist[2];
    expect(placed).toMatchObject({ text: 'Vocal too loud in the chorus', originalTimestamp: 3, timestamp: 3.5 });
    expect((await call(user, 'markCheck', { id, commentId: points[1], timestamp: 99 })).status).toBe(400);
    // Someone else neither reads nor marks it.
    const stranger = await musician();
    expect((await call(stranger, 'getShare', { id })).status).toBe(403);
    expect((await mark(stranger, id, points[0], 'fixed')).status).toBe(403);
    // Each side does only its own; nothing is marked before the request is accepted.
    expect((await mark(user, id, points[0], 'fixed')).status).toBe(403);
    expect((await call(peer, 'markCheck', { id, commentId: points[0], timestamp: 2 })).status).toBe(403);
    expect((await mark(peer, id, points[0], 'fixed')).body.error).toMatchObject({ code: 'not_open' });
    expect((await mark(peer, id, crypto.randomUUID(), 'fixed')).status).toBe(409);

    await flows.respondToShare(stack, peer, id, 'accepted');
    expect((await mark(peer, id, crypto.randomUUID(), 'fixed')).status).toBe(404);
    expect((await mark(peer, id, points[0], 'fixed', 'Punchy now')).body).toEqual({
      commentId: points[0],
      mark: 'fixed',
      note: 'Punchy now',
    });
    expect((await mark(peer, id, points[1], 'not_fixed', 'Still loud at 0:03')).status).toBe(200);
    // Marks are the reviewer's until Submit, as the rest of the review is.
    const musicianSees = await call(user, 'getShare', { id });
    expect(musicianSees.body.checklist.every((i: { mark: string | null }) => i.mark === null)).toBe(true);

    const early = await call(peer, 'submitFeedback', { id, criteria: CRITERIA });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'checklist_incomplete', left: 2 });
    expect(early.body.error.message).toBe(
      'Mark every point of the previous review as fixed, not fixed or not applicable: 2 points are left.',
    );
    expect((await mark(peer, id, points[2], 'not_applicable')).status).toBe(200);
    expect((await mark(peer, id, points[3], 'fixed')).status).toBe(200);
    // Changed minds count: the last mark stands.
    expect((await mark(peer, id, points[0], 'fixed', 'Punchy now, well done')).status).toBe(200);
    const done = await call(peer, 'submitFeedback', { id, criteria: CRITERIA });
    expect(done.status).toBe(200);
    expect(done.body.share.recheckOutcome).toEqual({ fixed: 2, notFixed: 1, notApplicable: 1, total: 3 });

    const after = await call(user, 'getShare', { id });
    expect(after.body.checklist.map((i: { mark: string; note: string | null }) => [i.mark, i.note])).toEqual([
      ['fixed', 'Punchy now, well done'],
      ['fixed', null],
      ['not_fixed', 'Still loud at 0:03'],
      ['not_applicable', null],
    ]);
    const listed = await call(user, 'listShares', { as: 'author' });
    expect(listed.body.shares.find((s: { id: string }) => s.id === id).recheckOutcome).toEqual({
      fixed: 2,
      notFixed: 1,
      notApplicable: 1,
      total: 3,
    });
    // Closed once submitted.
    expect((await mark(peer, id, points[1], 'fixed')).body.error).toMatchObject({ code: 'not_open' });
    expect((await call(user, 'markCheck', { id, commentId: points[1], timestamp: 1 })).body.error).toMatchObject({ code: 'not_open' });
  });

  it('is said to be no checklist on a first request, and goes with the re-check when its version is deleted', async () => {
    const { user, v1, first, points } = await reviewedByPeer();
    expect((await call(peer, 'getShare', { id: first })).body.checklist).toBeNull();
    expect((await mark(peer, first, points[0], 'fixed')).body.error).toMatchObject({ code: 'not_a_recheck' });
    const v2 = await newVersion(user, v1.id, 1);
    const id = (await recheck(user, peerId, v2.id, first)).body.id as string;
    expect(await itemsUnder(stack, `SHARE#${id}`)).toEqual(expect.arrayContaining([expect.objectContaining({ SK: 'CHECKLIST' })]));
    expect((await call(user, 'deleteTracks', { ids: [v2.id] })).body.deleted).toEqual([v2.id]);
    expect(await itemsUnder(stack, `SHARE#${id}`)).toEqual([]);
  });
});

describe("a pro's re-check", () => {
  it('costs half their price, paid through PayPal as any request; free when they say so', async () => {
    const user = await musician();
    const { view, track: v1, orderId } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Paid Mix', 3);
    const first = view.shareId as string;
    await flows.respondToShare(stack, pro, first, 'accepted');
    expect((await flows.fullReview(stack, pro, first, 3)).status).toBe(200);
    expect(await money.payment(orderId)).toMatchObject({ status: 'captured' });
    const v2 = await newVersion(user, v1.id, 3);
    // The dialog learns the price before the button: the same rule the request is held to.
    expect((await call(user, 'getRecheckQuote', { id: first })).body).toEqual({ feedbackPriceCents: 1500 });

    const unpaid = await recheck(user, proId, v2.id, first);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error).toMatchObject({ code: 'payment_required', feedbackPriceCents: 1500 });
    expect(unpaid.body.error.message).toBe('Pat Pro charges $15 for a re-check: pay for the request to send it.');
    // The order is for the re-check price: the full price is refused as a changed price.
    const order = (cents: number) =>
      money.createOrder(stack, user, { proUserId: proId, trackId: v2.id, feedbackPriceCents: cents, recheckOf: first });
    expect((await order(PRICE)).body.error).toMatchObject({ code: 'price_changed', feedbackPriceCents: 1500 });
    const ordered = await order(1500);
    expect(ordered.status).toBe(200);
    await money.onApprovalPage(stack, ordered.body.approveUrl, 'approve');
    const captured = await money.captureOrder(stack, user, ordered.body.orderId);
    expect(captured.status).toBe(200);
    const share = await call(pro, 'getShare', { id: captured.body.shareId });
    expect(share.body.share).toMatchObject({ recheckOf: first, paid: { amountCents: 1500 }, trackTitle: 'Paid Mix (v2)' });
    expect(share.body.checklist).toHaveLength(3);
    // Marked as on any re-check: the paid path writes the checklist too.
    await flows.respondToShare(stack, pro, captured.body.shareId, 'accepted');
    const point = share.body.checklist[0].commentId;
    expect((await mark(pro, captured.body.shareId, point, 'fixed')).status).toBe(200);

    // Its floor is its own: heard, scored, every point marked (a word of why where not fixed) and a short
    // summary; no new comments and no 40 words.
    const paidId = captured.body.shareId as string;
    expect((await flows.listen(stack, pro, paidId, [[0, 3]])).status).toBe(200);
    const [, second, third] = share.body.checklist.map((i: { commentId: string }) => i.commentId);
    expect((await mark(pro, paidId, second, 'fixed')).status).toBe(200);
    expect((await mark(pro, paidId, third, 'not_fixed')).status).toBe(200);
    const summary = 'The low end is cleaner now and the vocal sits forward; the hats are still harsh.';
    const full = { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 4 };
    const silent = await call(pro, 'submitFeedback', { id: paidId, criteria: full, comment: summary });
    expect(silent.body.error).toMatchObject({ code: 'review_incomplete', missing: ['recheck-notes'] });
    // A mark is a change to the review: a completion checked against the marks before it is refused.
    const shares = await import('../../functions/feedback/data/shares.js');
    const read = (await shares.getShareBundle(paidId))!;
    expect((await mark(pro, paidId, third, 'not_fixed', 'Hats still harsh at 8 kHz')).status).toBe(200);
    const stale = { criteria: full, comment: summary, userId: proId, createdAt: new Date().toISOString() };
    expect(await shares.completeWithFeedback(read.share, stale, [], { reviewEdits: read.reviewEdits })).toBe(false);
    const done = await call(pro, 'submitFeedback', { id: paidId, criteria: full, comment: summary });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    // A pro who re-checks for free: the request goes without paying, and an order is refused.
    const free = await call(pro, 'setOwnPrice', { price: 30, freeRechecks: true });
    expect(free.body).toMatchObject({ feedbackPriceCents: PRICE, freeRechecks: true });
    expect((await call(user, 'getRecheckQuote', { id: first })).body).toEqual({ feedbackPriceCents: 0 });
    expect((await order(1500)).body.error).toMatchObject({ code: 'no_price' });
    const v3 = await newVersion(user, v1.id, 3);
    const sent = await recheck(user, proId, v3.id, first);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ recheckOf: first, paid: null });
    await call(pro, 'setOwnPrice', { price: 30, freeRechecks: false });
  });
});
