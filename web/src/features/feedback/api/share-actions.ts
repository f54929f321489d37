/**
 * What a request's participants do with it (answer it, comment, review, rate, report) and its audio: loaded
 * with the request's body and the share dialog, not with the lists (shares.ts).
 */
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ReceiptView } from '@shared/schemas/receipt';
import type { CheckItemView, CommentView, ShareDetail, ShareView } from '@shared/schemas/shares';
import { USER_NOT_FOUND } from '@shared/constants';
import { api, apiOnLeave, type ApiInput } from '@/lib/api';
import { useIntentKey } from '@/lib/intent-key';
import { saidIfSignedOut } from '@/lib/signed-out';
import { shareDetailKey, sharesQueryKey, type SharePage } from './shares';

/** A presigned link to stream the shared track (both participants may ask). */
export async function getShareAudioUrl(trackId: string): Promise<string> {
  return (await api('getSignedUrl', { trackId })).signedUrl;
}

function putShareInLists(client: QueryClient, share: ShareView) {
  client.setQueriesData<InfiniteData<SharePage>>({ queryKey: sharesQueryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, shares: p.shares.map((s) => (s.id === share.id ? share : s)) })) } : data,
  );
  client.setQueryData<ShareDetail>(shareDetailKey(share.id), (d) => (d ? { ...d, share } : d));
  void client.invalidateQueries({ queryKey: sharesQueryKey });
}

function putDetail(client: QueryClient, detail: ShareDetail) {
  // A submission's or rating's answer leaves out a re-check's checklist (read apart): the one shown stays.
  client.setQueryData<ShareDetail>(shareDetailKey(detail.share.id), (old) => ({
    ...detail,
    checklist: detail.checklist ?? old?.checklist,
  }));
  putShareInLists(client, detail.share);
}

/** A change to the share's comments: the detail's list is changed as the server answered, then read again. */
function useCommentChange<I, R>(
  shareId: string,
  mutationFn: (input: I) => Promise<R>,
  change: (list: CommentView[], answer: R, input: I) => CommentView[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, input) => {
      client.setQueryData<ShareDetail>(shareDetailKey(shareId), (d) => (d ? { ...d, comments: change(d.comments, answer, input) } : d));
      void client.invalidateQueries({ queryKey: shareDetailKey(shareId) });
    },
  });
}

export function useCreateShare() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (input: ApiInput<'createShare'>) => {
      const idempotencyKey = intent.keyFor(input);
      const share = await api('createShare', { ...input, idempotencyKey });
      intent.done(idempotencyKey);
      return share;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sharesQueryKey });
    },
  });
}

export function useRespondToShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'respondToShare'>) => api('respondToShare', input),
    onSuccess: (share) => putShareInLists(client, share),
  });
}

export function useAddComment(shareId: string) {
  const intent = useIntentKey();
  return useCommentChange(
    shareId,
    // `finding`: an analysis finding confirmed as this comment.
    async (input: { timestamp: number | null; endTimestamp?: number | null; text: string; tags: string[]; finding?: string }) => {
      const request = { id: shareId, ...input } as ApiInput<'addComment'>;
      const idempotencyKey = intent.keyFor(request);
      const comment = await saidIfSignedOut(api('addComment', { ...request, idempotencyKey }), USER_NOT_FOUND);
      intent.done(idempotencyKey);
      return comment;
    },
    (list, comment) => [...list.filter((c) => c.id !== comment.id), comment],
  );
}

export function useUpdateComment(shareId: string) {
  return useCommentChange(
    shareId,
    (input: { commentId: string; timestamp: number | null; endTimestamp?: number | null; text: string; tags: string[] }) =>
      api('updateComment', { id: shareId, ...input } as ApiInput<'updateComment'>),
    (list, comment) => list.map((c) => (c.id === comment.id ? comment : c)),
  );
}

export function useDeleteComment(shareId: string) {
  return useCommentChange(
    shareId,
    (commentId: string) => api('deleteComment', { id: shareId, commentId }),
    (list, _ok, commentId) => list.filter((c) => c.id !== commentId),
  );
}

/** A re-check's point marked by the reviewer, or moved by the musician; the detail takes the point as the server returns it. */
export function useMarkCheck(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentId: string } & ({ mark: CheckItemView['mark'] & string; note: string } | { timestamp: number | null })) =>
      api('markCheck', { id: shareId, ...input } as ApiInput<'markCheck'>),
    onSuccess: ({ commentId, ...changed }) => {
      client.setQueryData<ShareDetail>(shareDetailKey(shareId), (d) =>
        d?.checklist ? { ...d, checklist: d.checklist.map((i) => (i.commentId === commentId ? { ...i, ...changed } : i)) } : d,
      );
      // A read of the request begun before the mark was saved (after Accept, say) would land after this
      // and take the mark away: it is cancelled and the request read again.
      void client.invalidateQueries({ queryKey: shareDetailKey(shareId) });
    },
  });
}

/** What the reviewer's player heard, merged by the server into the share's listening (`leaving`: sent as the page goes away). */
/** The reviewer's audio with a listening session the server records: only its sessions' reports count. */
export const startListening = (shareId: string) => api('startListening', { id: shareId });

export const reportListening = (input: ApiInput<'reportListening'>, leaving = false) =>
  (leaving ? apiOnLeave : api)('reportListening', input);

/** The reviewer's draft, sent as the page goes away (a tab closed before the autosave's delay). */
export const saveDraftOnLeave = (input: ApiInput<'saveDraft'>) => apiOnLeave('saveDraft', input);

/** Saves the reviewer's draft (theirs alone until Submit). */
export function useSaveDraft(shareId: string) {
  return useMutation({
    mutationFn: (input: Omit<ApiInput<'saveDraft'>, 'id'>) => api('saveDraft', { id: shareId, ...input } as ApiInput<'saveDraft'>),
  });
}

export function useSubmitFeedback(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { criteria: Record<string, number>; comment?: string; notApplicable?: 'vocalsLyrics'[] }) =>
      saidIfSignedOut(api('submitFeedback', { id: shareId, ...input } as ApiInput<'submitFeedback'>), USER_NOT_FOUND),
    onSuccess: (detail) => putDetail(client, detail),
  });
}

export function useRateFeedback(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment?: string }) => api('rateFeedback', { id: shareId, ...input }),
    onSuccess: (detail) => putDetail(client, detail),
  });
}

/** The musician's report of a paid review; the request is read again with it. */
export function useReportReview(shareId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ApiInput<'reportReview'>, 'id'>) => api('reportReview', { id: shareId, ...input } as ApiInput<'reportReview'>),
    onSuccess: () => void client.invalidateQueries({ queryKey: shareDetailKey(shareId) }),
  });
}

/** Rewrites a draft comment into a more specific one. */
export function useSuggestComment() {
  return useMutation({
    mutationFn: async (input: { text: string; timestamp: number | null; tags: string[]; shareId: string }) =>
      (await api('suggestComment', input as ApiInput<'suggestComment'>)).text,
  });
}

/** Whether a receipt's signature holds, asked of the public check anyone may use. */
export async function checkReceipt({ signed, signature, keyId, algorithm }: ReceiptView): Promise<boolean> {
  return (await api('checkReceipt', { signed, signature, keyId, algorithm })).valid;
}
