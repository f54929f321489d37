import type { PlanView } from '@shared/schemas/billing';
import type { ApiOutput } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { sessionNote } from '@/lib/session-note';

export type PlanList = ApiOutput<'listPlans'>;
export type Subscription = NonNullable<PlanList['subscription']>;

/** Cheapest first; equal prices keep the provider's order. */
export const sortPlans = (plans: readonly PlanView[]): PlanView[] => [...plans].sort((a, b) => a.price.amount - b.price.amount);

/** The caller's plan: the stored one, else the free one (price zero); null when neither is offered. */
export function currentPlanOf(list: Pick<PlanList, 'plans' | 'currentPlanId'>): PlanView | null {
  return list.plans.find((p) => p.id === list.currentPlanId) ?? list.plans.find((p) => p.price.amount === 0) ?? null;
}

/** '$9.00' (the amount is in cents); the period is shown beside it. */
export const planPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What the subscription line says, and whether it is a warning; null when there is nothing to say. */
export function subscriptionLine(sub: Subscription | null): { text: string; warning: boolean } | null {
  if (!sub) return null;
  if (sub.status === 'past_due') return { text: 'Your last payment failed. Update your card in Manage billing.', warning: true };
  const date = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : '';
  if (!date) return null;
  return { text: `${sub.cancelAtPeriodEnd ? 'Cancels' : 'Renews'} on ${date}`, warning: false };
}

/** What a trip to Stripe may change: compared before and after to know when the webhook has landed. */
export const billingSignature = (list: Pick<PlanList, 'currentPlanId' | 'subscription'>) =>
  JSON.stringify([list.currentPlanId, list.subscription?.status ?? null, list.subscription?.cancelAtPeriodEnd ?? null]);

const left = sessionNote('snip.billing.left');

/**
 * Notes, before leaving for Stripe, where billing stood: the page compares on the way back (without
 * storage it waits for a paid plan instead).
 */
export const rememberBeforeLeaving = (list: PlanList): void => left.keep(billingSignature(list));

/** Where billing stood before the trip to Stripe, if noted. */
export const peekBeforeLeaving = (): string | null => left.peek();

/** The note is for one return only. */
export const forgetBeforeLeaving = (): void => left.forget();
