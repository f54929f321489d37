/**
 * Disputes through the API on the local stack: a musician reports a paid review within 7 days of its
 * delivery; admins see it in their queue with the review and what was heard, and refund it in full (the
 * payment's `dispute_upheld` move, the ledger still summing to the balances) or reject it with a reason.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callerOn,
  createConfirmedUser,
  flows,
  money,
  setAttributes,
  type TestUser,
  until,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
let pro: TestUser;
let proId: string;
let admin: TestUser;

const call = callerOn(stack);

/** A paid request of a new musician's, answered by the pro with a review that meets the floor. */
async function deliveredReview(title: string) {
  const { user } = await flows.onboardedUser(stack, 'musician', { fullName: 'Dana Disputer' });
  const { view, orderId, track } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, title);
  expect((await call(pro, 'respondToShare', { id: view.shareId, status: 'accepted' })).status).toBe(200);
  expect((await flows.fullReview(stack, pro, view.shareId, 1)).status).toBe(200);
  return { musician: user, shareId: view.shareId as string, orderId, track };
}

type Decided = { dispute: { shareId: string; status: string; resolvedAt: string } };

/**
 * A decided report as the admins' list of decided ones gives it, read page by page (other files decide
 * reports meanwhile); each page last decided first.
 */
async function decidedCase(shareId: string) {
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const res = await call(admin, 'listDecidedDisputes', cursor ? { cursor } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cases = res.body.disputes as Decided[];
    const times = cases.map((c) => c.dispute.resolvedAt);
    expect(times).toEqual([...times].sort().reverse());
    const found = cases.find((c) => c.dispute.shareId === shareId);
    if (found || !res.body.next) return found;
    cursor = res.body.next;
  }
}

async function expectBalanced(userId: string) {
  const entries = await money.ledger(userId);
  expect(await money.balanceOf(userId)).toBe(entries.reduce((sum, e) => sum + e.amountCents, 0));
}

beforeAll(async () => {
  useStackEnvironment(stack);
  pro = await createConfirmedUser(stack, { fullName: 'Dirk Disputed' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
  admin = await flows.testAdmin(stack);
});

describe('reporting a paid review', () => {
  it('only its musician, once, within 7 days of delivery, and only a paid one', async () => {
    const { musician, shareId } = await deliveredReview('Reported once');
    expect((await call(pro, 'reportReview', { id: shareId, reason: 'generic' })).status).toBe(403);
    const made = await call(musician, 'reportReview', { id: shareId, reason: 'generic', text: 'The same words as my friend got.' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ status: 'open', reason: 'generic', text: 'The same words as my friend got.' });
    expect((await call(musician, 'reportReview', { id: shareId, reason: 'abusive' })).body.error.code).toBe('already_reported');
    // Both see it on the request.
    for (const who of [musician, pro])
      expect((await call(who, 'getShare', { id: shareId })).body.dispute).toMatchObject({ status: 'open' });
    expect((await call(musician, 'reportReview', { id: shareId, reason: 'bored' })).status).toBe(400);

    const late = await deliveredReview('Reported late');
    await setAttributes(
      stack,
      { PK: `SHARE#${late.shareId}`, SK: 'FEEDBACK' },
      { createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() },
    );
    expect((await call(late.musician, 'reportReview', { id: late.shareId, reason: 'did_not_listen' })).body.error.code).toBe(
      'dispute_window_closed',
    );

    const { user: asker } = await flows.onboardedUser(stack, 'musician', { fullName: 'Fay Free' });
    const { user: peer, id: peerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Pia Peer' });
    const track = await flows.uploadTrack(stack, asker, 'Free one', { seconds: 1 });
    const free = (await flows.requestFeedback(stack, asker, peerId, track.id, money.REQUEST_OPTIONS)).body;
    await flows.respondToShare(stack, peer, free.id, 'accepted');
    await call(peer, 'submitFeedback', { id: free.id, criteria: { energyImpact: 3 } });
    expect((await call(asker, 'reportReview', { id: free.id, reason: 'generic' })).body.error.code).toBe('not_paid');
  });

  it('keeps the track while the report is open', async () => {
    const { musician, shareId, track } = await deliveredReview('Kept while reported');
    await call(musician, 'reportReview', { id: shareId, reason: 'did_not_listen' });
    const refused = await call(musician, 'deleteTracks', { ids: [track.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('review_in_progress');
  });
});

describe("the admins' queue", () => {
  it('shows each open report with the review, its comments and what was heard; refunding reverses the earning and the fee', async () => {
    const since = Date.now();
    const { musician, shareId, orderId } = await deliveredReview('Refunded on report');
    const before = await money.balanceOf(proId);
    await call(musician, 'reportReview', { id: shareId, reason: 'did_not_listen', text: 'He skipped the second half.' });
    expect((await call(musician, 'listDisputes', {})).status).toBe(403);
    const queue = await call(admin, 'listDisputes', {});
    expect(queue.status).toBe(200);
    const found = (queue.body.disputes as { dispute: { shareId: string } }[]).find((d) => d.dispute.shareId === shareId);
    expect(found).toMatchObject({
      dispute: { reason: 'did_not_listen', status: 'open' },
      share: { id: shareId, sharedWithName: 'Dirk Disputed', paid: { amountCents: PRICE } },
      feedback: { criteria: { mixingMastering: 4 } },
      listening: { heardSeconds: 1 },
    });
    expect((found as unknown as { comments: unknown[] }).comments.length).toBeGreaterThanOrEqual(1);

    const done = await call(admin, 'resolveDispute', { id: shareId, decision: 'refund' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'refunded' });
    // The same decision again (its answer lost, a double click) is answered as it was decided; another is refused.
    expect(await call(admin, 'resolveDispute', { id: shareId, decision: 'refund' })).toMatchObject({
      status: 200,
      body: { status: 'refunded' },
    });
    const other = await call(admin, 'resolveDispute', { id: shareId, decision: 'reject', reason: 'Changed my mind' });
    expect(other.body.error.code).toBe('already_resolved');
    const refunded = await until(
      'the refund recorded',
      () => money.payment(orderId),
      (p) => p.status === 'refunded',
    );
    expect(refunded.refundReason).toBe('dispute');
    expect(await money.balanceOf(proId)).toBe(
      before - (await money.entriesOf(proId, orderId)).find((e) => e.kind === 'earning')!.amountCents,
    );
    expect((await money.entriesOf(proId, orderId)).map((e) => e.kind).sort()).toEqual(['earning', 'reversal']);
    await expectBalanced(proId);
    // The request stays completed (the review was delivered) and says it was refunded, in the list as on its page.
    const listed = (await call(musician, 'listShares', { as: 'author' })).body.shares as { id: string; status: string; paid: unknown }[];
    const page = (await call(musician, 'getShare', { id: shareId })).body.share;
    for (const view of [listed.find((s) => s.id === shareId), page]) {
      expect(view).toMatchObject({ status: 'completed', paid: { amountCents: PRICE, refundedAt: done.body.resolvedAt } });
    }
    const toMusician = await waitForEmail(stack.mailUrl, musician.email, /Refunded: feedback on Refunded on report/, { since });
    expect(toMusician.body.text).toContain('agree it was not the review you paid for');
    await waitForEmail(stack.mailUrl, pro.email, /Refunded after a report: Refunded on report/, { since });
    // Out of the queue, first among the decided (with the review as judged), and in the audit.
    const after = await call(admin, 'listDisputes', {});
    expect((after.body.disputes as { dispute: { shareId: string } }[]).some((d) => d.dispute.shareId === shareId)).toBe(false);
    expect(await decidedCase(shareId)).toMatchObject({
      dispute: { shareId, status: 'refunded', resolvedAt: done.body.resolvedAt },
      share: { id: shareId, paid: { refundedAt: done.body.resolvedAt } },
      feedback: { criteria: { mixingMastering: 4 } },
    });
    expect((await call(musician, 'listDecidedDisputes', {})).status).toBe(403);
    const audit = (await call(admin, 'listAudit', {})).body.entries as { action: string; path: string }[];
    expect(audit.some((e) => e.action === 'resolveDispute' && e.path === `/disputes/${shareId}`)).toBe(true);
  });

  it('rejecting needs a reason, keeps the payment and tells both', async () => {
    const since = Date.now();
    const { musician, shareId, orderId } = await deliveredReview('Rejected report');
    await call(musician, 'reportReview', { id: shareId, reason: 'abusive' });
    expect((await call(admin, 'resolveDispute', { id: shareId, decision: 'reject' })).status).toBe(400);
    const done = await call(admin, 'resolveDispute', { id: shareId, decision: 'reject', reason: 'The review is blunt, not abusive.' });
    expect(done.body).toMatchObject({ status: 'rejected', resolution: 'The review is blunt, not abusive.' });
    expect(await money.payment(orderId)).toMatchObject({ status: 'captured', fulfilledAt: expect.any(String) });
    expect((await waitForEmail(stack.mailUrl, musician.email, /Your report: Rejected report/, { since })).body.text).toContain(
      'The review is blunt, not abusive.',
    );
    await waitForEmail(stack.mailUrl, pro.email, /Report rejected: Rejected report/, { since });
    expect((await decidedCase(shareId))?.dispute).toMatchObject({ status: 'rejected', resolution: 'The review is blunt, not abusive.' });
    const page = (await call(musician, 'getShare', { id: shareId })).body;
    expect(page.dispute).toMatchObject({ status: 'rejected' });
    expect(page.share.paid).toEqual({ amountCents: PRICE, respondBy: null, completeDays: expect.any(Number) });
  });
});
