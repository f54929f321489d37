import { useEffect, useState } from 'react';
import { captureTimestamp, parseTimestamp, wholeSecond } from '@/features/feedback/utils/timestamp';

/**
 * Where a comment being written sits on the track: a moment, a range (start and end) or none (general
 * feedback), each editable as m:ss. `touched` says the writer chose it, so typing no longer takes the
 * playhead's time.
 */
export function useCommentTime({
  initial,
  mode,
  range,
  duration,
  getPlayhead,
  onError,
}: {
  initial?: { timestamp: number | null; endTimestamp?: number | null };
  mode: 'new' | 'edit';
  range?: { start: number; end: number } | null;
  duration: number;
  getPlayhead?: () => number;
  /** Told why a typed time was refused. */
  onError: (message: string) => void;
}) {
  const [timestamp, setTimestamp] = useState<number | null>(initial?.timestamp ?? null);
  const [endTimestamp, setEndTimestamp] = useState<number | null>(initial?.endTimestamp ?? null);
  const [endDraft, setEndDraft] = useState<string | null>(null);
  // In edit mode the time is the comment's own, as is a restored draft's: never taken from the playhead.
  const [touched, setTouched] = useState(mode === 'edit' || initial !== undefined);
  const [timeDraft, setTimeDraft] = useState<string | null>(null);

  // A range dragged on the waveform becomes the comment's place.
  useEffect(() => {
    if (!range) return;
    setTimestamp(wholeSecond(range.start));
    setEndTimestamp(Math.max(wholeSecond(range.start) + 1, Math.ceil(range.end)));
    setTouched(true);
  }, [range]);

  /** The text goes from `text` to `next`: starting to type takes the playhead's time. */
  const capture = (text: string, next: string) =>
    setTimestamp((current) => captureTimestamp({ text, timestamp: current, touched }, next, getPlayhead?.() ?? 0));

  const applyTime = () => {
    if (timeDraft === null) return;
    const parsed = parseTimestamp(timeDraft, duration);
    if (parsed !== null) {
      setTimestamp(parsed);
      setTouched(true);
    }
    setTimeDraft(null);
  };

  /** The range's end as typed: after the start, within the track; emptied, the comment is a moment again. */
  const applyEnd = () => {
    if (endDraft === null) return;
    const parsed = endDraft.trim() ? parseTimestamp(endDraft, duration) : null;
    if (!endDraft.trim()) setEndTimestamp(null);
    else if (parsed !== null && timestamp !== null && parsed > timestamp) setEndTimestamp(parsed);
    else onError('The end of a range must come after its start');
    setEndDraft(null);
  };

  const remove = () => {
    setTimestamp(null);
    setEndTimestamp(null);
    setTouched(true);
  };

  const addPlayhead = () => {
    setTimestamp(wholeSecond(getPlayhead?.() ?? 0));
    setTouched(true);
  };

  const reset = () => {
    setTimestamp(null);
    setEndTimestamp(null);
    setEndDraft(null);
    setTouched(false);
    setTimeDraft(null);
  };

  // A range ends after it starts; an edit always says whether the comment is still a range.
  const end = timestamp !== null && endTimestamp !== null && endTimestamp > timestamp ? endTimestamp : null;
  /** The comment's place as the API takes it. */
  const place: { timestamp: number | null; endTimestamp?: number | null } = {
    timestamp,
    ...(end !== null || mode === 'edit' ? { endTimestamp: end } : {}),
  };

  return {
    place,
    timestamp,
    endTimestamp,
    touched,
    timeDraft,
    setTimeDraft,
    endDraft,
    setEndDraft,
    capture,
    applyTime,
    applyEnd,
    remove,
    addPlayhead,
    reset,
  };
}

export type CommentTime = ReturnType<typeof useCommentTime>;
