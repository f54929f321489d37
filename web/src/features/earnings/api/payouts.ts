/** A pro's payouts: the PayPal address they are paid at, their withdrawals, and the list of them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { earningsQueryKey } from './earnings';

export const payoutAccountKey = ['payout-account'] as const;
export const payoutsKey = ['payouts'] as const;

/** How often a payout on its way is asked about while the page shows it (PayPal settles it in its own time). */
export const PAYOUT_POLL_MS = 10_000;

const inFlight = (status: string) => status === 'sending' || status === 'pending';

/** The payout settings; asked again while a payout is open, so that Withdraw comes back once it settles. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: () => api('getPayoutAccount'),
    refetchInterval: (q) => (q.state.data?.openPayoutId ? PAYOUT_POLL_MS : false),
  });
}

/**
 * The pro's payouts; asked again while one is on its way. A payout seen settled here that the settings still
 * hold open has them asked again at once, so the two never disagree for longer than a round trip.
 */
export function usePayouts() {
  const client = useQueryClient();
  return useQuery({
    queryKey: payoutsKey,
    queryFn: async () => {
      const page = await api('listPayouts', {});
      const open = client.getQueryData<{ openPayoutId: string | null }>(payoutAccountKey)?.openPayoutId;
      if (open && page.payouts.some((p) => p.id === open && !inFlight(p.status)))
        void client.invalidateQueries({ queryKey: payoutAccountKey });
      return page;
    },
    refetchInterval: (q) => (q.state.data?.payouts.some((p) => inFlight(p.status)) ? PAYOUT_POLL_MS : false),
  });
}

export function useSetPayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api('setPayoutAccount', { email }),
    onSuccess: (account) => client.setQueryData(payoutAccountKey, account),
  });
}

/** Withdraws the available balance the pro saw; the key makes a double click or a retry one payout. */
export function useCreatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amountCents: number; idempotencyKey: string }) => api('createPayout', input),
    onSettled: () =>
      Promise.all([payoutAccountKey, payoutsKey, earningsQueryKey].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
