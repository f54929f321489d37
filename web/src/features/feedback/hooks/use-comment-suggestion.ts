import { useState } from 'react';
import { useSuggestComment } from '@/features/feedback/api/share-actions';

/** AI Suggest: a rewrite of the draft, asked for on request and shown until it is accepted or discarded. */
export function useCommentSuggestion() {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const suggest = useSuggestComment();

  const ask = (draft: { text: string; timestamp: number | null; tags: string[]; shareId: string }) => {
    if (suggest.isPending) return;
    setSuggestion(null);
    suggest.mutate(draft, { onSuccess: (s) => setSuggestion(s) });
  };

  const discard = () => setSuggestion(null);

  const reset = () => {
    setSuggestion(null);
    suggest.reset();
  };

  return { suggestion, pending: suggest.isPending, error: suggest.isError ? suggest.error : null, ask, discard, reset };
}
