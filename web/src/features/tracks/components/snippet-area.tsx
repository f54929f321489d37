import type { KeyboardEvent, PointerEvent } from 'react';
import { SNIPPET } from '@shared/constants';
import { formatTime, WaveformBars } from '@/components/audio-player';
import { useSnippetDrag } from '@/features/tracks/hooks/use-snippet-drag';
import { moveHandle, type Snippet } from '@/features/tracks/utils/snippet';

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

const percentAt = (t: number, duration: number) => (duration > 0 ? (t / duration) * 100 : 0);

/** One end of the snippet: a slider, kept at least the minimum gap from the other end. */
function SnippetHandle({
  kind,
  draft,
  duration,
  disabled,
  onPointerDown,
  onChange,
}: {
  kind: 'start' | 'end';
  draft: Snippet;
  duration: number;
  disabled: boolean;
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onChange: (next: Snippet) => void;
}) {
  const value = kind === 'start' ? draft.start : draft.end;
  const min = kind === 'start' ? 0 : Math.min(draft.start + SNIPPET.minGap, duration);
  const max = kind === 'start' ? Math.max(0, draft.end - SNIPPET.minGap) : duration;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = keyDelta(e.key);
    if (delta === null) return;
    e.preventDefault();
    const target = delta === 'min' ? 0 : delta === 'max' ? duration : value + delta;
    onChange(moveHandle(draft, kind, target, duration));
  };

  return (
    <div
      className={`snippet-handle snippet-handle-${kind}`}
      style={{ left: `${percentAt(value, duration)}%` }}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={kind === 'start' ? 'Snippet start' : 'Snippet end'}
      aria-valuemin={Math.round(min * 10) / 10}
      aria-valuemax={Math.round(max * 10) / 10}
      aria-valuenow={Math.round(value * 10) / 10}
      aria-valuetext={formatTime(value)}
      aria-disabled={disabled || undefined}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      data-handle={kind}
      data-testid={`snippet-handle-${kind}`}
    >
      <span className="snippet-handle-grip" aria-hidden="true" />
    </div>
  );
}

/**
 * The waveform with the snippet over it: the parts left out shaded, the selection (dragged whole) and its
 * two handles. `disabled`: the track is too short to choose from.
 */
export function SnippetArea({
  peaks,
  duration,
  draft,
  disabled,
  onChange,
}: {
  peaks: string;
  duration: number;
  draft: Snippet;
  disabled: boolean;
  onChange: (next: Snippet) => void;
}) {
  const { areaRef, areaHandlers, grabRange, grabHandle } = useSnippetDrag(draft, duration, onChange);
  const pct = (t: number) => percentAt(t, duration);

  return (
    <div ref={areaRef} className="snippet-area" {...areaHandlers} data-testid="snippet-area">
      <WaveformBars peaks={peaks} className="snippet-wave" />
      <div className="snippet-shade" style={{ left: 0, width: `${pct(draft.start)}%` }} />
      <div className="snippet-shade" style={{ left: `${pct(draft.end)}%`, right: 0 }} />
      <div
        className="snippet-selection"
        style={{ left: `${pct(draft.start)}%`, width: `${pct(draft.end) - pct(draft.start)}%` }}
        onPointerDown={grabRange}
        data-testid="snippet-selection"
      />
      {(['start', 'end'] as const).map((kind) => (
        <SnippetHandle
          key={kind}
          kind={kind}
          draft={draft}
          duration={duration}
          disabled={disabled}
          onPointerDown={grabHandle(kind)}
          onChange={onChange}
        />
      ))}
    </div>
  );
}
