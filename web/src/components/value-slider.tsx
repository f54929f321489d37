import { useId } from 'react';
import { snapToStep, type SliderBounds } from './range-slider';
import './slider.css';

const percent = (v: number, b: SliderBounds) => ((v - b.min) / (b.max - b.min)) * 100;

/** A single-handle slider with its label. */
export function ValueSlider({
  label,
  bounds,
  value,
  onChange,
  format = String,
  testId,
}: {
  label: string;
  bounds: SliderBounds;
  value: number;
  onChange: (next: number) => void;
  format?: (v: number) => string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="value-slider">
      <div className="range-slider">
        <div className="range-track">
          <div className="range-fill" style={{ left: 0, right: `${100 - percent(value, bounds)}%` }} />
        </div>
        <input
          id={id}
          type="range"
          className="range-input"
          aria-label={label}
          aria-valuetext={format(value)}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value}
          onChange={(e) => onChange(snapToStep(Number(e.target.value), bounds))}
          data-testid={testId}
        />
      </div>
    </div>
  );
}
