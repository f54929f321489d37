import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePlans } from '@/features/billing/api/billing';
import { billingSignature, currentPlanOf, forgetBeforeLeaving, peekBeforeLeaving, type PlanList } from '@/features/billing/utils/plans';

/** How often, and for how long, the plans are re-read after a trip to Stripe until its webhook has landed. */
const POLL_MS = 2000;
const WATCH_MS = 20_000;

/** How a checkout ended, as the address back from Stripe says. */
export type CheckoutResult = 'success' | 'cancelled' | null;

const checkoutOutcome = (value: string | null): CheckoutResult => (value === 'success' || value === 'cancelled' ? value : null);
const paidPlanCurrent = (list: PlanList) => (currentPlanOf(list)?.price.amount ?? 0) > 0;

/**
 * The plans, and what a trip to Stripe left to wait for: back from it (?checkout=success, or the portal's
 * return) they are re-read every 2 s for up to 20 s until what the trip changed shows, since Stripe's
 * webhook reaches the API a moment after the browser. `checkout` is the checkout's outcome as the
 * address said on arrival; `paymentPending` says a payment is not showing yet; `isSlow` that it is
 * taking longer than the watch.
 */
export function useStripeReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [checkout] = useState(() => checkoutOutcome(searchParams.get('checkout')));
  // Where billing stood when the browser left for Stripe; a cancelled checkout changed nothing.
  const [before] = useState(() => (checkout === 'cancelled' ? null : peekBeforeLeaving()));
  const [watchUntil] = useState(() => (checkout === 'success' || before !== null ? Date.now() + WATCH_MS : 0));
  const [timedOut, setTimedOut] = useState(false);
  const settled = useCallback((list: PlanList) => (before !== null ? billingSignature(list) !== before : paidPlanCurrent(list)), [before]);
  const plans = usePlans({ pollMs: POLL_MS, keepPolling: (list) => Date.now() < watchUntil && !(list && settled(list)) });
  // 'Your plan will show here in a moment' is stale once it shows: the banner goes then (or when dismissed).
  const paymentPending = checkout === 'success' && !(plans.data && settled(plans.data));
  const isSlow = (list: PlanList) => checkout === 'success' && timedOut && !settled(list);

  useEffect(() => {
    forgetBeforeLeaving();
    // The outcome is read once: a reload later should not say 'Payment received' again.
    // (The portal's return address says ?portal=return; the note kept before leaving tells the rest.)
    if (searchParams.has('checkout') || searchParams.has('portal')) {
      const next = new URLSearchParams(searchParams);
      next.delete('checkout');
      next.delete('portal');
      setSearchParams(next, { replace: true });
    }
    // Only on arrival: what the URL said then is kept in state.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!watchUntil) return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, watchUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [watchUntil]);

  return { checkout, plans, paymentPending, isSlow };
}
