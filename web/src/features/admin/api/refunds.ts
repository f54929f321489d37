import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useCursorPages } from '@/lib/pages';

export const stuckRefundsKey = ['admin', 'stuck-refunds'] as const;

/** Refunds PayPal kept refusing, newest first, a page at a time. */
export const useStuckRefunds = () => useCursorPages(stuckRefundsKey, 'listStuckRefunds', { staleTime: 0 });

/** 'Try again': the refund is sent again by the next payment check; the list is read again either way. */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api('retryRefund', { orderId }),
    onSettled: () => void client.invalidateQueries({ queryKey: stuckRefundsKey }),
  });
}
