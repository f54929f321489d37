/**
 * Monthly plans: what each plan is (read from the card provider, cached briefly), which one a user is on
 * (their subscription, copied onto their record by the webhook), checkout and the customer portal. The
 * limits a plan sets are enforced by the use cases that spend them (people/plan-limits.ts), without this module's
 * provider SDK.
 */
import { paths } from '../../shared/paths.js';
import { formatCents } from '../../shared/money.js';
import { planCards } from '../../shared/plan.js';
import * as data from './data/billing.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { webhookSeen, recordWebhook, type WebhookEvent } from './data/payments.js';
import { config } from '../lib/config.js';
import { BadRequest, Conflict, NotFound } from '../lib/errors.js';
import { billing, type Plan, type Subscription } from '../providers/billing.js';
import { savePlanCatalog } from './data/plans.js';
import { FALLBACK_FREE_LIMITS, LIVE } from '../people/index.js';
import { enforceRateLimit, sendClaimedMail } from '../platform/index.js';
import { count, log } from '../lib/observability.js';

/** Plans change rarely (an operator edits them in Stripe): read at most once a minute per container. */
const PLANS_TTL_MS = 60_000;

let cache: { at: number; plans: Plan[] } | undefined;

/**
 * The plans from the provider (cached a minute), and `store`, which keeps the table's copy in step for
 * the limits' readers (and caches them): a caller with a write of its own makes both at once.
 */
async function readPlans(opts: { fresh?: boolean } = {}): Promise<{ plans: Plan[]; store: () => Promise<void> }> {
  if (!opts.fresh && cache && Date.now() - cache.at < PLANS_TTL_MS) return { plans: cache.plans, store: async () => {} };
  const readAt = new Date().toISOString();
  const plans = await billing().listPlans();
  const changed = JSON.stringify(plans) !== JSON.stringify(cache?.plans);
  return {
    plans,
    store: async () => {
      if (changed) await savePlanCatalog(plans, readAt);
      cache = { at: Date.now(), plans };
    },
  };
}

/** The plans from the provider (cached a minute), kept in the table too for the limits' readers. */
export async function listPlans(opts: { fresh?: boolean } = {}): Promise<Plan[]> {
  const { plans, store } = await readPlans(opts);
  await store();
  return plans;
}

/**
 * The plans for a visitor (GET /plans, public): what the front page shows when the showcase has no catalog
 * yet, as on a fresh deployment before anyone opened Billing. Reading them stores the catalog, so the
 * showcase has it from then on.
 */
export async function publicPlans(clientIp: string) {
  await enforceRateLimit('plans', clientIp);
  return { plans: planCards(await listPlans()) };
}

/** The plans and where the caller stands: their stored plan, else the free one (price zero). */
export async function plansFor(user: UserRecord) {
  const plans = await listPlans();
  const free = plans.find((p) => p.price.amount === 0);
  const current = user.plan && plans.some((p) => p.id === user.plan!.id) ? user.plan.id : (free?.id ?? null);
  return {
    plans,
    currentPlanId: current,
    subscription: user.plan
      ? { status: user.plan.status, currentPeriodEnd: user.plan.currentPeriodEnd, cancelAtPeriodEnd: user.plan.cancelAtPeriodEnd }
      : null,
    canManage: Boolean(user.stripeCustomerId),
  };
}

/** The user's customer at the provider, created the first time it is needed. */
async function customerOf(user: UserRecord): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customerId = await billing().createCustomer({ id: user.id, email: user.email, name: user.fullName });
  if (!(await data.saveCustomer(user.id, customerId))) {
    const again = await getUser(user.id);
    if (again?.stripeCustomerId) return again.stripeCustomerId;
  }
  return customerId;
}

/** Starts a checkout for a paid plan; the caller is the customer, never a body field. Returns where the browser goes. */
export async function startCheckout(user: UserRecord, priceId: string): Promise<{ url: string }> {
  // A plan added in the last minute is not in the cache yet: one fresh read before saying no.
  const plan =
    (await listPlans()).find((p) => p.price.id === priceId) ?? (await listPlans({ fresh: true })).find((p) => p.price.id === priceId);
  if (!plan) throw new NotFound('That plan is not offered');
  if (plan.price.amount === 0) throw new BadRequest('The free plan needs no checkout', { priceId: 'Choose a paid plan' });
  if (user.plan && LIVE.has(user.plan.status)) {
    if (user.plan.id === plan.id) throw new Conflict(`You are already on the ${plan.name} plan`, 'already_subscribed');
    throw new Conflict('You already have a paid plan: change it from Manage billing.', 'has_subscription');
  }
  const customerId = await customerOf(user);
  const settings = `${config.appUrl}${paths.settings}`;
  const url = await billing().createCheckout({
    customerId,
    priceId,
    userId: user.id,
    successUrl: `${settings}?checkout=success`,
    cancelUrl: `${settings}?checkout=cancelled`,
    // One session per user, plan and minute: a double click opens the same checkout.
    idempotencyKey: `checkout-${user.id}-${priceId}-${new Date().toISOString().slice(0, 16)}`,
  });
  return { url };
}

/** The provider's customer portal (change or cancel the plan), for a user who has a billing account. */
export async function openPortal(user: UserRecord): Promise<{ url: string }> {
  if (!user.stripeCustomerId) throw new Conflict('You have no billing account yet: choose a plan first.', 'no_billing_account');
  // Marked, so that the page knows to look for a change made there (the webhook lands a moment later).
  return {
    url: await billing().createPortal({ customerId: user.stripeCustomerId, returnUrl: `${config.appUrl}${paths.settings}?portal=return` }),
  };
}

/** The plan a customer's subscriptions give now: the dearest live one, or none (the free plan). */
function planOf(subscriptions: Subscription[], plans: Plan[]): data.UserPlan | null {
  const live = subscriptions
    .filter((s) => LIVE.has(s.status))
    .map((s) => ({ s, plan: plans.find((p) => p.id === s.planId) }))
    .sort((a, b) => (b.plan?.price.amount ?? 0) - (a.plan?.price.amount ?? 0));
  const best = live[0];
  if (!best) return null;
  return {
    id: best.s.planId,
    name: best.plan?.name ?? best.s.planId,
    priceId: best.s.priceId,
    subscriptionId: best.s.id,
    status: best.s.status,
    currentPeriodEnd: best.s.currentPeriodEnd,
    cancelAtPeriodEnd: best.s.cancelAtPeriodEnd,
    limits: best.plan?.limits ?? FALLBACK_FREE_LIMITS,
  };
}

/** The plan the customer's subscriptions give as they stand, when it was read, and the plans' `store` (readPlans). */
async function currentPlan(customerId: string) {
  const readAt = new Date().toISOString();
  const [subscriptions, cached] = await Promise.all([billing().subscriptionsOf(customerId), readPlans()]);
  const known = subscriptions.every((s) => cached.plans.some((p) => p.id === s.planId));
  const catalog = known ? cached : await readPlans({ fresh: true });
  return { plan: planOf(subscriptions, catalog.plans), readAt, storePlans: catalog.store };
}

/** Events after which the plans themselves may have changed (an operator edited a product or a price). */
const CATALOG = new Set(['product.created', 'product.updated', 'product.deleted', 'price.created', 'price.updated', 'price.deleted']);

const SYNCING = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
]);

/** A renewal that could not be charged: the plan is synced as for SYNCING, and the user e-mailed once. */
const PAYMENT_FAILED = 'invoice.payment_failed';

/**
 * A Stripe-Signature header as Stripe writes it: a timestamp and a v1 HMAC-SHA256 (64 hex digits), among
 * other schemes' signatures. Anything else is not a delivery from Stripe, forged or not.
 */
export function stripeSignatureShaped(signature: string | undefined): boolean {
  if (!signature || signature.length > 1000) return false;
  const parts = signature.split(',').map((p) => p.split('='));
  return (
    parts.some(([k, v]) => k === 't' && /^\d{1,12}$/.test(v ?? '')) && parts.some(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? ''))
  );
}

/**
 * A Stripe webhook delivery: its signature checked on the raw body (400, nothing changed, when it is not
 * genuine: counted as WebhooksRejected, an alarm, only when the header has Stripe's shape, for a junk POST
 * is nobody's forgery), then applied once per event id. Subscription events set the plan from the customer's
 * subscriptions as they stand, so events arriving late, twice or out of order converge.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<void> {
  if (!stripeSignatureShaped(signature)) {
    count('WebhooksMalformed');
    throw new BadRequest('The Stripe-Signature header is missing or not as Stripe writes it', undefined, 'missing_signature');
  }
  const event = await billing().verifyEvent(rawBody, signature);
  if (!event) {
    count('WebhooksRejected');
    throw new BadRequest('The webhook signature is not valid', undefined, 'invalid_signature');
  }
  const customerId = event.customerId && (SYNCING.has(event.type) || event.type === PAYMENT_FAILED) ? event.customerId : null;
  // Whether the event was applied, and whose customer it is about, read at once.
  const [seen, userId] = await Promise.all([webhookSeen('stripe', event.id), customerId ? data.userOfCustomer(customerId) : null]);
  if (seen) return;
  const applied: WebhookEvent = { provider: 'stripe', eventId: event.id, type: event.type };
  if (CATALOG.has(event.type)) await listPlans({ fresh: true });
  if (customerId && userId) return syncPlan(userId, customerId, applied, event.amountDue);
  await recordWebhook('stripe', event.id, event.type);
}

/**
 * Stores the plan the customer's subscriptions give now, recording the event in the same write; a failed
 * payment also claims its e-mail there, the user being read beside it for the e-mail.
 */
async function syncPlan(userId: string, customerId: string, event: WebhookEvent, amountDue: number | undefined): Promise<void> {
  const { plan, readAt, storePlans } = await currentPlan(customerId);
  const failed = event.type === PAYMENT_FAILED;
  // Only the write may fail the delivery: once it is made the event is recorded, so a redelivery would
  // not send the e-mail it claimed. The reads and the catalogue beside it fail softly.
  const [result, read] = await Promise.all([
    data.applyPlanEvent(userId, plan, readAt, event, failed),
    failed ? getUser(userId).catch(() => undefined) : null,
    storePlans().catch((err: unknown) => log.error('Plan catalogue not stored; the next read stores it', err)),
  ]);
  // Stale: a later read of the subscriptions is stored already, which a redelivery would only repeat, so
  // the event needs no record of its own; a failed payment's e-mail is still owed.
  if (!failed || result === 'claimed') return;
  if (result === 'stale' && !(await data.claimEventEmail(event))) return;
  // The recipient, read again in the rare case the read beside the write failed.
  const user = read === undefined ? await getUser(userId).catch(() => null) : read;
  if (!user) return;
  // The plan the failed invoice is for, as just read (the user's stored one when the read gave none).
  const name = (plan ?? user.plan)?.name;
  // Claimed above; a failure is logged (the event is recorded, so it is not sent again).
  await sendClaimedMail(
    user,
    'payments',
    `Your payment for ${name ?? 'your plan'} failed`,
    [
      `Hi ${user.fullName},`,
      `We could not take the payment${amountDue ? ` of ${formatCents(amountDue)}` : ''} for your ${name ?? ''} plan.`.replace('  ', ' '),
      'Update your card from Manage billing in Settings to keep your plan.',
    ],
    paths.settings,
  );
}
