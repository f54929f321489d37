import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiInput } from '@/lib/api';
import { useCursorPages } from '@/lib/pages';

export const disputesKey = ['admin', 'disputes'] as const;

/** The open reports, oldest first, a page at a time. */
export const useDisputes = () => useCursorPages([...disputesKey, 'open'], 'listDisputes', { staleTime: 0 });

/** The decided reports, last decided first, a page at a time. */
export const useDecidedDisputes = () => useCursorPages([...disputesKey, 'decided'], 'listDecidedDisputes', { staleTime: 0 });

/** Refund or reject a report; the queue and the decided ones are read again either way. */
export function useResolveDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'resolveDispute'>) => api('resolveDispute', input),
    onSettled: () => void client.invalidateQueries({ queryKey: disputesKey }),
  });
}
