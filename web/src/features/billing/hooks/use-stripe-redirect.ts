import { useEffect, useRef, useState } from 'react';
import type { PlanView } from '@shared/schemas/billing';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { leaveFor } from '@/lib/leave';
import { useOpenPortal, usePlans, useStartCheckout } from '@/features/billing/api/billing';
import { forgetBeforeLeaving, rememberBeforeLeaving, type PlanList } from '@/features/billing/utils/plans';

type Leaving = { kind: 'checkout'; planId: string } | { kind: 'portal' } | null;

/**
 * Leaving for Stripe: Checkout for an upgrade, or the customer portal. `leaving` says which trip is
 * starting (every other one waits); `problem` why one could not start, and whether Manage billing is the
 * way out, with `problemRef` for where it shows.
 */
export function useStripeRedirect(plans: Pick<ReturnType<typeof usePlans>, 'data' | 'refetch'>) {
  const startCheckout = useStartCheckout();
  const openPortal = useOpenPortal();
  const [leaving, setLeaving] = useState<Leaving>(null);
  const [problem, setProblem] = useState<{ message: string; manage: boolean } | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

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

  return { leaving, problem, problemRef, upgrade, manage };
}

export type StripeRedirect = ReturnType<typeof useStripeRedirect>;
