import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PlanView } from '@shared/schemas/billing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { LoadingRow, QueryStates } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useOpenPortal, usePlans, useStartCheckout } from '@/features/billing/api/billing';
import {
  billingSignature,
  currentPlanOf,
  forgetBeforeLeaving,
  peekBeforeLeaving,
  rememberBeforeLeaving,
  sortPlans,
  subscriptionLine,
  type PlanList,
} from '@/features/billing/utils/plans';
import { leaveFor } from '@/lib/leave';
import { PlanCard, type PlanAction } from './plan-card';
import '@/features/billing/billing.css';

export const CHECKOUT_SUCCESS = 'Payment received: your plan will show here in a moment.';
export const CHECKOUT_CANCELLED = 'Checkout cancelled: nothing was charged.';
export const CHECKOUT_SLOW = 'Your plan is taking longer than usual to show: reload this page in a minute.';
export const NO_PLANS = 'No plans are available right now.';

/** How often, and for how long, the plans are re-read after a trip to Stripe until its webhook has landed. */
export const POLL_MS = 2000;
export const WATCH_MS = 20_000;

type Leaving = { kind: 'checkout'; planId: string } | { kind: 'portal' } | null;

const checkoutOutcome = (value: string | null) => (value === 'success' || value === 'cancelled' ? value : null);
const paidPlanCurrent = (list: PlanList) => (currentPlanOf(list)?.price.amount ?? 0) > 0;

/**
 * Billing & Plan: the plans cheapest first with the current one marked and Upgrade on dearer ones (to
 * Stripe Checkout), where the subscription stands, and Manage billing (Stripe's customer portal).
 * Back from Stripe (?checkout=success, or the portal's return) the plans are re-read every 2 s for up to
 * 20 s until what the trip changed shows: Stripe's webhook reaches the API a moment after the browser.
 * The checkout's banner can be dismissed; 'Payment received' goes by itself once the new plan shows.
 */
export function BillingSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [checkout] = useState(() => checkoutOutcome(searchParams.get('checkout')));
  // Where billing stood when the browser left for Stripe; a cancelled checkout changed nothing.
  const [before] = useState(() => (checkout === 'cancelled' ? null : peekBeforeLeaving()));
  const [watchUntil] = useState(() => (checkout === 'success' || before !== null ? Date.now() + WATCH_MS : 0));
  const [timedOut, setTimedOut] = useState(false);
  const settled = useCallback((list: PlanList) => (before !== null ? billingSignature(list) !== before : paidPlanCurrent(list)), [before]);
  const plans = usePlans({ pollMs: POLL_MS, keepPolling: (list) => Date.now() < watchUntil && !(list && settled(list)) });
  const [outcomeDismissed, setOutcomeDismissed] = useState(false);
  // 'Your plan will show here in a moment' is stale once it shows: the banner goes then (or when dismissed).
  const paymentPending = checkout === 'success' && !(plans.data && settled(plans.data));

  const startCheckout = useStartCheckout();
  const openPortal = useOpenPortal();
  const [leaving, setLeaving] = useState<Leaving>(null);
  const [problem, setProblem] = useState<{ message: string; manage: boolean } | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    // Back from Stripe with the browser's Back button, the page is restored as it was left: 'Redirecting...'.
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setLeaving(null);
      forgetBeforeLeaving();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);

  const leave = (list: PlanList) => (url: string) => {
    rememberBeforeLeaving(list);
    leaveFor(url);
  };

  const fail = (fallback: string) => (err: unknown) => {
    setLeaving(null);
    const code = err instanceof ApiError ? err.code : '';
    setProblem({ message: errorMessage(err, fallback), manage: code === 'has_subscription' });
    // These say the page is behind what the server knows.
    if (['has_subscription', 'already_subscribed', 'no_billing_account'].includes(code)) void plans.refetch();
  };

  const upgrade = (plan: PlanView) => {
    if (leaving || !plans.data) return;
    setLeaving({ kind: 'checkout', planId: plan.id });
    setProblem(null);
    startCheckout.mutate(plan.price.id, { onSuccess: leave(plans.data), onError: fail('Could not start the checkout. Please try again.') });
  };

  const manage = () => {
    if (leaving || !plans.data) return;
    setLeaving({ kind: 'portal' });
    setProblem(null);
    openPortal.mutate(undefined, { onSuccess: leave(plans.data), onError: fail('Could not open billing. Please try again.') });
  };

  /** The plans and what can be done from here, once they are known. */
  const planList = (list: PlanList) => {
    const current = currentPlanOf(list);
    const currentAmount = current?.price.amount ?? 0;
    const actionOf = (p: PlanView): PlanAction => (p.id === current?.id ? 'current' : p.price.amount > currentAmount ? 'upgrade' : 'none');
    const line = subscriptionLine(list.subscription);
    const showManage = list.canManage || Boolean(problem?.manage);
    return (
      <>
        <ul className="plan-grid" aria-label="Plans" data-testid="plan-grid">
          {sortPlans(list.plans).map((p) => (
            <PlanCard
              key={p.id}
              plan={p}
              action={actionOf(p)}
              busy={leaving?.kind === 'checkout' && leaving.planId === p.id}
              disabled={leaving !== null}
              onUpgrade={upgrade}
            />
          ))}
        </ul>
        {checkout === 'success' && timedOut && !settled(list) && (
          <p className="muted small" data-testid="checkout-slow">
            {CHECKOUT_SLOW}
          </p>
        )}
        {problem && (
          <div ref={problemRef}>
            <Alert tone="error" testId="billing-error">
              {problem.message}
            </Alert>
          </div>
        )}
        {(line || showManage) && (
          <div className="billing-manage" data-testid="billing-manage">
            {line && (
              <p className={`billing-status${line.warning ? ' is-warning' : ''}`} data-testid="subscription-status">
                {line.text}
              </p>
            )}
            {showManage && (
              <Button
                variant="secondary"
                className="billing-manage-button"
                onClick={manage}
                busy={leaving?.kind === 'portal'}
                busyText="Redirecting..."
                disabled={leaving !== null}
                data-testid="manage-billing"
              >
                Manage billing
              </Button>
            )}
          </div>
        )}
      </>
    );
  };

  return (
    <Panel title="Billing & Plan" className="billing" testId="billing">
      {paymentPending && !outcomeDismissed && (
        <Alert tone="success" testId="checkout-success" onDismiss={() => setOutcomeDismissed(true)}>
          {CHECKOUT_SUCCESS}
        </Alert>
      )}
      {checkout === 'cancelled' && !outcomeDismissed && (
        <Alert tone="info" testId="checkout-cancelled" onDismiss={() => setOutcomeDismissed(true)}>
          {CHECKOUT_CANCELLED}
        </Alert>
      )}
      <QueryStates
        query={plans}
        loading={<LoadingRow className="billing-loading" testId="loading" />}
        failed="Failed to load the plans. Please try again."
        errorTestId="plans-error"
        retryClassName="link-button alert-action"
        retryTestId="plans-retry"
        isEmpty={plans.data?.plans.length === 0}
        empty={
          <p className="billing-empty muted" data-testid="plans-empty">
            {NO_PLANS}
          </p>
        }
      >
        {planList}
      </QueryStates>
    </Panel>
  );
}
