import { useRef, type PointerEvent } from 'react';
import './slider.css';

export interface Range {
  min: number;
  max: number;
}

export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

/** Rounds to the step and keeps the value within the bounds. */
export function snapToStep(value: number, bounds: SliderBounds): number {
  const stepped = Math.round((value - bounds.min) / bounds.step) * bounds.step + bounds.min;
  return Math.min(bounds.max, Math.max(bounds.min, stepped));
}

/** Moves one handle of a range; the handles may meet but never cross. */
export function moveHandle(range: Range, handle: 'min' | 'max', value: number, bounds: SliderBounds): Range {
  const v = snapToStep(value, bounds);
  return handle === 'min' ? { min: Math.min(v, range.max), max: range.max } : { min: range.min, max: Math.max(v, range.min) };
}

/** The handle a click on the track moves: the nearer one (on a tie, the one that can move that way). */
export function nearestHandle(range: Range, value: number): 'min' | 'max' {
  const dMin = Math.abs(value - range.min);
  const dMax = Math.abs(value - range.max);
  if (dMin === dMax) return value < range.min ? 'min' : 'max';
  return dMin < dMax ? 'min' : 'max';
}

const percent = (v: number, b: SliderBounds) => ((v - b.min) / (b.max - b.min)) * 100;

/** A dual-handle slider: two native range inputs over one track (keyboard accessible). */
export function RangeSlider({
  bounds,
  value,
  onChange,
  minLabel,
  maxLabel,
  format = String,
  testId,
}: {
  bounds: SliderBounds;
  value: Range;
  onChange: (next: Range) => void;
  minLabel: string;
  maxLabel: string;
  format?: (v: number) => string;
  testId?: string;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const mid = (bounds.min + bounds.max) / 2;
  const minOnTop = value.min === value.max && value.min > mid;

  const onTrackPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' || !trackRef.current) return;
    const rect = trackRef.current.getBoundingClientRect();
    if (rect.width <= 0) return;
    const raw = bounds.min + ((e.clientX - rect.left) / rect.width) * (bounds.max - bounds.min);
    onChange(moveHandle(value, nearestHandle(value, raw), raw, bounds));
  };

  return (
    <div className="range-slider" data-testid={testId} onPointerDown={onTrackPointerDown}>
      <div className="range-track" ref={trackRef}>
        <div className="range-fill" style={{ left: `${percent(value.min, bounds)}%`, right: `${100 - percent(value.max, bounds)}%` }} />
      </div>
      {(['min', 'max'] as const).map((handle) => (
        <input
          key={handle}
          type="range"
          className="range-input"
          aria-label={handle === 'min' ? minLabel : maxLabel}
          aria-valuetext={format(value[handle])}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value[handle]}
          // When the handles meet, the one that can still move must be on top.
          style={{ zIndex: (handle === 'min') === minOnTop ? 4 : 3 }}
          onChange={(e) => onChange(moveHandle(value, handle, Number(e.target.value), bounds))}
          data-testid={testId ? `${testId}-${handle}` : undefined}
        />
      ))}
    </div>
  );
}
