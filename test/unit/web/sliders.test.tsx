// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { COST_RANGE, EXPERIENCE_YEARS } from '../../../shared/constants';
import { moveHandle, nearestHandle, RangeSlider, snapToStep, type Range } from '../../../web/src/components/range-slider';
import { ValueSlider } from '../../../web/src/components/value-slider';

const cost = { min: COST_RANGE.min, max: COST_RANGE.max, step: COST_RANGE.step };

afterEach(cleanup);

describe('slider rules', () => {
  it('snaps to the step and stays within the bounds', () => {
    expect(snapToStep(49.6, cost)).toBe(50);
    expect(snapToStep(-5, cost)).toBe(0);
    expect(snapToStep(250, cost)).toBe(200);
    expect(snapToStep(7, { min: 0, max: 100, step: 5 })).toBe(5);
  });
  it('never lets the handles cross', () => {
    const range = { min: 50, max: 150 };
    expect(moveHandle(range, 'min', 170, cost)).toEqual({ min: 150, max: 150 });
    expect(moveHandle(range, 'max', 20, cost)).toEqual({ min: 50, max: 50 });
    expect(moveHandle(range, 'min', 80, cost)).toEqual({ min: 80, max: 150 });
    expect(moveHandle(range, 'max', 300, cost)).toEqual({ min: 50, max: 200 });
  });
  it('moves the nearer handle on a track click', () => {
    expect(nearestHandle({ min: 50, max: 150 }, 60)).toBe('min');
    expect(nearestHandle({ min: 50, max: 150 }, 140)).toBe('max');
    expect(nearestHandle({ min: 100, max: 100 }, 20)).toBe('min');
    expect(nearestHandle({ min: 100, max: 100 }, 180)).toBe('max');
  });
});

function CostHarness({ initial }: { initial: Range }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RangeSlider
        bounds={cost}
        value={value}
        onChange={setValue}
        minLabel="Minimum cost"
        maxLabel="Maximum cost"
        format={(v) => `$${v}`}
      />
      <output data-testid="value">{`${value.min}-${value.max}`}</output>
    </>
  );
}

describe('RangeSlider', () => {
  it('shows two labelled range inputs from 0 to 200 with the defaults', () => {
    render(<CostHarness initial={{ min: COST_RANGE.defaultMin, max: COST_RANGE.defaultMax }} />);
    const min = screen.getByLabelText('Minimum cost') as HTMLInputElement;
    const max = screen.getByLabelText('Maximum cost') as HTMLInputElement;
    expect([min.type, min.min, min.max, min.step, min.value]).toEqual(['range', '0', '200', '1', '50']);
    expect([max.type, max.min, max.max, max.step, max.value]).toEqual(['range', '0', '200', '1', '150']);
    expect(min.getAttribute('aria-valuetext')).toBe('$50');
  });
  it('keeps the minimum at or below the maximum when a handle is pushed past the other', () => {
    render(<CostHarness initial={{ min: 50, max: 150 }} />);
    fireEvent.change(screen.getByLabelText('Minimum cost'), { target: { value: '180' } });
    expect(screen.getByTestId('value').textContent).toBe('150-150');
    fireEvent.change(screen.getByLabelText('Maximum cost'), { target: { value: '10' } });
    expect(screen.getByTestId('value').textContent).toBe('150-150');
    fireEvent.change(screen.getByLabelText('Maximum cost'), { target: { value: '190' } });
    fireEvent.change(screen.getByLabelText('Minimum cost'), { target: { value: '20' } });
    expect(screen.getByTestId('value').textContent).toBe('20-190');
  });
});

describe('ValueSlider', () => {
  it('offers 1 to 30 years', () => {
    function Harness() {
      const [v, setV] = useState<number>(EXPERIENCE_YEARS.default);
      return (
        <>
          <ValueSlider label="Years of Experience" bounds={EXPERIENCE_YEARS} value={v} onChange={setV} />
          <output data-testid="years">{v}</output>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Years of Experience') as HTMLInputElement;
    expect([input.min, input.max, input.step, input.value]).toEqual(['1', '30', '1', '1']);
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.getByTestId('years').textContent).toBe('12');
  });
});
