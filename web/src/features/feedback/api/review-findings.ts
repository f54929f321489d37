/**
 * The analysis findings of a request's track as its reviewer works with them: suggested pins, confirmed as a
 * comment (addComment with `finding`: share-actions.ts) or dismissed here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewFindingsView } from '@shared/schemas/shares';
import { api } from '@/lib/api';

export const reviewFindingsKey = (shareId: string) => ['review-findings', shareId] as const;

export function useReviewFindings(shareId: string) {
  return useQuery({ queryKey: reviewFindingsKey(shareId), queryFn: () => api('listReviewFindings', { id: shareId }) });
}

export function useDismissFinding(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (findingId: string) => api('dismissFinding', { id: shareId, findingId }),
    onSuccess: (view) => client.setQueryData<ReviewFindingsView>(reviewFindingsKey(shareId), view),
  });
}
