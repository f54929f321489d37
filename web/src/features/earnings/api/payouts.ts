/** A pro's payouts: the PayPal address they are paid at, their withdrawals, and the list of them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { earningsQueryKey } from './earnings';

export const payoutAccountKey = ['payout-account'] as const;
export const payoutsKey = ['payouts'] as const;

export function usePayoutAccount() {
  return useQuery({ queryKey: payoutAccountKey, queryFn: () => api('getPayoutAccount') });
}

export function usePayouts() {
  return useQuery({ queryKey: payoutsKey, queryFn: () => api('listPayouts', {}) });
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
