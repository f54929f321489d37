import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PlanList } from '@/features/billing/utils/plans';

export const plansQueryKey = ['billing', 'plans'] as const;

/**
 * The plans and where the caller stands. `pollMs` re-reads them on a timer while `keepPolling` says the
 * answer is not the one awaited yet (Stripe's webhook lands a moment after the browser is back).
 */
export function usePlans(watch?: { pollMs: number; keepPolling: (list: PlanList | undefined) => boolean }) {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => api('listPlans'),
    refetchInterval: (query) => (watch && watch.keepPolling(query.state.data) ? watch.pollMs : false),
  });
}

/** A Stripe Checkout for a paid plan's price: answers where the browser goes. */
export function useStartCheckout() {
  return useMutation({ mutationFn: async (priceId: string) => (await api('createCheckoutSession', { priceId })).url });
}

/** Stripe's customer portal (change or cancel the plan, update the card): answers where the browser goes. */
export function useOpenPortal() {
  return useMutation({ mutationFn: async () => (await api('createPortalSession', {})).url });
}
