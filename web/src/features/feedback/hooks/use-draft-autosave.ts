import { useEffect, useRef, useState } from 'react';
import { saveDraftOnLeave, useSaveDraft } from '@/features/feedback/api/share-actions';
import type { Criteria } from '@/features/feedback/utils/ratings';

/** A change is saved this long after the typing stops. */
export const DRAFT_SAVE_DELAY_MS = 1200;

export interface ReviewDraft {
  criteria: Criteria;
  comment: string;
  /** The comment box: its text, and where the comment sits and its tags. */
  note: string;
  noteAt?: { timestamp: number | null; endTimestamp?: number | null; tags: string[] };
}

type NoteAt = NonNullable<ReviewDraft['noteAt']>;

/**
 * The comment box of the reviewer's draft: as it was left (`initial`, its text with its place and tags, for
 * the box to start from), told of each change (`set`), and as the draft saves it.
 */
export function useNoteDraft(saved: { note: string; noteAt?: NoteAt } | null | undefined) {
  const [note, set] = useState<NoteAt & { text: string }>(() => ({ text: saved?.note ?? '', timestamp: null, tags: [], ...saved?.noteAt }));
  const [initial] = useState(note);
  const { text, ...noteAt } = note;
  return { initial: initial.text ? initial : undefined, set, draft: { note: text, ...(text.trim() ? { noteAt } : {}) } };
}

/**
 * Saves the reviewer's draft on the server shortly after each change (and at once when the form goes
 * away), so a reload, another tab or another device finds it. `status`: what the form says beside it.
 */
export function useDraftAutosave(shareId: string, draft: ReviewDraft, enabled = true) {
  const save = useSaveDraft(shareId);
  const text = JSON.stringify(draft);
  const saved = useRef(text);
  const pending = useRef<string | null>(null);
  const [status, setStatus] = useState<'saved' | 'saving' | 'failed' | null>(null);
  const mutate = save.mutate;

  useEffect(() => {
    if (!enabled || text === saved.current) return;
    pending.current = text;
    setStatus('saving');
    const timer = window.setTimeout(() => {
      mutate(JSON.parse(text) as ReviewDraft, {
        onSuccess: () => {
          saved.current = text;
          if (pending.current === text) setStatus('saved');
        },
        onError: () => setStatus('failed'),
      });
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, enabled, mutate]);

  // Leaving with a change not yet sent: sent now, in a request that outlives the page (the form going away,
  // or the page hidden, which may be a tab closing: no unmount comes then).
  const latest = useRef({ text, enabled });
  latest.current = { text, enabled };
  useEffect(() => {
    const flush = () => {
      const { text: last, enabled: on } = latest.current;
      if (!on || last === saved.current) return;
      saved.current = last;
      saveDraftOnLeave({ id: shareId, ...(JSON.parse(last) as ReviewDraft) }).catch(() => {
        if (saved.current === last) saved.current = '';
      });
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [shareId]);

  return status;
}
