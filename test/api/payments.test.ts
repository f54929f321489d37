/**
 * Paid feedback end to end on the local stack: the real API, the local PayPal stand-in (orders, approval
 * page, capture, refunds, signed webhooks), DynamoDB Local and the local SES. The table is read directly
 * to prove what the money did: one share, one credit, ledger sums equal to balances.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  callRoute,
  createConfirmedUser,
  flows,
  listEmails,
  money,
  setAttributes,
  standInControl,
  type TestUser,
  until,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import { balanceOf, entriesOf, ledger, payment } from '../support/payments.js';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';

const stack = inject('stack');
const options = money.REQUEST_OPTIONS;
const PRICE = 3000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let musician: TestUser;
let other: TestUser;
let pro: TestUser;
let proId: string;
let musicianId: string;

const setPrice = (userId: string, cents: number | null) => money.setPrice(stack, userId, cents);
const setMargin = (margin: number) => money.setMargin(stack, margin);

/** The invariant of the ledger: a user's balance is the sum of their entries. */
async function expectBalanced(userId: string) {
  const entries = await ledger(userId);
  expect(await balanceOf(userId)).toBe(entries.reduce((sum, e) => sum + e.amountCents, 0));
}

/** The payment once a webhook or a check has moved it to `status`. */
const paymentOnce = (orderId: string, status: string) =>
  until(
    'payment',
    () => payment(orderId),
    (v) => v.status === status,
  );

async function readyTrack(user: TestUser, title: string) {
  return flows.uploadTrack(stack, user, title, { seconds: 1 });
}

const createOrder = (user: TestUser, trackId: string, extra: Record<string, unknown> = {}) =>
  money.createOrder(stack, user, { proUserId: proId, trackId, feedbackPriceCents: PRICE, ...extra });

const onApprovalPage = (approveUrl: string, action: 'approve' | 'decline' | 'cancel') => money.onApprovalPage(stack, approveUrl, action);

const capture = (user: TestUser, orderId: string) => money.captureOrder(stack, user, orderId);

/** An order for feedback on a new track of the musician's, its approval page answered with `action`. */
async function answeredOrder(title: string, action: 'approve' | 'decline' | 'cancel') {
  const track = await readyTrack(musician, title);
  const order = await createOrder(musician, track.id);
  await onApprovalPage(order.body.approveUrl, action);
  return { track, order };
}

/**
 * An order for feedback on a new track of the musician's, approved while the stand-in holds PayPal's webhooks
 * back, and `work` on it; the webhooks go again after.
 */
async function approvedWithWebhooksPaused(title: string, work: (orderId: string) => Promise<void>) {
  const track = await readyTrack(musician, title);
  await pauseWebhooks(true);
  try {
    const order = await createOrder(musician, track.id);
    await onApprovalPage(order.body.approveUrl, 'approve');
    await work(order.body.orderId);
  } finally {
    await pauseWebhooks(false);
  }
}

/** A paid order, approved and captured through the API as the success page does. */
async function paidRequest(title: string) {
  const track = await readyTrack(musician, title);
  const order = await createOrder(musician, track.id);
  expect(order.status).toBe(200);
  const back = await onApprovalPage(order.body.approveUrl, 'approve');
  expect(back.pathname).toBe('/feedback/success');
  expect(back.searchParams.get('token')).toBe(order.body.orderId);
  const captured = await capture(musician, order.body.orderId);
  expect(captured.status).toBe(200);
  return { track, orderId: order.body.orderId as string, view: captured.body };
}

/** A call to the local PayPal's REST API with the app's credentials: a POST when it has a body. */
const paypal = (path: string, body?: string) => money.paypalApi(stack, path, body);

/** The webhook events the stand-in sent about an order (captures and refunds name it through their capture). */
async function eventsAbout(orderId: string, captureId?: string): Promise<{ id: string; event_type: string }[]> {
  const res = await paypal('/v1/notifications/webhooks-events?page_size=300');
  const { events } = (await res.json()) as { events: { id: string; event_type: string; resource: Record<string, any> }[] };
  return events.filter((e) => {
    const r = e.resource;
    return (
      r.id === orderId ||
      r.supplementary_data?.related_ids?.order_id === orderId ||
      (captureId && JSON.stringify(r.links ?? []).includes(captureId))
    );
  });
}

async function resend(eventId: string) {
  const res = await paypal(`/v1/notifications/webhooks-events/${eventId}/resend`, '{}');
  expect(res.ok).toBe(true);
}

const pauseWebhooks = (paused: boolean) => standInControl(stack.paypalUrl, '/_local/webhooks', { paused });

const reviewerShares = async () =>
  (await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer' }, pro.idToken)).body.shares as {
    id: string;
    trackId: string;
    status: string;
    paid?: unknown;
  }[];

beforeAll(async () => {
  useStackEnvironment(stack);
  [musician, other, pro] = await Promise.all([
    createConfirmedUser(stack, { fullName: 'Penny Payer' }),
    createConfirmedUser(stack, { fullName: 'Oscar Other' }),
    createConfirmedUser(stack, { fullName: 'Pablo Paid' }),
  ]);
  [musicianId] = await Promise.all([flows.onboard(stack, musician, 'musician'), flows.onboard(stack, other, 'musician')]);
  proId = await flows.onboard(stack, pro, 'pro');
  await setPrice(proId, PRICE);
});

// Each test pays as a musician of its own: orders are limited per payer (a few a minute, five open at once).
beforeEach(async () => {
  musician = await createConfirmedUser(stack, { fullName: 'Penny Payer' });
  musicianId = await flows.onboard(stack, musician, 'musician');
});

describe('paying a pro for feedback', () => {
  it('a $30 capture with margin 0.2 creates the request, credits the pro $24.00 and records the margin', async () => {
    await setMargin(0.2);
    const before = await balanceOf(proId);
    const since = Date.now();
    const { track, orderId, view } = await paidRequest('Paid mix');
    expect(view).toMatchObject({ orderId, status: 'captured', amountCents: PRICE, proName: 'Pablo Paid', trackTitle: 'Paid mix' });
    expect(view.shareId).toEqual(expect.any(String));

    const share = (await reviewerShares()).find((s) => s.id === view.shareId) as unknown as {
      createdAt: string;
      paid: { amountCents: number; respondBy: string };
    };
    expect(share).toMatchObject({ trackId: track.id, status: 'pending', paid: { amountCents: 3000 } });
    expect(Date.parse(share.paid.respondBy) - Date.parse(share.createdAt)).toBe(48 * 3_600_000);
    expect(await balanceOf(proId)).toBe(before + 2400);

    const [charge] = await entriesOf(musicianId, orderId);
    const [earning] = await entriesOf(proId, orderId);
    const [fee] = await entriesOf('PLATFORM', orderId);
    expect(charge).toMatchObject({ kind: 'charge', amountCents: -3000, currency: 'USD' });
    expect(earning).toMatchObject({ kind: 'earning', amountCents: 2400, margin: 0.2, priceCents: 3000, shareId: view.shareId });
    expect(fee).toMatchObject({ kind: 'fee', amountCents: 600, margin: 0.2 });
    await expectBalanced(proId);
    // The pro sees the balance and what each earning was for, with the margin taken.
    const earnings = await callRoute(stack.apiUrl, 'getEarnings', {}, pro.idToken);
    expect(earnings.status).toBe(200);
    expect(earnings.body.balanceCents).toBe(await balanceOf(proId));
    expect(earnings.body.entries.find((e: { id: string }) => e.id === `${orderId}:earning`)).toMatchObject({
      kind: 'earning',
      amountCents: 2400,
      priceCents: 3000,
      margin: 0.2,
      description: 'Earned for feedback to Penny Payer on "Paid mix"',
    });
    expect((await callRoute(stack.apiUrl, 'getEarnings', {}, musician.idToken)).status).toBe(403);

    const mail = await waitForEmail(stack.mailUrl, pro.email, /Feedback requested: Paid mix/, { since });
    expect(mail.body.text).toContain('Penny Payer');
  });

  it('uses the margin in force at capture, not at order creation', async () => {
    const track = await readyTrack(musician, 'Margin change');
    await setMargin(0.2);
    const order = await createOrder(musician, track.id);
    // Changed before the approval: the approval's webhook may capture before the browser does.
    await setMargin(0.25);
    await onApprovalPage(order.body.approveUrl, 'approve');
    try {
      expect((await capture(musician, order.body.orderId)).status).toBe(200);
      const [earning] = await entriesOf(proId, order.body.orderId);
      expect(earning).toMatchObject({ amountCents: 2250, margin: 0.25 });
      expect((await entriesOf('PLATFORM', order.body.orderId))[0]).toMatchObject({ amountCents: 750 });
    } finally {
      await setMargin(0.2);
    }
  });

  it('the same capture replayed 50 times (20 at once) and its webhooks replayed make one request and one credit', async () => {
    const track = await readyTrack(musician, 'Replayed');
    // Read before the approval: the approval's webhook may capture (and credit the pro) before the first call here.
    const before = await balanceOf(proId);
    const order = await createOrder(musician, track.id);
    const { orderId } = order.body;
    await onApprovalPage(order.body.approveUrl, 'approve');

    const burst = await Promise.all(Array.from({ length: 20 }, () => capture(musician, orderId)));
    const later = [];
    for (let i = 0; i < 30; i++) later.push(await capture(musician, orderId));
    for (const res of [...burst, ...later]) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set([...burst, ...later].map((r) => r.body.shareId)).size).toBe(1);

    const p = await payment(orderId);
    const events = await eventsAbout(orderId, p.captureId);
    expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']));
    for (const e of events) await resend(e.id);
    await new Promise((r) => setTimeout(r, 1500));

    expect((await reviewerShares()).filter((s) => s.trackId === track.id)).toHaveLength(1);
    expect(await entriesOf(proId, orderId)).toHaveLength(1);
    expect(await entriesOf(musicianId, orderId)).toHaveLength(1);
    expect(await balanceOf(proId)).toBe(before + 2400);
    await expectBalanced(proId);
  });

  it('a retried create-order with the same idempotency key gives back the same order', async () => {
    const track = await readyTrack(musician, 'Double click');
    const key = randomUUID();
    const [a, b] = await Promise.all([
      createOrder(musician, track.id, { idempotencyKey: key }),
      createOrder(musician, track.id, { idempotencyKey: key }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.orderId).toBe(a.body.orderId);
    const changed = await createOrder(musician, track.id, {
      idempotencyKey: key,
      shareOptions: { ...options, feedbackNotes: 'Something else' },
    });
    expect(changed).toMatchObject({ status: 409, body: { error: { code: 'idempotency_conflict' } } });
  });

  it(`asks PayPal at most ${RATE_LIMITS.captureOrder.limit} times a minute per payer, and a settled payment answers past that`, async () => {
    const payer = await createConfirmedUser(stack);
    await flows.onboard(stack, payer, 'musician');
    const minute = (ms: number) => Math.floor(ms / 60_000);
    const paying = Date.now();
    const paid = await money.paidRequest(stack, payer, { id: proId, priceCents: PRICE }, 'Paid before the burst');
    const paidBy = Date.now();
    const track = await readyTrack(payer, 'Never approved');
    const { orderId } = (await createOrder(payer, track.id)).body;
    const limit = RATE_LIMITS.captureOrder.limit;
    // The limit counts in fixed minutes. The burst (at once: an unapproved capture takes a while) starts with
    // at least 10 s of its minute left, in a minute that surely holds the paid request's capture (all of the
    // payment was made in it) or surely does not (it ended in an earlier one); else in the next minute.
    const now = Date.now();
    const left = 60_000 - (now % 60_000);
    if (left < 10_000 || (minute(paying) < minute(now) && minute(paidBy) === minute(now)))
      await new Promise((r) => setTimeout(r, left + 50));
    const counted = minute(paying) === minute(Date.now()) ? 1 : 0;
    const burst = await Promise.all(Array.from({ length: limit - counted + 3 }, () => capture(payer, orderId)));
    const codes = burst.map((r) => r.body.error?.code);
    expect(codes.filter((c) => c === 'payment_not_approved')).toHaveLength(limit - counted);
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(3);
    const refused = burst.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A payment already settled is read from the table, not asked of PayPal: it answers whatever the count.
    const again = await capture(payer, paid.orderId);
    expect(again).toMatchObject({ status: 200, body: { orderId: paid.orderId, shareId: paid.view.shareId } });
    // It may wait most of a minute for the next one to begin, after a paid request made first.
  }, 150_000);

  it('does not ask PayPal again for a few seconds about an order it said was not approved', async () => {
    const { NOT_APPROVED_GAP_MS } = await import('../../functions/money/payments.js');
    const track = await readyTrack(musician, 'Approved later');
    const { orderId } = (await createOrder(musician, track.id)).body;
    const notApproved = { status: 409, body: { error: { code: 'payment_not_approved' } } };
    expect(await capture(musician, orderId)).toMatchObject(notApproved);
    const asked = (await payment(orderId)).notApprovedAt;
    expect(asked).toEqual(expect.any(String));
    // Answered from the table: PayPal was not asked (it would have been noted again).
    expect(await capture(musician, orderId)).toMatchObject(notApproved);
    expect((await payment(orderId)).notApprovedAt).toBe(asked);
    // Once the gap has passed, PayPal is asked again.
    const before = new Date(Date.now() - NOT_APPROVED_GAP_MS - 1000).toISOString();
    await setAttributes(stack, { PK: `PAYMENT#${orderId}`, SK: 'PAYMENT' }, { notApprovedAt: before });
    expect(await capture(musician, orderId)).toMatchObject(notApproved);
    expect((await payment(orderId)).notApprovedAt! > asked!).toBe(true);
  });

  it("another user's order is not found, and nothing is captured", async () => {
    const { order } = await answeredOrder('Not yours', 'approve');
    const res = await capture(other, order.body.orderId);
    expect(res).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect((await capture(other, 'NOSUCHORDER123')).status).toBe(404);
  });

  it('a price changed since the page loaded is refused with the new price, and no order is made', async () => {
    const track = await readyTrack(musician, 'Old price');
    const res = await createOrder(musician, track.id, { feedbackPriceCents: 1500 });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'price_changed', feedbackPriceCents: PRICE } } });
    expect(res.body.error.message).toContain('$30.00');
  });

  it('a free request to a pro with a price is refused as payment_required, with the price', async () => {
    const track = await readyTrack(musician, 'Free attempt');
    const res = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: proId, trackId: track.id, shareOptions: options },
      musician.idToken,
    );
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'payment_required', feedbackPriceCents: PRICE } } });
  });

  it('a declined card or a cancelled approval leaves no request and no ledger entry', async () => {
    const { track, order: declined } = await answeredOrder('Declined', 'decline');
    const res = await capture(musician, declined.body.orderId);
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'payment_declined' } } });

    const cancelled = await createOrder(musician, track.id);
    const back = await onApprovalPage(cancelled.body.approveUrl, 'cancel');
    expect(back.pathname).toBe('/feedback/cancel');
    expect(await capture(musician, cancelled.body.orderId)).toMatchObject({
      status: 409,
      body: { error: { code: 'payment_not_approved' } },
    });

    await new Promise((r) => setTimeout(r, 1000)); // the approval webhook of the declined one, reconciled
    for (const orderId of [declined.body.orderId, cancelled.body.orderId]) {
      expect((await payment(orderId)).status).toBe('pending');
      expect(await entriesOf(musicianId, orderId)).toHaveLength(0);
      expect(await entriesOf(proId, orderId)).toHaveLength(0);
    }
    expect((await reviewerShares()).filter((s) => s.trackId === track.id)).toHaveLength(0);
  });

  it('an approved order whose browser never came back is captured from the webhook', async () => {
    const { track, order } = await answeredOrder('Tab closed', 'approve');
    // No capture call: the CHECKOUT.ORDER.APPROVED webhook does it.
    const p = await paymentOnce(order.body.orderId, 'captured');
    expect((await reviewerShares()).find((s) => s.id === p.shareId)).toMatchObject({ status: 'pending', trackId: track.id });
    expect(await entriesOf(proId, order.body.orderId)).toHaveLength(1);
  });
});

describe('when PayPal fails', () => {
  it('a capture while PayPal is down answers 503 and changes nothing; the next check finishes the payment', async () => {
    const domain = {
      ...(await import('../../functions/money/payments.js')),
      ...(await import('../../functions/money/payment-checks.js')),
    };
    const providers = await import('../../functions/providers/payments.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    await approvedWithWebhooksPaused('Outage', async (orderId) => {
      const real = providers.payments();
      providers.usePaymentProvider({
        ...real,
        getOrder: (id) => real.getOrder(id),
        captureOrder: async () => {
          throw new providers.PaymentProviderError('PayPal did not capture an order: 503');
        },
      } as typeof real);
      try {
        const payer = (await getUser(musicianId))!;
        await expect(domain.captureOrder(payer, orderId)).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
      } finally {
        providers.usePaymentProvider(undefined);
      }
      expect((await payment(orderId)).status).toBe('pending');
      expect(await entriesOf(proId, orderId)).toHaveLength(0);
      // Ten minutes on, the payment checks find the order approved and capture it.
      await domain.checkDuePayments(new Date(Date.now() + 11 * 60_000), { orderId });
      expect((await payment(orderId)).status).toBe('captured');
      expect(await entriesOf(proId, orderId)).toHaveLength(1);
      // And the browser, coming back late, gets the same payment.
      expect(await capture(musician, orderId)).toMatchObject({ status: 200, body: { status: 'captured' } });
    });
  });

  it('an order never approved is given up after three hours, with nothing charged', async () => {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const track = await readyTrack(musician, 'Abandoned');
    const order = await createOrder(musician, track.id);
    await checkDuePayments(new Date(Date.now() + 60 * 60_000), { orderId: order.body.orderId });
    expect((await payment(order.body.orderId)).status).toBe('pending');
    await checkDuePayments(new Date(Date.now() + 4 * 3600_000), { orderId: order.body.orderId });
    expect(await payment(order.body.orderId)).toMatchObject({ status: 'failed', failureReason: 'abandoned' });
    expect(await entriesOf(musicianId, order.body.orderId)).toHaveLength(0);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const track = await readyTrack(musician, 'Forged');
    const order = await createOrder(musician, track.id);
    const forged = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: { id: 'FAKECAPTURE', status: 'COMPLETED', supplementary_data: { related_ids: { order_id: order.body.orderId } } },
    };
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-local',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    const res = await fetch(new URL('/paypal/webhook', stack.apiUrl), { method: 'POST', headers, body: JSON.stringify(forged) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const unsigned = await fetch(new URL('/paypal/webhook', stack.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    expect((await payment(order.body.orderId)).status).toBe('pending');
    expect(await entriesOf(proId, order.body.orderId)).toHaveLength(0);
  });

  it('events delivered late and out of order converge on the state of the order', async () => {
    await approvedWithWebhooksPaused('Out of order', async (orderId) => {
      expect((await capture(musician, orderId)).status).toBe(200);
      const p = await payment(orderId);
      // Refunded at PayPal directly (a dispute settled by hand): only the webhook tells us.
      const refund = await paypal(`/v2/payments/captures/${p.captureId}/refund`, '{}');
      expect(refund.status).toBe(201);
      const events = await eventsAbout(orderId, p.captureId);
      expect(events.map((e) => e.event_type).sort()).toEqual([
        'CHECKOUT.ORDER.APPROVED',
        'PAYMENT.CAPTURE.COMPLETED',
        'PAYMENT.CAPTURE.REFUNDED',
      ]);
      // Newest first from the list: the refund arrives before the capture it reverses, then all again.
      for (const e of [...events, ...events.reverse()]) await resend(e.id);
      const done = await paymentOnce(orderId, 'refunded');
      expect(done.refundReason).toBe('reversed');
      expect((await reviewerShares()).find((s) => s.id === p.shareId)?.status).toBe('cancelled');
      expect((await entriesOf(proId, orderId)).map((e) => [e.kind, e.amountCents])).toEqual(
        expect.arrayContaining([
          ['earning', 2400],
          ['reversal', -2400],
        ]),
      );
      expect(await entriesOf(proId, orderId)).toHaveLength(2);
      await expectBalanced(proId);
    });
  });
});

describe('a refund made at PayPal', () => {
  it('in part, on an open request: the request is cancelled and the rest refunded, so the musician gets it all back', async () => {
    const before = await balanceOf(proId);
    const { orderId, view } = await paidRequest('Partly refunded');
    const p = await payment(orderId);
    const partial = await paypal(
      `/v2/payments/captures/${p.captureId}/refund`,
      JSON.stringify({ amount: { value: '10.00', currency_code: 'USD' } }),
    );
    expect(partial.status).toBe(201);
    const done = await paymentOnce(orderId, 'refunded');
    expect(done.refundReason).toBe('reversed');
    expect((await reviewerShares()).find((s) => s.id === view.shareId)?.status).toBe('cancelled');
    const capture = await paypal(`/v2/payments/captures/${p.captureId}`);
    expect(((await capture.json()) as { status: string }).status).toBe('REFUNDED');
    expect(await balanceOf(proId)).toBe(before);
    await expectBalanced(proId);
  });
});

describe('a paid request that gets no feedback is refunded', () => {
  it('when the pro declines it: refund, reversal, balance back where it was, the musician e-mailed', async () => {
    const before = await balanceOf(proId);
    const since = Date.now();
    const { orderId, view } = await paidRequest('Declined by pro');
    expect(await balanceOf(proId)).toBe(before + 2400);
    // The payment confirmed to the payer, with the pro's time to accept and a link to the receipt.
    const paidMail = await waitForEmail(stack.mailUrl, musician.email, /^Paid: feedback on Declined by pro$/, { since });
    expect(paidMail.body.text).toContain('We received your payment of $30.00 for feedback from');
    expect(paidMail.body.text).toMatch(/has until .+ to accept it\./);
    expect(paidMail.body.text).toContain(`/settings/payments/${orderId}`);
    const res = await callRoute(
      stack.apiUrl,
      'respondToShare',
      { id: view.shareId, status: 'declined', reason: 'not_my_genre', reasonText: 'I only mix techno.' },
      pro.idToken,
    );
    expect(res).toMatchObject({ status: 200, body: { status: 'declined' } });
    // The decline itself, with the pro's reason, at once; the refund's own e-mail follows it.
    const declined = await waitForEmail(stack.mailUrl, musician.email, /^Declined: Declined by pro$/, { since });
    expect(declined.body.text).toContain('Their reason: Not my genre: "I only mix techno."');
    expect(declined.body.text).toContain('You are refunded $30.00 in full');

    const p = await paymentOnce(orderId, 'refunded');
    expect(p.refundReason).toBe('declined');
    expect(await balanceOf(proId)).toBe(before);
    expect((await entriesOf(proId, orderId)).map((e) => e.kind).sort()).toEqual(['earning', 'reversal']);
    expect((await entriesOf(musicianId, orderId)).map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['charge', -3000],
      ['refund', 3000],
    ]);
    expect((await entriesOf('PLATFORM', orderId)).reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    await expectBalanced(proId);

    const mail = await waitForEmail(stack.mailUrl, musician.email, /Refunded: feedback on Declined by pro/, { since });
    expect(mail.body.text).toContain('declined');
    expect(mail.body.text).toContain('$30.00');
    // PayPal holds the refund too.
    const order = await paypal(`/v2/checkout/orders/${orderId}`);
    expect(JSON.stringify(await order.json())).toContain('REFUNDED');
  });

  it('when 48 hours pass without an answer: reminded a day before, then expired, refunded, both e-mailed', async () => {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const before = await balanceOf(proId);
    const since = Date.now();
    const { orderId, view } = await paidRequest('Never answered');
    // A day on, nothing happens yet; then the pro is reminded, once.
    expect(await checkDuePayments(new Date(Date.now() + 23 * HOUR), { orderId })).toMatchObject({ failed: 0 });
    expect((await payment(orderId)).status).toBe('captured');
    expect(Date.parse((await payment(orderId)).checkAt!)).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    await checkDuePayments(new Date(Date.now() + 25 * HOUR), { orderId });
    const reminder = await waitForEmail(stack.mailUrl, pro.email, /Accept by tomorrow: Never answered/, { since });
    expect(reminder.body.text).toContain('refunded $30.00 in full');
    expect((await payment(orderId)).status).toBe('captured');
    expect(await checkDuePayments(new Date(Date.now() + 49 * HOUR), { orderId })).toMatchObject({ checked: 1, failed: 0 });

    expect(await payment(orderId)).toMatchObject({ status: 'refunded', refundReason: 'expired' });
    expect((await reviewerShares()).find((s) => s.id === view.shareId)?.status).toBe('expired');
    expect(await balanceOf(proId)).toBe(before);
    await expectBalanced(proId);
    await waitForEmail(stack.mailUrl, musician.email, /Refunded: feedback on Never answered/, { since });
    const toPro = await waitForEmail(stack.mailUrl, pro.email, /Expired: feedback request for Never answered/, { since });
    expect(toPro.body.text).toContain('not accepted within 48 hours');
    // An expired request takes no more work.
    const accept = await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken);
    expect(accept.status).toBe(409);
  });

  it("when accepted but not completed within the pro's response time as it was when paid", async () => {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const profile = { PK: `USER#${proId}`, SK: 'PROFILE' };
    const since = Date.now();
    await setAttributes(stack, profile, { responseTime: 'Within 3 days' });
    try {
      const { orderId, view } = await paidRequest('Accepted, never done');
      // A later promise moves nothing already paid for.
      await setAttributes(stack, profile, { responseTime: 'Within 10 days' });
      const accepted = await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken);
      expect(accepted.body.paid).toMatchObject({ completeDays: 3 });
      // The musician hears of the acceptance, and by when the review is due (once, however often it is sent).
      const told = await waitForEmail(stack.mailUrl, musician.email, /^Accepted: Accepted, never done$/, { since });
      expect(told.body.text).toMatch(/accepted your request for feedback on "Accepted, never done"\.[\s\S]*Their review is due by /);
      expect((await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken)).status).toBe(200);
      const accepts = (await listEmails(stack.mailUrl, musician.email)).filter((m) => m.subject === 'Accepted: Accepted, never done');
      expect(accepts).toHaveLength(1);
      expect(Date.parse(accepted.body.paid.respondBy)).toBeLessThanOrEqual(Date.now() + 3 * DAY);
      await checkDuePayments(new Date(Date.now() + 1.5 * DAY), { orderId });
      expect((await payment(orderId)).status).toBe('captured');
      await checkDuePayments(new Date(Date.now() + 2.5 * DAY), { orderId });
      const reminder = await waitForEmail(stack.mailUrl, pro.email, /Due tomorrow: feedback on Accepted, never done/, { since });
      expect(reminder.body.text).toContain('is due by');
      await checkDuePayments(new Date(Date.now() + 3.1 * DAY), { orderId });
      expect(await payment(orderId)).toMatchObject({ status: 'refunded', refundReason: 'expired' });
      expect((await reviewerShares()).find((s) => s.id === view.shareId)?.status).toBe('expired');
      const toPro = await waitForEmail(stack.mailUrl, pro.email, /Expired: feedback request for Accepted, never done/, { since });
      expect(toPro.body.text).toContain('did not complete it within 3 days');
    } finally {
      await setAttributes(stack, profile, { responseTime: null });
    }
  });

  it('a completed request keeps its money whatever the clock says', async () => {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const { orderId, view } = await paidRequest('Delivered');
    expect((await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken)).status).toBe(200);
    const accepted = (await reviewerShares()).find((s) => s.id === view.shareId) as unknown as { paid: { respondBy: string } };
    // The pro promised no response time: the default week, from acceptance.
    expect(Date.parse(accepted.paid.respondBy)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(Date.parse(accepted.paid.respondBy)).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    const done = await flows.fullReview(stack, pro, view.shareId, 1);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.share.paid).toEqual({ amountCents: 3000, respondBy: null, completeDays: 7 });
    await checkDuePayments(new Date(Date.now() + 30 * 86_400_000), { orderId });
    expect((await payment(orderId)).status).toBe('captured');
    expect((await payment(orderId)).checkAt).toBeUndefined();
    expect((await payment(orderId)).fulfilledAt).toEqual(expect.any(String));
    // Deleting the track afterwards takes nothing back: the feedback was delivered.
    const balance = await balanceOf(proId);
    const trackId = (await payment(orderId)).trackId;
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [trackId] }, musician.idToken)).status).toBe(200);
    await checkDuePayments(new Date(Date.now() + 30 * 86_400_000), { orderId });
    expect((await payment(orderId)).status).toBe('captured');
    expect(await balanceOf(proId)).toBe(balance);
  });

  it('when the musician deletes the track before the feedback', async () => {
    const before = await balanceOf(proId);
    const { track, orderId } = await paidRequest('Deleted track');
    const del = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, musician.idToken);
    expect(del).toMatchObject({ status: 200, body: { deleted: [track.id] } });
    const p = await paymentOnce(orderId, 'refunded');
    expect(p.refundReason).toBe('track_deleted');
    expect(await balanceOf(proId)).toBe(before);
    await expectBalanced(proId);
  });
});
