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

  // A snippet saved elsewhere (another tab, a reload) shows unless the user is editing. Another audio (a
  // new version arrived under the open editor, or its processing ended with the length) starts afresh: a
  // draft made on other audio means nothing on this one.
  const audioKey = `${track.id}:${duration}`;
  const savedKey = `${audioKey}:${track.snippet.start}:${track.snippet.end}`;
  const last = useRef({ audioKey, savedKey });
  useEffect(() => {
    if (last.current.savedKey === savedKey) return;
    const sameAudio = last.current.audioKey === audioKey;
    last.current = { audioKey, savedKey };
    setDraft((d) => (sameAudio && dirty ? d : clampSnippet(track.snippet, duration)));
    // Only when what is saved changes (savedKey holds the audio and the snippet), not on every edit.
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
