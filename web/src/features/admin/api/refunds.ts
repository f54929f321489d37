import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api';

export const stuckRefundsKey = ['admin', 'stuck-refunds'] as const;

/** Refunds PayPal kept refusing, newest first, a page at a time. */
export function useStuckRefunds() {
  return useInfiniteQuery({
    queryKey: stuckRefundsKey,
    queryFn: ({ pageParam }) => api('listStuckRefunds', pageParam ? { cursor: pageParam } : {}),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ApiOutput<'listStuckRefunds'>) => last.next ?? undefined,
    staleTime: 0,
  });
}

/** 'Try again': the refund is sent again by the next payment check; the list is read again either way. */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api('retryRefund', { orderId }),
    onSettled: () => void client.invalidateQueries({ queryKey: stuckRefundsKey }),
  });
}
