import type { ReactNode } from 'react';
import { COST_RANGE, EXPERIENCE_YEARS } from '@shared/constants';
import { RangeSlider, type Range, type SliderBounds } from './range-slider';
import { ValueSlider } from './value-slider';
import '@/styles/forms.css';

export const formatDollars = (v: number) => `$${v}`;
export const formatYears = (v: number) => `${v} ${v === 1 ? 'year' : 'years'}`;

/** A slider's scale: its bounds and step, and how a value on it reads. */
interface Scale {
  bounds: SliderBounds;
  format: (v: number) => string;
}

const dollars: Scale = { bounds: { min: COST_RANGE.min, max: COST_RANGE.max, step: COST_RANGE.step }, format: formatDollars };
const years: Scale = {
  bounds: { min: EXPERIENCE_YEARS.min, max: EXPERIENCE_YEARS.max, step: EXPERIENCE_YEARS.step },
  format: formatYears,
};

/** Where the sliders stand: a page of their own (sections under headings) or a form among other fields. */
type Kind = 'page' | 'form';

/** One slider with its title, the value it shows beside the title, and the scale under it. */
function RateSection({
  kind,
  title,
  titleId,
  valueTestId,
  value,
  subtitle,
  scale: { bounds, format },
  error,
  children,
}: {
  kind: Kind;
  title: string;
  titleId?: string;
  valueTestId: string;
  value: ReactNode;
  subtitle?: string;
  scale: Scale;
  error?: string;
  children: ReactNode;
}) {
  const body = (
    <>
      <div className="form-section-head">
        {kind === 'page' ? (
          <h2 id={titleId} className="section-title">
            {title}
          </h2>
        ) : (
          <p className="field-label" id={titleId}>
            {title}
          </p>
        )}
        <p className="value-display" data-testid={valueTestId}>
          {value}
        </p>
      </div>
      {subtitle && <p className="section-subtitle">{subtitle}</p>}
      {children}
      <div className="range-scale" aria-hidden="true">
        <span>{format(bounds.min)}</span>
        <span>{format(bounds.max)}</span>
      </div>
      {error && <p className="field-error">{error}</p>}
    </>
  );
  return kind === 'page' ? (
    <section className="form-section" aria-labelledby={titleId}>
      {body}
    </section>
  ) : (
    <div className="form-section">{body}</div>
  );
}

/**
 * What a pro charges (a dollar range) and how long they have been at it (years), as sliders: in pro
 * onboarding and in a musician's application to become a pro.
 */
export function ProRates({
  kind,
  testIds,
  titleIds = {},
  cost,
  onCostChange,
  costError,
  experience,
  onExperienceChange,
}: {
  kind: Kind;
  /** The sliders' test ids (each value shown beside its title: the same with '-value'). */
  testIds: { cost: string; experience: string };
  titleIds?: { cost?: string; experience?: string };
  cost: Range;
  onCostChange: (cost: Range) => void;
  costError?: string;
  experience: number;
  onExperienceChange: (years: number) => void;
}) {
  return (
    <>
      <RateSection
        kind={kind}
        title="Cost Range"
        titleId={titleIds.cost}
        valueTestId={`${testIds.cost}-value`}
        value={`${formatDollars(cost.min)} - ${formatDollars(cost.max)}`}
        subtitle={kind === 'page' ? 'What you charge per feedback, in dollars.' : undefined}
        scale={dollars}
        error={costError}
      >
        <RangeSlider
          {...dollars}
          value={cost}
          onChange={onCostChange}
          minLabel="Minimum cost"
          maxLabel="Maximum cost"
          testId={testIds.cost}
        />
      </RateSection>
      <RateSection
        kind={kind}
        title="Years of Experience"
        titleId={titleIds.experience}
        valueTestId={`${testIds.experience}-value`}
        value={formatYears(experience)}
        scale={years}
      >
        <ValueSlider label="Years of Experience" {...years} value={experience} onChange={onExperienceChange} testId={testIds.experience} />
      </RateSection>
    </>
  );
}
