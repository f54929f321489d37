import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const earningsQueryKey = ['earnings'] as const;

/** The pro's balance and the latest ledger entries behind it. */
export function useEarnings(enabled = true) {
  return useQuery({ queryKey: earningsQueryKey, queryFn: () => api('getEarnings'), enabled });
}
