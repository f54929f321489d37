/**
 * What the paid-feedback API tests do again and again: set a pro's price or the margin in the table, read
 * payments and the ledger, go through the local PayPal approval page, pay for a request end to end.
 */
import { callRoute } from './api.js';
import * as flows from './flows.js';
import type { StackInfo } from './global-setup.js';
import { setAttributes } from './table.js';
import type { TestUser } from './users.js';
import { until } from './wait.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';

export const REQUEST_OPTIONS = { feedbackNotes: 'Is the low end too heavy?', context: 'mix_check' };

export const setPrice = (stack: StackInfo, userId: string, cents: number | null) =>
  setAttributes(stack, { PK: `USER#${userId}`, SK: 'PROFILE' }, { feedbackPriceCents: cents });

export const setMargin = (stack: StackInfo, margin: number) => setAttributes(stack, { PK: 'CONFIG', SK: 'CONFIG' }, { margin, id: 1 });

export const ledger = async (accountId: string) => (await import('../../functions/money/data/ledger.js')).allEntries(accountId);

export async function balanceOf(userId: string): Promise<number> {
  const { getUser } = await import('../../functions/people/data/users.js');
  return (await getUser(userId))!.balanceCents;
}

export const payment = async (orderId: string) =>
  (await (await import('../../functions/money/data/payments.js')).getPayment(orderId))!.record;

export const entriesOf = async (accountId: string, orderId: string) =>
  (await ledger(accountId)).filter((e) => e.cause.type === 'payment' && e.cause.orderId === orderId);

/** What the payer does on the approval page: one of its buttons, as a browser posts the form. */
export async function onApprovalPage(stack: StackInfo, approveUrl: string, action: 'approve' | 'decline' | 'cancel') {
  const token = new URL(approveUrl).searchParams.get('token')!;
  const res = await fetch(new URL(`/checkoutnow/${action}`, stack.paypalUrl), {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`The approval page answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

export const createOrder = (
  stack: StackInfo,
  user: TestUser,
  input: { proUserId: string; trackId: string; feedbackPriceCents: number } & Record<string, unknown>,
) => callRoute(stack.apiUrl, 'createOrder', { shareOptions: REQUEST_OPTIONS, ...input }, user.idToken);

export const captureOrder = (stack: StackInfo, user: TestUser, orderId: string) =>
  callRoute(stack.apiUrl, 'captureOrder', { orderId }, user.idToken);

/** A request paid for through the API as the success page does: ordered, approved and captured. */
export async function paidRequest(
  stack: StackInfo,
  payer: TestUser,
  pro: { id: string; priceCents: number },
  title: string,
  seconds = 1,
  shareOptions: Record<string, unknown> = REQUEST_OPTIONS,
) {
  const track = await flows.uploadTrack(stack, payer, title, { seconds });
  const order = await createOrder(stack, payer, { proUserId: pro.id, trackId: track.id, feedbackPriceCents: pro.priceCents, shareOptions });
  if (order.status !== 200) throw new Error(`createOrder answered ${order.status}: ${JSON.stringify(order.body)}`);
  await onApprovalPage(stack, order.body.approveUrl, 'approve');
  const captured = await captureOrder(stack, payer, order.body.orderId);
  if (captured.status !== 200) throw new Error(`captureOrder answered ${captured.status}: ${JSON.stringify(captured.body)}`);
  return { track, orderId: order.body.orderId as string, view: captured.body };
}

/**
 * A paid request to `pro`, accepted and reviewed; with `release`, its hold over (the scheduled checks run
 * as at its end): the earning available.
 */
export async function reviewedPaid(
  stack: StackInfo,
  pro: { user: TestUser; id: string; priceCents: number },
  title: string,
  release = true,
) {
  const { user: buyer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Bea Buyer' });
  const { view, orderId } = await paidRequest(stack, buyer, pro, title);
  const accepted = await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.user.idToken);
  if (accepted.status !== 200) throw new Error(`respondToShare answered ${accepted.status}`);
  const reviewed = await flows.fullReview(stack, pro.user, view.shareId, 1);
  if (reviewed.status !== 200) throw new Error(`the review answered ${reviewed.status}`);
  if (release) {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const { EARNING_HOLD_DAYS } = await import('../../shared/money.js');
    await checkDuePayments(new Date(Date.parse((await payment(orderId)).fulfilledAt!) + EARNING_HOLD_DAYS * 86_400_000 + 60_000), {
      orderId,
    });
    if (!(await payment(orderId)).releasedAt) throw new Error('the earning was not released');
  }
  return { orderId, captureId: (await payment(orderId)).captureId!, buyer, shareId: view.shareId as string };
}

/**
 * The pro withdraws `cents` and PayPal pays it: waits until the payout is paid. PayPal's event usually settles
 * it; when it is late (a delivery refused on a busy machine is retried with backoff), the scheduled check that
 * asks PayPal settles it, as it would in AWS.
 */
export async function paidOut(stack: StackInfo, pro: TestUser, cents: number): Promise<string> {
  const payout = await callRoute(stack.apiUrl, 'createPayout', { amountCents: cents, idempotencyKey: crypto.randomUUID() }, pro.idToken);
  if (payout.status !== 200) throw new Error(`createPayout answered ${payout.status}: ${JSON.stringify(payout.body)}`);
  const { getPayout } = await import('../../functions/money/data/payouts.js');
  const { checkPayout } = await import('../../functions/money/payout-settlement.js');
  let askAt = Date.now() + 5_000;
  await until(
    'the payout paid',
    async () => {
      const { status } = (await getPayout(payout.body.id))!;
      if (status !== 'paid' && Date.now() > askAt) {
        askAt = Date.now() + 2_000;
        await checkPayout(payout.body.id);
      }
      return status;
    },
    (s) => s === 'paid',
  );
  return payout.body.id as string;
}

async function paypalToken(stack: StackInfo): Promise<string> {
  const res = await fetch(new URL('/v1/oauth2/token', stack.paypalUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_PAYMENT_SECRETS.paypalClientId}:${LOCAL_PAYMENT_SECRETS.paypalClientSecret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A call to the local PayPal's REST API with the app's credentials: a POST when it has a body. */
export async function paypalApi(stack: StackInfo, path: string, body?: string): Promise<Response> {
  const authorization = `Bearer ${await paypalToken(stack)}`;
  if (body === undefined) return fetch(new URL(path, stack.paypalUrl), { headers: { authorization } });
  return fetch(new URL(path, stack.paypalUrl), { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
}

/**
 * Every webhook event PayPal sent since `since` that names one of `ids` (an order, a capture, a payout),
 * delivered again, as PayPal does when it is not sure the first delivery arrived; waits until each is
 * delivered. The events delivered again.
 */
export async function deliverAgain(stack: StackInfo, since: string, ids: string[]): Promise<string[]> {
  const wanted = ids.filter(Boolean);
  if (!wanted.length) return [];
  const listed = (await (await paypalApi(stack, '/v1/notifications/webhooks-events?page_size=300')).json()) as {
    events: { id: string; create_time: string; resource: unknown }[];
  };
  const mine = listed.events.filter((e) => e.create_time >= since && wanted.some((id) => JSON.stringify(e.resource).includes(id)));
  for (const e of mine) {
    const res = await paypalApi(stack, `/v1/notifications/webhooks-events/${e.id}/resend`, '{}');
    if (!res.ok) throw new Error(`resending ${e.id}: ${res.status}`);
  }
  for (const e of mine) {
    await until(
      `event ${e.id} delivered again`,
      async () => ((await (await paypalApi(stack, `/v1/notifications/webhooks-events/${e.id}`)).json()) as { status: string }).status,
      (s) => s !== 'PENDING',
    );
  }
  return mine.map((e) => e.id);
}

/** The scheduled payment check of one payment, run at `at` (ms) in the test's process. */
export const checkAt = async (orderId: string, at: number) =>
  (await import('../../functions/money/payment-checks.js')).checkDuePayments(new Date(at), { orderId });
