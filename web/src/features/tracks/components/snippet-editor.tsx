import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SNIPPET } from '@shared/constants';
import type { TrackView } from '@shared/schemas/tracks';
import { Facts } from '@/components/facts';
import { Alert } from '@/components/alert';
import { formatTime, WaveformBars } from '@/components/audio-player';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';
import { useUpdateSnippet } from '@/features/tracks/api/track-changes';
import { clampSnippet, isValidSnippet, moveEnd, moveRange, moveStart, sameSnippet, type Snippet } from '@/features/tracks/utils/snippet';
import '@/features/tracks/snippet-editor.css';

type Drag = { kind: 'start' | 'end' } | { kind: 'range'; grabAt: number; from: Snippet };

/** Keyboard steps of a handle, in seconds. */
function keyDelta(key: string): number | 'min' | 'max' | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return -1;
    case 'ArrowRight':
    case 'ArrowUp':
      return 1;
    case 'PageDown':
      return -10;
    case 'PageUp':
      return 10;
    case 'Home':
      return 'min';
    case 'End':
      return 'max';
    default:
      return null;
  }
}

/**
 * The snippet editor under a track row: two handles over the waveform choose the part pros hear first
 * (30 s from the start by default). The handles keep at least 1 s apart and stay within the track; they
 * drag with a pointer and move with the keyboard. Audition plays the range; Save stores it.
 */
export function SnippetEditor({
  track,
  onDraftChange,
  onAudition,
  auditioning,
  id,
}: {
  track: TrackView;
  onDraftChange?: (draft: Snippet) => void;
  /** Plays the range (or stops it when it is playing). */
  onAudition: (draft: Snippet) => void;
  auditioning: boolean;
  id?: string;
}) {
  const duration = track.duration;
  const saved = clampSnippet(track.snippet, duration);
  const [draft, setDraft] = useState<Snippet>(saved);
  const [justSaved, setJustSaved] = useState(false);
  const update = useUpdateSnippet();
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const headingId = useId();
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

  const timeAt = (clientX: number): number => {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    // Whole seconds under a pointer, except at the very end of the track.
    return ratio >= 1 ? duration : Math.round(ratio * duration);
  };

  const applyDrag = (d: Drag, clientX: number, base: Snippet) => {
    const t = timeAt(clientX);
    if (d.kind === 'range') return moveRange(d.from, d.from.start + (t - d.grabAt), duration);
    return d.kind === 'start' ? moveStart(base, t, duration) : moveEnd(base, t, duration);
  };

  const beginDrag = (e: PointerEvent<HTMLElement>, d: Drag) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    drag.current = d;
    areaRef.current?.setPointerCapture?.(e.pointerId);
    if (d.kind !== 'range') (e.currentTarget as HTMLElement).focus();
  };

  const onAreaPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    // A press on the waveform moves the nearer handle there and keeps dragging it.
    const t = timeAt(e.clientX);
    const kind = Math.abs(t - draft.start) <= Math.abs(t - draft.end) ? 'start' : 'end';
    drag.current = { kind };
    areaRef.current?.setPointerCapture?.(e.pointerId);
    change(kind === 'start' ? moveStart(draft, t, duration) : moveEnd(draft, t, duration));
    areaRef.current?.querySelector<HTMLElement>(`[data-handle="${kind}"]`)?.focus();
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    change(applyDrag(d, e.clientX, draft));
  };

  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    areaRef.current?.releasePointerCapture?.(e.pointerId);
  };

  const onHandleKey = (kind: 'start' | 'end') => (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = keyDelta(e.key);
    if (delta === null) return;
    e.preventDefault();
    const current = kind === 'start' ? draft.start : draft.end;
    const target = delta === 'min' ? 0 : delta === 'max' ? duration : current + delta;
    change(kind === 'start' ? moveStart(draft, target, duration) : moveEnd(draft, target, duration));
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

  const pct = (t: number) => (duration > 0 ? (t / duration) * 100 : 0);
  const valid = isValidSnippet(draft, duration);
  const tooShort = duration < SNIPPET.minGap;

  return (
    <section className="snippet-editor" aria-labelledby={headingId} id={id} data-testid="snippet-editor">
      <div className="snippet-head">
        <h4 id={headingId} className="snippet-title">
          Snippet<span className="visually-hidden"> of {track.title}</span>
        </h4>
        <p className="muted small">Drag the handles to pick the part reviewers hear first.</p>
      </div>

      <div
        ref={areaRef}
        className="snippet-area"
        onPointerDown={onAreaPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-testid="snippet-area"
      >
        <WaveformBars peaks={track.peaks} className="snippet-wave" />
        <div className="snippet-shade" style={{ left: 0, width: `${pct(draft.start)}%` }} />
        <div className="snippet-shade" style={{ left: `${pct(draft.end)}%`, right: 0 }} />
        <div
          className="snippet-selection"
          style={{ left: `${pct(draft.start)}%`, width: `${pct(draft.end) - pct(draft.start)}%` }}
          onPointerDown={(e) => beginDrag(e, { kind: 'range', grabAt: timeAt(e.clientX), from: draft })}
          data-testid="snippet-selection"
        />
        {(['start', 'end'] as const).map((kind) => {
          const value = kind === 'start' ? draft.start : draft.end;
          const min = kind === 'start' ? 0 : Math.min(draft.start + SNIPPET.minGap, duration);
          const max = kind === 'start' ? Math.max(0, draft.end - SNIPPET.minGap) : duration;
          return (
            <div
              key={kind}
              className={`snippet-handle snippet-handle-${kind}`}
              style={{ left: `${pct(value)}%` }}
              role="slider"
              tabIndex={tooShort ? -1 : 0}
              aria-label={kind === 'start' ? 'Snippet start' : 'Snippet end'}
              aria-valuemin={Math.round(min * 10) / 10}
              aria-valuemax={Math.round(max * 10) / 10}
              aria-valuenow={Math.round(value * 10) / 10}
              aria-valuetext={formatTime(value)}
              aria-disabled={tooShort || undefined}
              onPointerDown={(e) => beginDrag(e, { kind })}
              onKeyDown={onHandleKey(kind)}
              data-handle={kind}
              data-testid={`snippet-handle-${kind}`}
            >
              <span className="snippet-handle-grip" aria-hidden="true" />
            </div>
          );
        })}
      </div>

      <Facts
        className="snippet-readout"
        facts={[
          { label: 'Start', value: formatTime(draft.start), testId: 'snippet-start' },
          { label: 'End', value: formatTime(draft.end), testId: 'snippet-end' },
          { label: 'Length', value: formatTime(draft.end - draft.start), testId: 'snippet-length' },
        ]}
      />

      {update.isError && (
        <Alert tone="error" testId="snippet-error">
          {errorMessage(update.error, 'Failed to save the snippet')}
        </Alert>
      )}
      {justSaved && !dirty && (
        <p className="snippet-saved" role="status" data-testid="snippet-saved">
          Snippet saved
        </p>
      )}

      <div className="snippet-actions">
        <Button variant="secondary" onClick={() => onAudition(draft)} disabled={tooShort} data-testid="snippet-audition">
          {auditioning ? 'Stop' : 'Audition'}
        </Button>
        <Button variant="ghost" onClick={() => change(saved)} disabled={!dirty || update.isPending}>
          Reset
        </Button>
        <Button onClick={save} disabled={!dirty || !valid} busy={update.isPending} busyText="Saving..." data-testid="snippet-save">
          Save snippet
        </Button>
      </div>
    </section>
  );
}
