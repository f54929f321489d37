import { useRef, useState, type PointerEvent } from 'react';
import { formatTime } from '@/components/audio-player';

/** Drags shorter than this (seconds) are a click, not a range. */
const MIN_RANGE = 1;

/**
 * A strip under the player to drag across: the range becomes the place of the next comment (the comment
 * box's start and end fields do the same from the keyboard).
 */
export function RangePicker({
  duration,
  range,
  onRange,
}: {
  duration: number;
  range: { start: number; end: number } | null;
  onRange: (range: { start: number; end: number }) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const timeAt = (e: PointerEvent) => {
    const box = strip.current!.getBoundingClientRect();
    return Math.min(duration, Math.max(0, ((e.clientX - box.left) / Math.max(1, box.width)) * duration));
  };
  const shown = drag ? { start: Math.min(drag.from, drag.to), end: Math.max(drag.from, drag.to) } : range;
  const pct = (t: number) => (duration > 0 ? (t / duration) * 100 : 0);
  return (
    <div className="range-picker">
      <div
        ref={strip}
        className="range-picker-strip"
        aria-hidden="true"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          const t = timeAt(e);
          setDrag({ from: t, to: t });
        }}
        onPointerMove={(e) => drag && setDrag({ ...drag, to: timeAt(e) })}
        onPointerUp={() => {
          if (drag && Math.abs(drag.to - drag.from) >= MIN_RANGE) {
            onRange({ start: Math.min(drag.from, drag.to), end: Math.max(drag.from, drag.to) });
          }
          setDrag(null);
        }}
        onPointerCancel={() => setDrag(null)}
        data-testid="range-picker"
      >
        {shown && (
          <span
            className="range-picker-selection"
            style={{ left: `${pct(shown.start)}%`, width: `${pct(shown.end) - pct(shown.start)}%` }}
          />
        )}
      </div>
      <p className="muted small">
        {shown
          ? `Range ${formatTime(shown.start)}-${formatTime(Math.ceil(shown.end))}: the next comment is on it.`
          : 'Drag along this strip to comment on a range.'}
      </p>
    </div>
  );
}
