import { useEffect, useRef, useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { useUpdateSnippet } from '@/features/tracks/api/track-changes';
import { clampSnippet, isValidSnippet, sameSnippet, type Snippet } from '@/features/tracks/utils/snippet';

/**
 * The snippet being edited against the one saved: `change` edits it (and clears the last save's outcome),
 * `save` stores it. `onDraftChange` hears every draft, the first included.
 */
export function useSnippetDraft(track: TrackView, onDraftChange?: (draft: Snippet) => void) {
  const duration = track.duration;
  const saved = clampSnippet(track.snippet, duration);
  const [draft, setDraft] = useState<Snippet>(saved);
  const [justSaved, setJustSaved] = useState(false);
  const update = useUpdateSnippet();
  const dirty = !sameSnippet(draft, saved);

  // A snippet saved elsewhere (another tab, a reload) shows unless the user is editing.
  const savedKey = `${track.snippet.start}:${track.snippet.end}:${duration}`;
  const lastSavedKey = useRef(savedKey);
  useEffect(() => {
    if (lastSavedKey.current === savedKey) return;
    lastSavedKey.current = savedKey;
    setDraft((d) => (dirty ? d : clampSnippet(track.snippet, duration)));
    // Only when what is saved changes (savedKey holds the snippet and the duration), not on every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey]);

  const onDraftRef = useRef(onDraftChange);
  onDraftRef.current = onDraftChange;
  useEffect(() => {
    onDraftRef.current?.(draft);
  }, [draft]);

  const change = (next: Snippet) => {
    setJustSaved(false);
    update.reset();
    setDraft(next);
  };

  const save = () => {
    if (!isValidSnippet(draft, duration)) return;
    update.mutate(
      { id: track.id, snippet: draft },
      {
        onSuccess: () => setJustSaved(true),
      },
    );
  };

  return { saved, draft, dirty, valid: isValidSnippet(draft, duration), justSaved, update, change, save };
}
