/**
 * Monthly plans: what each plan is (read from the card provider, cached briefly), which one a user is on
 * (their subscription, copied onto their record by the webhook), checkout and the customer portal. The
 * limits a plan sets are enforced by the use cases that spend them (plan-limits.ts), without this module's
 * provider SDK.
 */
import { paths } from '../../shared/paths.js';
import { formatCents } from '../../shared/money.js';
import * as data from '../data/billing.js';
import { getUser, type UserRecord } from '../data/users.js';
import { webhookSeen, recordWebhook } from '../data/payments.js';
import { config } from '../lib/config.js';
import { BadRequest, Conflict, NotFound } from '../lib/errors.js';
import { billing, type Plan, type Subscription } from '../providers/billing.js';
import { savePlanCatalog } from '../data/plans.js';
import { FALLBACK_FREE_LIMITS, LIVE } from './plan-limits.js';
import { sendMailToUser } from './notifications.js';

/** Plans change rarely (an operator edits them in Stripe): read at most once a minute per container. */
const PLANS_TTL_MS = 60_000;

let cache: { at: number; plans: Plan[] } | undefined;

/** The plans from the provider (cached a minute), kept in the table too for the limits' readers. */
export async function listPlans(opts: { fresh?: boolean } = {}): Promise<Plan[]> {
  if (!opts.fresh && cache && Date.now() - cache.at < PLANS_TTL_MS) return cache.plans;
  const readAt = new Date().toISOString();
  const plans = await billing().listPlans();
  if (JSON.stringify(plans) !== JSON.stringify(cache?.plans)) await savePlanCatalog(plans, readAt);
  cache = { at: Date.now(), plans };
  return plans;
}

/** The plans and where the caller stands: their stored plan, else the free one (price zero). */
export async function plansFor(user: UserRecord) {
  const plans = await listPlans();
  const free = plans.find((p) => p.price.amount === 0);
  const current = user.plan && plans.some((p) => p.id === user.plan!.id) ? user.plan.id : (free?.id ?? null);
  return {
    plans,
    currentPlanId: current,
    subscription: user.plan ? { status: user.plan.status, currentPeriodEnd: user.plan.currentPeriodEnd, cancelAtPeriodEnd: user.plan.cancelAtPeriodEnd } : null,
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
  const plan = (await listPlans()).find((p) => p.price.id === priceId) ?? (await listPlans({ fresh: true })).find((p) => p.price.id === priceId);
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
  return { url: await billing().createPortal({ customerId: user.stripeCustomerId, returnUrl: `${config.appUrl}${paths.settings}?portal=return` }) };
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

/** Reads the customer's subscriptions as they stand and stores the plan they give. */
export async function syncCustomer(customerId: string): Promise<void> {
  const userId = await data.userOfCustomer(customerId);
  if (!userId) return;
  const readAt = new Date().toISOString();
  const [subscriptions, cached] = await Promise.all([billing().subscriptionsOf(customerId), listPlans()]);
  const known = subscriptions.every((s) => cached.some((p) => p.id === s.planId));
  await data.setPlan(userId, planOf(subscriptions, known ? cached : await listPlans({ fresh: true })), readAt);
}

/** Events after which the plans themselves may have changed (an operator edited a product or a price). */
const CATALOG = new Set(['product.created', 'product.updated', 'product.deleted', 'price.created', 'price.updated', 'price.deleted']);

const SYNCING = new Set(['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid']);

/**
 * A Stripe webhook delivery: its signature checked on the raw body (400, nothing changed, when it is not
 * genuine), then applied once per event id. Subscription events set the plan from the customer's
 * subscriptions as they stand, so events arriving late, twice or out of order converge.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<void> {
  const event = await billing().verifyEvent(rawBody, signature);
  if (!event) throw new BadRequest('The webhook signature is not valid', undefined, 'invalid_signature');
  if (await webhookSeen('stripe', event.id)) return;
  if (CATALOG.has(event.type)) await listPlans({ fresh: true });
  if (event.customerId && SYNCING.has(event.type)) await syncCustomer(event.customerId);
  if (event.customerId && event.type === 'invoice.payment_failed') await paymentFailed(event.id, event.customerId, event.amountDue);
  await recordWebhook('stripe', event.id, event.type);
}

async function paymentFailed(eventId: string, customerId: string, amountDue: number | undefined) {
  await syncCustomer(customerId);
  const userId = await data.userOfCustomer(customerId);
  const user = userId ? await getUser(userId) : null;
  if (!user || !(await data.claimEventEmail('stripe', eventId))) return;
  await sendMailToUser(user.id, `Your payment for ${user.plan?.name ?? 'your plan'} failed`, [
    `Hi ${user.fullName},`,
    `We could not take the payment${amountDue ? ` of ${formatCents(amountDue)}` : ''} for your ${user.plan?.name ?? ''} plan.`.replace('  ', ' '),
    'Update your card from Manage billing in Settings to keep your plan.',
  ], paths.settings);
}

