/**
 * Money under faults. Each journey a musician or pro takes with money (pay for feedback, pay for Snip Pro feedback and a pro
 * taking it from the pool, accept it, deliver the review,
 * release the earning, withdraw it, a decline, a missed deadline, a report upheld, a chargeback after a
 * payout, a monthly plan bought and cancelled) runs once to count its calls to DynamoDB, PayPal and Stripe,
 * then again with a fault at each of them in turn, of each kind the fault proxy
 * makes: the answer lost after the call took effect, the answer late past the client's timeout, the answer
 * slow (PayPal's webhooks for the call arrive before it), the service down, the service throttling
 * (test/support/faults.ts, scripts/dev/faults/fault-proxy.ts). The user retries
 * what failed, as the app lets them (the same idempotency key); the scheduled checks run as they would;
 * every webhook PayPal sent about the journey's money is delivered a second time. After each run:
 * - nobody saw a 500 (a service's trouble is a 503 saying to try again), and a retry settled what failed;
 * - the journey ended where it should (request, payment, payout), with every entry it writes there once
 *   (no payment, refund, earning or payout made twice or lost), and the pro's balance equals their entries
 *   and its parts.
 * `npm test` runs a sample (each journey; the first, middle or last call of each service; half the kinds at
 * DynamoDB and the API); `npm run faults` runs every call (FAULT_SWEEP=all) and prints the figure the README
 * quotes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import { SNIP_PRO_POOL } from '../../shared/pool.js';
import { FAULT_KINDS, type FaultKind, type ServiceName } from '../../scripts/dev/faults/fault-proxy.js';
import { callRoute, createConfirmedUser, flows, money, sleep, standInControl, type TestUser } from '../support/stack-kit.js';
import { startFaultStack, type FaultStack } from '../support/faults.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';

const stack = inject('stack');
const PRICE = 3000;
/** Snip Pro requests here are of a genre no other file's pros take. */
const POOL_GENRE = 'Other / Experimental';
const DAY_MS = 86_400_000;
const FULL = process.env.FAULT_SWEEP === 'all';
/**
 * The services whose calls are faulted (S3 and SES are not on these journeys' money path), and the API
 * itself as the user reaches it: its answer lost after the route did its work, or the gateway busy.
 */
const FAULTED: ServiceName[] = ['dynamodb', 'paypal', 'stripe', 'api'];
/** The services on every journey, whose kinds the sample halves (see `sampled`). */
const HALVED = new Set<ServiceName>(['dynamodb', 'api']);

let faults: FaultStack;
let admin: TestUser;
let pro: { user: TestUser; id: string };

/**
 * Payers, a new one every other order: the per-payer limits on orders (10 a minute, which a run's retries
 * count towards) are not what is tested here.
 */
const payers: TestUser[] = [];
let orders = 0;
async function payer(): Promise<TestUser> {
  if (orders++ % 2 === 0) {
    const user = await createConfirmedUser(stack, { fullName: 'Faye Faulted' });
    await flows.onboard(stack, user, 'musician');
    payers.unshift(user);
  }
  return payers[0];
}

type Answer = { route: string; status: number; code?: string; final?: boolean };

/**
 * A call through the faulted gateway as the app makes it (or a provider's webhook, `raw`): no answer, a
 * 5xx or the gateway's own 429 is tried again (the same input, so the same key), twice at most.
 */
async function through(
  answers: Answer[],
  user: TestUser | null,
  route: Parameters<typeof callRoute>[1],
  input: Record<string, unknown>,
  raw?: { body: string; headers: () => Record<string, string> },
) {
  for (let attempt = 0; ; attempt++) {
    const res = await callRoute(faults.apiUrl, route, input, user?.idToken, raw?.body, raw?.headers()).catch(() => ({
      status: 0,
      body: null,
    }));
    const code: string | undefined = res.body?.error?.code;
    const passing = res.status === 0 || res.status >= 500 || (res.status === 429 && !code);
    const done = !passing || attempt === 2;
    answers.push({ route, status: res.status, code, final: done });
    if (done) return res;
    await sleep(150);
  }
}

/** The entries of one order on an account, as `kind x count` sorted: what was moved, and how often. */
async function entryKinds(accountId: string, cause: { orderId: string } | { payoutId: string }) {
  const entries = (await money.ledger(accountId)).filter((e) =>
    'orderId' in cause
      ? e.cause.type === 'payment' && e.cause.orderId === cause.orderId
      : e.cause.type === 'payout' && e.cause.payoutId === cause.payoutId,
  );
  return entries.map((e) => `${e.kind} ${e.amountCents}`).sort();
}

/** The pro's listing (reputation), with the events left waiting applied first as the job would (`settled`). */
async function listingOf(userId: string, settled = false) {
  if (settled) await (await import('../../functions/people/reputation.js')).applyDueReputation(new Date(Date.now() + 2 * 60_000));
  const { getListing, emptyListing } = await import('../../functions/people/data/pro-listing.js');
  return (await getListing(userId)) ?? emptyListing(userId);
}

/** The pro's books: balance = entries = its parts. */
async function proBooks(userId: string): Promise<string[]> {
  const { getUser } = await import('../../functions/people/data/users.js');
  const u = (await getUser(userId))!;
  const sum = (await money.ledger(userId)).reduce((s, e) => s + e.amountCents, 0);
  const parts = (u.pendingCents ?? 0) + (u.heldCents ?? 0) + (u.availableCents ?? 0);
  return u.balanceCents === sum && sum === parts ? [] : [`the pro's balance ${u.balanceCents}, entries ${sum}, parts ${parts}`];
}

/** Where the scheduled checks take one payment (or payout) by `at`: run as the job runs them, without faults. */
const checks = async (only: { orderId: string } | { payoutId: string }, at: number) =>
  (await import('../../functions/money/payment-checks.js')).checkDuePayments(new Date(at), only);

/** Waits until `read` passes (PayPal's webhooks reach the stack's own gateway meanwhile), or gives its last reason. */
async function settles(read: () => Promise<string[]>, timeoutMs = 8_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problems = await read();
    if (!problems.length || Date.now() > deadline) return problems;
    await sleep(100);
  }
}

function expectSame(what: string, found: unknown, wanted: unknown): string[] {
  return JSON.stringify(found) === JSON.stringify(wanted) ? [] : [`${what}: ${JSON.stringify(found)}, not ${JSON.stringify(wanted)}`];
}

interface Journey<C> {
  name: string;
  /** What comes before the faulted part, through the stack's own gateway. */
  setup(): Promise<C>;
  /** The faulted part: calls through the faulted gateway (or the functions in this process). */
  act(c: C, answers: Answer[]): Promise<void>;
  /** Once the fault has passed: what the scheduled checks and webhooks then do, and what must hold. */
  check(c: C): Promise<string[]>;
}

/** A paid request, ordered, approved and captured through the stack's own gateway, pending with the pro. */
async function pendingPaid() {
  const musician = await payer();
  const paid = await money.paidRequest(stack, musician, { id: pro.id, priceCents: PRICE }, `Faulted ${randomUUID().slice(0, 6)}`);
  return { musician, orderId: paid.orderId, shareId: paid.view.shareId as string, trackId: paid.track.id as string };
}

/** A paid request accepted and heard in full, ready for its comments and Submit. */
async function acceptedHeard() {
  const c = await pendingPaid();
  expect((await flows.respondToShare(stack, pro.user, c.shareId, 'accepted')).status).toBe(200);
  expect((await flows.listen(stack, pro.user, c.shareId, [[0, 1]])).status).toBe(200);
  return c;
}

/** A paid review delivered: its earning held. */
async function delivered() {
  const c = await acceptedHeard();
  expect((await flows.fullReview(stack, pro.user, c.shareId, 1)).status).toBe(200);
  return c;
}

const refundedOnce = ['charge -3000', 'refund 3000'];
/**
 * The pro's entries of a payment, at the margin it was captured at (another file may change the margin for
 * a moment while this one runs).
 */
const earned = async (orderId: string) => [`earning ${(await money.payment(orderId)).earningCents}`];
const earnedAndReversed = async (orderId: string) => {
  const cents = (await money.payment(orderId)).earningCents;
  return [`earning ${cents}`, `reversal -${cents}`];
};

/** What is wrong with a payment refunded in full to its payer, taken back from `proId`'s earnings: each entry once. */
async function refundProblems(c: { orderId: string }, proId: string): Promise<string[]> {
  const p = await money.payment(c.orderId);
  return [
    ...expectSame('the payment', p.status, 'refunded'),
    ...expectSame("the payer's entries", await entryKinds(p.payerId, c), refundedOnce),
    ...expectSame("the pro's entries", await entryKinds(proId, c), await earnedAndReversed(c.orderId)),
  ];
}

/** A paid request refunded in full by the checks that follow (a decline, a report upheld): each entry once, the books whole. */
async function refundedInFull(c: { orderId: string }): Promise<string[]> {
  await checks({ orderId: c.orderId }, Date.now() + 10 * 60_000);
  return settles(async () => [...(await refundProblems(c, pro.id)), ...(await proBooks(pro.id))]);
}

/** The Stripe stand-in's API, as the app's key reads it. */
async function stripeGet(path: string) {
  const res = await fetch(new URL(path, stack.stripeUrl), {
    headers: { authorization: `Bearer ${LOCAL_PAYMENT_SECRETS.stripeSecretKey}` },
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return res.json() as Promise<any>;
}

/** The ids of the customers Stripe holds with this e-mail. */
const customersOf = async (email: string) =>
  ((await stripeGet(`/v1/customers?email=${encodeURIComponent(email)}&limit=10`)).data as { id: string }[]).map((x) => x.id);

/**
 * Every Stripe event about a customer since `since` (seconds), oldest first, delivered to the faulted
 * gateway as Stripe delivers it, signed (Stripe also sends each to the stack's own gateway: so every
 * event arrives twice, in either order).
 */
async function deliverStripeEvents(answers: Answer[], customerId: string, since: number) {
  const { stripeSignature } = await import('../../scripts/dev/stand-ins/stripe/webhooks.js');
  const sign = stripeSignature(LOCAL_PAYMENT_SECRETS.stripeWebhookSecret);
  const events = ((await stripeGet(`/v1/events?limit=100&created[gte]=${since}`)).data as { data: { object: { customer?: string } } }[])
    .filter((e) => e.data.object.customer === customerId)
    .reverse();
  for (const e of events) {
    const body = JSON.stringify(e, null, 2);
    await through(answers, null, 'stripeWebhook', {}, { body, headers: () => sign(body) });
  }
}

/**
 * A monthly plan bought and cancelled: checkout (the customer made at Stripe the first time), the hosted
 * page paid, its events delivered; the portal opened, the plan cancelled there, its events delivered.
 * After it, whatever failed on the way: one customer at Stripe, one subscription (cancelled), one invoice
 * paid, and the user's record back on the free plan.
 */
const PLAN_JOURNEY: Journey<any> = {
  name: 'a monthly plan bought and cancelled (Stripe)',
  async setup() {
    const user = await createConfirmedUser(stack, { fullName: 'Pia Plan' });
    const id = await flows.onboard(stack, user, 'musician');
    const listed = await callRoute(stack.apiUrl, 'listPlans', {}, user.idToken);
    const priceId = (listed.body.plans as { id: string; price: { id: string } }[]).find((p) => p.id === 'plan_plus')!.price.id;
    return { user, id, priceId, since: Math.floor(Date.now() / 1000) - 1 };
  },
  async act(c, answers) {
    const checkout = await through(answers, c.user, 'createCheckoutSession', { priceId: c.priceId });
    if (checkout.status !== 200) return;
    const paid = await fetch(checkout.body.url, {
      method: 'POST',
      body: new URLSearchParams({
        email: c.user.email,
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Pia Plan',
      }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // Read from Stripe, not the table: this process's table calls pass the armed proxy.
    c.customerId = (await customersOf(c.user.email))[0];
    await deliverStripeEvents(answers, c.customerId, c.since);
    const portal = await through(answers, c.user, 'createPortalSession', {});
    if (portal.status !== 200) return;
    const cancelled = await fetch(`${portal.body.url}/cancel`, { method: 'POST', body: new URLSearchParams({}), redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    c.cancelled = true;
    await deliverStripeEvents(answers, c.customerId, c.since);
  },
  async check(c) {
    if (!c.cancelled) return ['the plan was not bought and cancelled'];
    const subscriptions = (await stripeGet(`/v1/subscriptions?customer=${c.customerId}&status=all`)).data as { status: string }[];
    const invoices = (await stripeGet(`/v1/invoices?customer=${c.customerId}&status=paid`)).data as unknown[];
    const { getUser } = await import('../../functions/people/data/users.js');
    return [
      ...expectSame('customers at Stripe', await customersOf(c.user.email), [c.customerId]),
      ...expectSame("the user's customer", (await getUser(c.id))!.stripeCustomerId, c.customerId),
      ...expectSame(
        'subscriptions',
        subscriptions.map((x) => x.status),
        ['canceled'],
      ),
      ...expectSame('invoices paid', invoices.length, 1),
      // Stripe's own deliveries to the stack's gateway may still be on their way.
      ...(await settles(async () => expectSame('the plan', (await getUser(c.id))!.plan ?? null, null))),
    ];
  },
};
/** The local PayPal's own controls (what only PayPal's side makes happen). */
const paypalLocal = (path: string, body: unknown = {}) => standInControl(stack.paypalUrl, path, body);

/** PayPal's event of `type` about `resourceId`, delivered to the faulted gateway as PayPal delivers it, signed. */
async function deliverPaypalEvent(answers: Answer[], type: string, resourceId: string) {
  const { AUTH_ALGO, WEBHOOK_CERT_URL } = await import('../../scripts/dev/stand-ins/paypal/server.js');
  const { paypalSignature } = await import('../../scripts/dev/stand-ins/paypal/signature.js');
  const listed = (await (await money.paypalApi(stack, '/v1/notifications/webhooks-events?page_size=50')).json()) as {
    events: { event_type: string; resource: { id: string } }[];
  };
  const event = listed.events.find((e) => e.event_type === type && e.resource.id === resourceId);
  expect(event, `${type} about ${resourceId}`).toBeDefined();
  const body = JSON.stringify(event);
  const sign = paypalSignature(LOCAL_PAYMENT_SECRETS.paypalWebhookId, LOCAL_PAYMENT_SECRETS.paypalClientSecret);
  await through(
    answers,
    null,
    'paypalWebhook',
    {},
    {
      body,
      headers: () => ({ 'paypal-cert-url': WEBHOOK_CERT_URL, 'paypal-auth-algo': AUTH_ALGO, ...sign(body) }),
    },
  );
}

/**
 * A chargeback after the earning was paid out: PayPal takes the payment back from us (a reversal, which
 * arrives only as a webhook: held at PayPal until this run delivers it to the faulted gateway, then sent to
 * the stack's own as well). After it: the payer refunded once, the earning reversed once, the payout kept,
 * and the pro's available balance owing the earning.
 */
const CHARGEBACK_JOURNEY: Journey<any> = {
  name: 'a chargeback after the earning was paid out',
  async setup() {
    const { user, id } = await flows.onboardedUser(stack, 'pro', { fullName: 'Cole Chargeback' });
    await money.setPrice(stack, id, PRICE);
    const address = await callRoute(
      stack.apiUrl,
      'setPayoutAccount',
      { email: `cole-${randomUUID().slice(0, 8)}@example.test` },
      user.idToken,
    );
    expect(address.status).toBe(200);
    const paid = await money.reviewedPaid(stack, { user, id, priceCents: PRICE }, `Charged back ${randomUUID().slice(0, 6)}`);
    const earning = (await money.payment(paid.orderId)).earningCents!;
    const payoutId = await money.paidOut(stack, user, earning);
    return { pro: { user, id }, orderId: paid.orderId, captureId: paid.captureId, payoutId, earning };
  },
  async act(c, answers) {
    const reversal = await paypalLocal(`/_local/captures/${c.captureId}/reverse`, { hold: true });
    await deliverPaypalEvent(answers, 'PAYMENT.CAPTURE.REVERSED', reversal.id);
  },
  async check(c) {
    const { getUser } = await import('../../functions/people/data/users.js');
    return settles(async () => {
      return [
        ...(await refundProblems(c, c.pro.id)),
        ...expectSame("the pro's payout", await entryKinds(c.pro.id, { payoutId: c.payoutId }), [`payout -${c.earning}`]),
        ...expectSame("the pro's available money", (await getUser(c.pro.id))!.availableCents, -c.earning),
        ...(await proBooks(c.pro.id)),
      ];
    });
  },
};

/** A payer's new track, to order feedback on under a key of its own. */
async function newOrder(title: string) {
  const musician = await payer();
  const track = await flows.uploadTrack(stack, musician, `${title} ${randomUUID().slice(0, 6)}`, { seconds: 1 });
  return { musician, trackId: track.id as string, key: randomUUID(), orderId: '' };
}

/** Orders through `route` (a retry under the same key), approves on PayPal's page and captures, as the success page does. */
async function payThrough(
  c: Awaited<ReturnType<typeof newOrder>>,
  answers: Answer[],
  route: 'createOrder' | 'createPoolRequest',
  input: Record<string, unknown>,
) {
  const order = await through(answers, c.musician, route, { ...input, idempotencyKey: c.key });
  if (order.status !== 200) return;
  c.orderId = order.body.orderId;
  await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
  await through(answers, c.musician, 'captureOrder', { orderId: c.orderId });
}

/** What is wrong with a request bought from the pro (chosen, or taken from the pool): made once, each entry once, the books whole. */
async function requestBought(c: { orderId: string; trackId: string }, charged: string[]): Promise<string[]> {
  const p = await money.payment(c.orderId);
  const { sharesOfTrack } = await import('../../functions/feedback/data/shares.js');
  return [
    ...expectSame('the payment', [p.status, p.credited, p.proUserId], ['captured', true, pro.id]),
    ...expectSame('requests made', (await sharesOfTrack(c.trackId)).length, 1),
    ...expectSame("the payer's entries", await entryKinds(p.payerId, c), charged),
    ...expectSame("the pro's entries", await entryKinds(pro.id, c), await earned(c.orderId)),
    ...(await proBooks(pro.id)),
  ];
}

const JOURNEYS: Journey<any>[] = [
  {
    name: 'pay for feedback (order, approve, capture)',
    setup: () => newOrder('Paid'),
    async act(c, answers) {
      const input = { proUserId: pro.id, trackId: c.trackId, feedbackPriceCents: PRICE, shareOptions: money.REQUEST_OPTIONS };
      await payThrough(c, answers, 'createOrder', input);
    },
    async check(c) {
      if (!c.orderId) return ['no order was made'];
      // An approved order whose capture failed is captured by the check (or by PayPal's webhook).
      await checks({ orderId: c.orderId }, Date.now() + 60_000);
      return settles(() => requestBought(c, ['charge -3000']));
    },
  },
  {
    name: 'Snip Pro: paid into the pool, then taken by the pro',
    setup: () => newOrder('Pooled'),
    async act(c, answers) {
      await payThrough(c, answers, 'createPoolRequest', { trackId: c.trackId, genre: POOL_GENRE, shareOptions: money.REQUEST_OPTIONS });
      if (c.orderId) await through(answers, pro.user, 'claimPoolRequest', { orderId: c.orderId });
    },
    async check(c) {
      if (!c.orderId) return ['no order was made'];
      await checks({ orderId: c.orderId }, Date.now() + 60_000);
      // A claim the fault stopped is made on the pro's next visit, once the capture is in the pool.
      await settles(async () => ((await money.payment(c.orderId)).status === 'pending' ? ['not captured yet'] : []));
      if ((await money.payment(c.orderId)).status === 'pooled') {
        expect((await callRoute(stack.apiUrl, 'claimPoolRequest', { orderId: c.orderId }, pro.user.idToken)).status).toBe(200);
      }
      const cents = SNIP_PRO_POOL.priceCents;
      return settles(async () => [
        ...(await requestBought(c, [`charge -${cents}`])),
        ...expectSame("the pool's entries", await entryKinds('POOL', c), [`pool_hold ${cents}`, `pool_release -${cents}`]),
      ]);
    },
  },
  {
    name: 'deliver the review (comments, submit)',
    async setup() {
      return { ...(await acceptedHeard()), before: await listingOf(pro.id, true) };
    },
    async act(c, answers) {
      for (const t of [0, 0.4, 0.8]) {
        const input = {
          id: c.shareId,
          timestamp: t,
          text: `At ${t}: ${flows.freshReviewText(7)}`,
          tags: ['#Mixing'],
          idempotencyKey: randomUUID(),
        };
        await through(answers, pro.user, 'addComment', input);
      }
      const criteria = { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 5 };
      c.general = flows.freshReviewText();
      await through(answers, pro.user, 'submitFeedback', { id: c.shareId, criteria, comment: c.general });
    },
    async check(c) {
      const shares = await import('../../functions/feedback/data/shares.js');
      const bundle = (await shares.getShareBundle(c.shareId))!;
      const p = await money.payment(c.orderId);
      return [
        ...expectSame('the request', bundle.share.status, 'completed'),
        ...expectSame('its comments', bundle.comments.length, 3),
        ...expectSame('the review', bundle.feedback?.comment, c.general),
        ...expectSame('the payment fulfilled', Boolean(p.fulfilledAt), true),
        ...expectSame("the pro's entries", await entryKinds(pro.id, c), await earned(c.orderId)),
        ...(await proBooks(pro.id)),
        ...expectSame('reviews counted in the listing', (await listingOf(pro.id, true)).completed - c.before.completed, 1),
      ];
    },
  },
  {
    name: 'rate the review',
    async setup() {
      return { ...(await delivered()), before: await listingOf(pro.id, true) };
    },
    async act(c, answers) {
      await through(answers, c.musician, 'rateFeedback', { id: c.shareId, rating: 4, comment: 'Useful, thank you.' });
    },
    async check(c) {
      const shares = await import('../../functions/feedback/data/shares.js');
      const after = await listingOf(pro.id, true);
      return [
        ...expectSame('the rating', (await shares.getShareBundle(c.shareId))?.ranking?.rating, 4),
        ...expectSame(
          'ratings counted in the listing',
          [after.ratingCount - c.before.ratingCount, after.ratingSum - c.before.ratingSum],
          [1, 4],
        ),
      ];
    },
  },
  {
    name: 'release the earning (the check at the end of the hold)',
    async setup() {
      const c = await delivered();
      const p = await money.payment(c.orderId);
      return { ...c, holdEnds: Date.parse(p.fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS + 60_000 };
    },
    async act(c) {
      await checks({ orderId: c.orderId }, c.holdEnds);
    },
    async check(c) {
      await checks({ orderId: c.orderId }, c.holdEnds + 10 * 60_000);
      const p = await money.payment(c.orderId);
      return [
        ...expectSame('released', Boolean(p.releasedAt), true),
        ...expectSame("the pro's entries", await entryKinds(pro.id, c), await earned(c.orderId)),
        ...(await proBooks(pro.id)),
      ];
    },
  },
  {
    name: 'withdraw (payout)',
    async setup() {
      const { user, id } = await flows.onboardedUser(stack, 'pro', { fullName: 'Walt Withdraw' });
      const adjusted = await callRoute(
        stack.apiUrl,
        'adjustBalance',
        { id, balance: 25, expectedBalanceCents: 0, reason: 'Earnings' },
        admin.idToken,
      );
      expect(adjusted.status).toBe(200);
      expect(
        (await callRoute(stack.apiUrl, 'setPayoutAccount', { email: `walt-${randomUUID().slice(0, 8)}@example.test` }, user.idToken))
          .status,
      ).toBe(200);
      return { user, id, key: randomUUID(), payoutId: '' };
    },
    async act(c, answers) {
      const made = await through(answers, c.user, 'createPayout', { amountCents: 2500, idempotencyKey: c.key });
      if (made.status === 200) c.payoutId = made.body.id;
    },
    async check(c) {
      const { getUser } = await import('../../functions/people/data/users.js');
      const payouts = await import('../../functions/money/data/payouts.js');
      if (!c.payoutId) {
        // Refused at once: nothing taken.
        return expectSame('the balance kept', (await getUser(c.id))!.availableCents, 2500);
      }
      await checks({ payoutId: c.payoutId }, Date.now() + 2 * 3600_000);
      return settles(async () => {
        const p = (await payouts.getPayout(c.payoutId))!;
        const mine = (await payouts.pagePayouts({ userId: c.id }, 20)).payouts;
        return [
          ...expectSame('the payout', p.status, 'paid'),
          ...expectSame('payouts made', mine.length, 1),
          ...expectSame("the pro's entries", await entryKinds(c.id, { payoutId: c.payoutId }), ['payout -2500']),
          ...(await proBooks(c.id)),
        ];
      });
    },
  },
  {
    name: 'accept a paid request',
    setup: pendingPaid,
    async act(c, answers) {
      await through(answers, pro.user, 'respondToShare', { id: c.shareId, status: 'accepted' });
    },
    async check(c) {
      // The checks that follow leave an accepted request's money where it is: captured, the pro's earning
      // pending until the review is delivered.
      await checks({ orderId: c.orderId }, Date.now() + 10 * 60_000);
      const p = await money.payment(c.orderId);
      const { readShare } = await import('../../functions/feedback/data/shares.js');
      const share = (await readShare(c.shareId))?.record;
      return [
        ...expectSame('the request', [share?.status, Boolean(share?.acceptedAt)], ['accepted', true]),
        ...expectSame('the payment', [p.status, Boolean(p.fulfilledAt), Boolean(p.releasedAt)], ['captured', false, false]),
        ...expectSame("the payer's entries", await entryKinds(p.payerId, c), ['charge -3000']),
        ...expectSame("the pro's entries", await entryKinds(pro.id, c), await earned(c.orderId)),
        ...(await proBooks(pro.id)),
        // The pro can go on with the review: the player's report is taken.
        ...expectSame('listening after it', (await flows.listen(stack, pro.user, c.shareId, [[0, 1]])).status, 200),
      ];
    },
  },
  {
    name: 'decline a paid request (refund)',
    setup: pendingPaid,
    async act(c, answers) {
      await through(answers, pro.user, 'respondToShare', { id: c.shareId, status: 'declined', reason: 'too_busy' });
    },
    check: refundedInFull,
  },
  {
    name: 'a missed deadline (the check expires and refunds)',
    setup: pendingPaid,
    async act(c) {
      c.late = Date.now() + 3 * DAY_MS;
      await checks({ orderId: c.orderId }, c.late);
    },
    async check(c) {
      await checks({ orderId: c.orderId }, c.late + 10 * 60_000);
      await checks({ orderId: c.orderId }, c.late + 60 * 60_000);
      return settles(async () => {
        const { readShare } = await import('../../functions/feedback/data/shares.js');
        return [
          ...expectSame('the request', (await readShare(c.shareId))?.record.status, 'expired'),
          ...(await refundProblems(c, pro.id)),
          ...(await proBooks(pro.id)),
        ];
      });
    },
  },
  {
    name: 'a report upheld (the admin refunds a delivered review)',
    async setup() {
      const c = await delivered();
      const reported = await callRoute(
        stack.apiUrl,
        'reportReview',
        { id: c.shareId, reason: 'did_not_listen', text: 'Skipped it.' },
        c.musician.idToken,
      );
      expect(reported.status).toBe(200);
      return c;
    },
    async act(c, answers) {
      await through(answers, admin, 'resolveDispute', { id: c.shareId, decision: 'refund' });
    },
    check: refundedInFull,
  },
  CHARGEBACK_JOURNEY,
  PLAN_JOURNEY,
];

/** One call to fault: the `at`-th call (from 0) of one operation of one service, as a run without faults made them. */
interface FaultPoint {
  service: ServiceName;
  operation: string;
  at: number;
}

/**
 * A journey's faulted part run once without faults: the calls it makes, each a fault point. PayPal's token
 * requests are left out: the client keeps its token, so whether one is made depends on the runs before.
 */
async function pointsOfJourney(j: Journey<any>): Promise<FaultPoint[]> {
  const c = await j.setup();
  faults.record();
  const answers: Answer[] = [];
  await j.act(c, answers);
  const calls = faults.calls().filter((call) => FAULTED.includes(call.service) && !call.operation.includes('/oauth2/token'));
  faults.arm(null);
  expect(await j.check(c), `${j.name} without a fault`).toEqual([]);
  expect(answers.filter((a) => a.status >= 300)).toEqual([]);
  const seen = new Map<string, number>();
  return calls.map(({ service, operation }) => {
    const key = `${service} ${operation}`;
    const at = seen.get(key) ?? 0;
    seen.set(key, at + 1);
    return { service, operation, at };
  });
}

/**
 * The calls faulted, and with which kinds: every call and kind in the full sweep. The sample faults one call
 * of each service per journey, the first, the middle or the last by turns (journey and service), so that the
 * suite covers each position. PayPal's and Stripe's calls (on a few journeys) take every kind; DynamoDB's and
 * the API's (on every journey) every other kind, the odd or the even ones by turns, so that the suite still
 * covers each kind at each.
 */
function sampled(points: FaultPoint[], turn: number): { point: FaultPoint; kinds: FaultKind[] }[] {
  if (FULL) return points.map((point) => ({ point, kinds: [...FAULT_KINDS] }));
  return FAULTED.flatMap((service, s) => {
    const mine = points.filter((p) => p.service === service);
    const kinds = FAULT_KINDS.filter((_, k) => (HALVED.has(service) ? (k + turn + s) % 2 === 0 : true));
    return mine.length ? [{ point: mine[[0, Math.floor(mine.length / 2), mine.length - 1][(turn + s) % 3]], kinds }] : [];
  });
}

/** The codes of a 503 that tells the user to try again (PayPal's or Stripe's trouble, or a service's). */
const TRY_AGAIN = new Set(['try_again', 'payment_provider_unavailable', 'billing_unavailable']);

const tally = { journeys: 0, points: 0, runs: 0, redelivered: 0, violations: [] as string[], unreached: [] as string[] };

/** The ids PayPal's events about a journey's money name: its order, its capture, its payout. */
async function moneyIds(c: { orderId?: string; payoutId?: string }): Promise<string[]> {
  const { getPayment } = await import('../../functions/money/data/payments.js');
  const captureId = c.orderId ? (await getPayment(c.orderId))?.record.captureId : undefined;
  return [c.orderId, captureId, c.payoutId].filter((id): id is string => Boolean(id));
}

/**
 * One run with a fault at `point`: what went wrong, or null when the call never came in three tries (the
 * journey took another way there: PayPal's webhook captured the order first, say), which is no violation.
 */
async function faultedRun(j: Journey<any>, point: FaultPoint, kind: FaultKind): Promise<string[] | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const since = new Date(Date.now() - 1000).toISOString();
    const c = await j.setup();
    // The user's own retries outlast the API's trouble; a service's outlasts the SDK's (DEFAULT_TIMES).
    faults.arm(point.service, { kind, at: point.at, match: point.operation, ...(point.service === 'api' ? { times: 2 } : {}) });
    const answers: Answer[] = [];
    let fired = false;
    try {
      await j.act(c, answers);
    } finally {
      fired = faults.fired();
      faults.arm(null);
    }
    tally.runs++;
    // Every webhook PayPal sent about the journey's money, delivered a second time (PayPal redelivers what it
    // is not sure arrived): nothing may be applied twice.
    tally.redelivered += (await money.deliverAgain(stack, since, await moneyIds(c))).length;
    const problems = [
      // A service's trouble is a 503 that says to try again, never a 500; and the retry settles it.
      // (An answer with no code is the gateway's own, or none: the API's fault, not a route's answer.)
      ...answers
        .filter((a) => a.status >= 500 && a.code !== undefined && !TRY_AGAIN.has(a.code))
        .map((a) => `${a.route} answered ${a.status} ${a.code}`),
      ...answers.filter((a) => a.final && a.status >= 300).map((a) => `${a.route} answered ${a.status} ${a.code} when tried again`),
      ...(await j.check(c)),
    ];
    if (fired || problems.length) return problems;
  }
  return null;
}

beforeAll(async () => {
  admin = await flows.testAdmin(stack);
  pro = await flows.onboardedUser(stack, 'pro', { fullName: 'Fran Faulted' });
  await money.setPrice(stack, pro.id, PRICE);
  // The one pro of the pool's genre here: Snip Pro requests are offered to them.
  const genres = ['House', 'Glitch'];
  expect(
    (await callRoute(stack.apiUrl, 'saveProProfile', { genres, costRange: { min: 0, max: 50 }, experience: 3 }, pro.user.idToken)).status,
  ).toBe(200);
  expect((await callRoute(stack.apiUrl, 'updateProfile', { takesPoolWork: true }, pro.user.idToken)).status).toBe(200);
  faults = await startFaultStack(stack);
}, 120_000);

afterAll(async () => {
  await faults?.stop();
  const line =
    `${tally.journeys} journeys, ${tally.points} fault points, ${FAULT_KINDS.length} kinds${FULL ? '' : ' (half of them at DynamoDB and the API)'}: ${tally.runs} runs, ${tally.violations.length} violations` +
    `; ${tally.redelivered} webhooks delivered twice` +
    (tally.unreached.length ? ` (${tally.unreached.length} faults not reached: the journey went another way each time)` : '');
  console.log(`Money under faults${FULL ? '' : ' (sample)'}: ${line}`);
  for (const v of tally.violations) console.log(`  ${v}`);
});

describe('money under faults', () => {
  for (const [turn, j] of JOURNEYS.entries()) {
    it(
      j.name,
      async () => {
        const points = await pointsOfJourney(j);
        tally.journeys++;
        console.log(
          `${j.name}: ${FAULTED.map((service) => `${points.filter((p) => p.service === service).length} ${service} calls`).join(', ')}`,
        );
        const found: string[] = [];
        for (const { point, kinds } of sampled(points, turn)) {
          tally.points++;
          for (const kind of kinds) {
            const label = `${j.name}: ${kind} at ${point.service} ${point.operation} #${point.at + 1}`;
            const problems = await faultedRun(j, point, kind);
            if (problems === null) tally.unreached.push(label);
            else found.push(...problems.map((p) => `${label}: ${p}`));
          }
        }
        tally.violations.push(...found);
        expect(found).toEqual([]);
      },
      FULL ? 3_600_000 : 600_000,
    );
  }
});
