/** A musician's payments for feedback and their receipts. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useReceipts() {
  return useInfiniteQuery({
    queryKey: ['receipts'],
    queryFn: ({ pageParam }) => api('listMyPayments', pageParam ? { cursor: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function useReceipt(orderId: string) {
  return useQuery({ queryKey: ['receipt', orderId], queryFn: () => api('getReceipt', { orderId }) });
}
