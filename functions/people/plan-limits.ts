/**
 * The limits a plan sets (how many tracks a musician keeps, AI suggestions an hour), for the use cases
 * that spend them. The user's plan and its limits are on their record (copied by the billing webhook);
 * the free plan's come from the plan catalog in the table (functions/money/data/plans.ts), so no request here
 * needs the card provider, its SDK, or the provider being up.
 */
import { formatCents } from '../../shared/money.js';
import { getPlanCatalog } from '../money/data/index.js';
import type { UserRecord } from './data/users.js';
import { Conflict } from '../lib/errors.js';
import { FALLBACK_FREE_LIMITS, type Plan, type PlanLimits } from '../../shared/plan.js';
import { log } from '../lib/observability.js';

export { FALLBACK_FREE_LIMITS };
/** Subscriptions in these states give their plan; the others (canceled, unpaid, incomplete...) do not. */
export const LIVE = new Set(['active', 'trialing', 'past_due']);
/** The catalog changes rarely: read from the table at most once a minute per container. */
const CATALOG_TTL_MS = 60_000;

/** Who has a plan: the caller's record, or what a job knows of a user. */
export type PlanHolder = Pick<UserRecord, 'id' | 'plan'>;

let cache: { at: number; plans: Plan[] } | undefined;

async function catalog(): Promise<Plan[]> {
  if (cache && Date.now() - cache.at < CATALOG_TTL_MS) return cache.plans;
  try {
    cache = { at: Date.now(), plans: (await getPlanCatalog())?.plans ?? [] };
  } catch (err) {
    log.error('Plan catalog not readable; the free plan limits apply', err);
    return cache?.plans ?? [];
  }
  return cache.plans;
}

const onPlan = (user: PlanHolder) => Boolean(user.plan && LIVE.has(user.plan.status));

/**
 * The limits of the user's plan: their subscription's plan as the catalog has it now (an operator's edit
 * reaches subscribers at once), else as copied when they subscribed; without one, the free plan's.
 */
export async function limitsOf(user: PlanHolder): Promise<PlanLimits> {
  const plans = await catalog();
  if (onPlan(user)) return plans.find((p) => p.id === user.plan!.id)?.limits ?? user.plan!.limits;
  return plans.find((p) => p.price.amount === 0)?.limits ?? FALLBACK_FREE_LIMITS;
}

/**
 * 409 plan_limit when the user would go past what their plan allows, naming the cheapest dearer plan that
 * lifts it. `used` is what they have now (or its pending count); `what` how the limit reads, for one and for many.
 */
export async function assertWithinPlan(
  user: PlanHolder,
  key: keyof PlanLimits,
  used: number | Promise<number>,
  what: [one: string, many: string],
): Promise<void> {
  // The count may still be on its way: read the limits meanwhile.
  const [limits, have] = await Promise.all([limitsOf(user), used]);
  const limit = limits[key];
  if (limit === null || have < limit) return;
  const count = (n: number | null) => (n === null ? `unlimited ${what[1]}` : `${n} ${n === 1 ? what[0] : what[1]}`);
  const plans = await catalog();
  const paying = plans.find((p) => p.id === user.plan?.id)?.price.amount ?? 0;
  const lifts = plans.find((p) => p.price.amount > paying && (p.limits[key] === null || p.limits[key]! > limit));
  const current = onPlan(user) ? user.plan!.name : (plans.find((p) => p.price.amount === 0)?.name ?? 'free');
  const more = lifts ? ` Upgrade to ${lifts.name} (${formatCents(lifts.price.amount)} a month) for ${count(lifts.limits[key])}.` : '';
  throw new Conflict(`Your ${current} plan allows ${count(limit)}.${more}`, 'plan_limit', lifts ? { upgradePlanId: lifts.id } : undefined);
}
