import { useCallback, useRef, useState } from 'react';
import type { AudioPlayerHandle } from '@/components/audio-player';
import type { Snippet } from '@/features/tracks/utils/snippet';

/**
 * A row's player and the snippet being edited: the draft (shown as a region on the waveform) and Audition,
 * which plays the draft on the row's player, or stops it when it is the one playing.
 */
export function useSnippetAudition() {
  const [draft, setDraft] = useState<Snippet | null>(null);
  const [playing, setPlaying] = useState(false);
  const [auditioning, setAuditioning] = useState(false);
  const player = useRef<AudioPlayerHandle>(null);

  const onPlayingChange = useCallback((p: boolean) => {
    setPlaying(p);
    if (!p) setAuditioning(false);
  }, []);

  const audition = (range: Snippet) => {
    if (auditioning && playing) {
      player.current?.pause();
      return;
    }
    setAuditioning(true);
    void player.current?.playRange(range.start, range.end);
  };

  return { player, draft, setDraft, onPlayingChange, audition, auditioning: auditioning && playing };
}

export type SnippetAudition = ReturnType<typeof useSnippetAudition>;
