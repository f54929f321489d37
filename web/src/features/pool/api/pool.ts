/** Snip Pro requests (shared/pool.ts): a pro's offers and claims, a musician's requests still finding their reviewer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const poolOffersKey = ['pool-offers'] as const;
export const waitingPoolKey = ['pool-waiting'] as const;

/** Offers come in waves and go when another pro takes them: looked at again each minute while shown. */
const REFRESH_MS = 60_000;

export const usePoolOffers = (enabled: boolean) =>
  useQuery({
    queryKey: poolOffersKey,
    queryFn: async () => (await api('listPoolOffers', {})).offers,
    enabled,
    refetchInterval: REFRESH_MS,
  });

export const useWaitingPoolRequests = () =>
  useQuery({
    queryKey: waitingPoolKey,
    queryFn: async () => (await api('listWaitingPoolRequests', {})).requests,
    refetchInterval: REFRESH_MS,
  });

/** Takes an offered request: won, it is the pro's to review; lost to another pro, the offers are read again. */
export function useClaimPoolRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api('claimPoolRequest', { orderId }),
    // Won, a request joins the pro's lists; lost, the offer is gone: the lists are read again.
    onSettled: () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' }),
  });
}

/** Withdraws a request still in the pool: refunded in full; the lists (and the payments) are read again either way. */
export function useWithdrawPoolRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api('withdrawPoolRequest', { orderId }),
    onSettled: () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' }),
  });
}
