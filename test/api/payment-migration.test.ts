/**
 * Payments of earlier versions, brought up to date by `npm run migrate` (scripts/migrate/payments.ts), so
 * that the state machine reads one shape: an order without the draft of its request gets it (and its
 * capture then buys that request), a capture without its request's `createdAt` gets it (and a refund at
 * the provider then cancels the open request). Running it again writes nothing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, flows, money, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 2500;
let proId: string;

beforeAll(async () => {
  useStackEnvironment(stack);
  const pro = await createConfirmedUser(stack, { fullName: 'Mira Migrated' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
});

/** Takes a field off a stored payment, as an earlier version wrote it. */
async function forget(orderId: string, field: 'shareDraft' | 'shareCreatedAt') {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  await dynamo().send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { PK: `PAYMENT#${orderId}`, SK: 'PAYMENT' },
      UpdateExpression: `REMOVE ${field}`,
    }),
  );
}

describe('payments of an earlier version', () => {
  it('get the draft of their request and its creation time, once, and then go through the one path', async () => {
    const { migratePayments } = await import('../../scripts/migrate/payments.js');
    const musician = await createConfirmedUser(stack, { fullName: 'Otto Older' });
    const musicianId = await flows.onboard(stack, musician, 'musician');
    // A capture of an earlier version: its request open, its creation time not kept with the payment.
    const { orderId: capturedId, view } = await money.paidRequest(stack, musician, { id: proId, priceCents: PRICE }, 'Captured Before');
    const kept = (await money.payment(capturedId)).shareCreatedAt;
    await forget(capturedId, 'shareCreatedAt');
    // An order of an earlier version, approved but not captured yet: no draft of its request.
    const track = await flows.uploadTrack(stack, musician, 'Ordered Before', { seconds: 1 });
    const order = await money.createOrder(stack, musician, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
    const draft = (await money.payment(order.body.orderId)).shareDraft;
    await forget(order.body.orderId, 'shareDraft');

    expect(await migratePayments()).toBeGreaterThanOrEqual(2);
    expect((await money.payment(capturedId)).shareCreatedAt).toBe(kept);
    // The same request as the order drafted, but for its times (which the capture sets).
    const { createdAt: _c, updatedAt: _u, ...same } = draft!;
    expect((await money.payment(order.body.orderId)).shareDraft).toMatchObject(same);
    expect(await migratePayments()).toBe(0);

    // The order's capture buys its request.
    await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
    const captured = await money.captureOrder(stack, musician, order.body.orderId);
    expect(captured.body).toMatchObject({ status: 'captured', shareId: draft!.id });
    expect((await money.entriesOf(musicianId, order.body.orderId)).map((e) => e.kind)).toEqual(['charge']);

    // A refund at the provider cancels the migrated capture's open request, in the refund's own write.
    const { payments } = await import('../../functions/providers/payments.js');
    const { applyPaypalEvent } = await import('../../functions/money/paypal-events.js');
    const p = await money.payment(capturedId);
    await payments().refundCapture(p.captureId!, `by-hand-${capturedId}`);
    // As the refund's webhook brings it (the stand-in's own delivery may bring it first: the same end).
    await applyPaypalEvent({
      id: `WH-${capturedId}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'checkout-order',
      resource: { id: capturedId },
    });
    const { readShare } = await import('../../functions/feedback/data/shares.js');
    expect((await money.payment(capturedId)).status).toBe('refunded');
    expect((await readShare(view.shareId))?.record.status).toBe('cancelled');
  });
});
