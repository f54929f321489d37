/**
 * A musician's payments and receipts through the API: every payment that took money, newest first, with
 * where it stands (paid, refunded and why); a receipt for the payer only; orders never paid have none.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callerOn, createConfirmedUser, flows, money, type TestUser, until, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
let pro: TestUser;
let proId: string;

const call = callerOn(stack);

beforeAll(async () => {
  useStackEnvironment(stack);
  pro = await createConfirmedUser(stack, { fullName: 'Rory Receipts' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
});

describe('receipts', () => {
  it('list what took money, newest first, with where it stands, and a receipt for the payer only', async () => {
    const { user: mia } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mia Receipts' });
    const kept = await money.paidRequest(stack, mia, { id: proId, priceCents: PRICE }, 'Receipt Kept');
    const declined = await money.paidRequest(stack, mia, { id: proId, priceCents: PRICE }, 'Receipt Declined');
    expect((await call(pro, 'respondToShare', { id: declined.view.shareId, status: 'declined', reason: 'not_my_genre' })).status).toBe(200);
    await until(
      'the refund',
      () => money.payment(declined.orderId),
      (p) => p.status === 'refunded',
    );
    // An order never approved charged nothing.
    const track = await flows.uploadTrack(stack, mia, 'Receipt Never Paid', { seconds: 1 });
    const open = await money.createOrder(stack, mia, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
    expect(open.status).toBe(200);

    const listed = await call(mia, 'listMyPayments');
    expect(listed.status).toBe(200);
    expect(
      listed.body.payments.map((r: { trackTitle: string; status: string; refundReason: string | null }) => [
        r.trackTitle,
        r.status,
        r.refundReason,
      ]),
    ).toEqual([
      ['Receipt Declined', 'refunded', 'declined'],
      ['Receipt Kept', 'paid', null],
    ]);
    const receipt = await call(mia, 'getReceipt', { orderId: kept.orderId });
    expect(receipt.body).toMatchObject({
      orderId: kept.orderId,
      payerName: 'Mia Receipts',
      proName: 'Rory Receipts',
      trackTitle: 'Receipt Kept',
      amountCents: PRICE,
      status: 'paid',
      transactionId: (await money.payment(kept.orderId)).captureId,
    });
    expect((await call(pro, 'getReceipt', { orderId: kept.orderId })).status).toBe(404);
    expect((await call(mia, 'getReceipt', { orderId: open.body.orderId })).status).toBe(404);
    expect((await call(mia, 'getReceipt', { orderId: 'NOTANORDER1' })).status).toBe(404);
    expect((await call(mia, 'listMyPayments', { cursor: 'nonsense' })).status).toBe(400);
  });
});
