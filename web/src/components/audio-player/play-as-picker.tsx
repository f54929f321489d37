import { useId } from 'react';
import { PLAY_AS_RULES, playAsRule, type Measured, type PlayAsChoice } from '@shared/play-as';
import { serviceLine } from '@shared/technical-report';
import type { usePlayAs } from './use-play-as';

const CHOICES = [
  { value: 'uploaded', label: 'As uploaded' },
  ...PLAY_AS_RULES.map((r) => ({ value: r.id, label: r.published ? r.name : `${r.name} (as measured)` })),
];

/** What the chosen service does to this track, in a line; as uploaded, the level it was mastered at. */
function describe(choice: PlayAsChoice, measured: Measured): string {
  const rule = choice === 'uploaded' ? undefined : playAsRule(choice);
  return (rule && serviceLine(rule, measured)) ?? 'As uploaded: at the level it was mastered at';
}

/**
 * The choice of a service, labelled `label`, described by the element `describedBy`: the audio is taken to the
 * worklet as the user reaches for it (`prepare`, on focus or pointer), before they choose.
 */
export function PlayAsSelect({
  id,
  label,
  choice,
  choose,
  prepare,
  describedBy,
  testId,
}: {
  id: string;
  label: string;
  choice: PlayAsChoice;
  choose: (next: PlayAsChoice) => void;
  prepare: () => void;
  describedBy: string;
  testId: string;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="field-input"
        value={choice}
        onChange={(e) => choose(e.target.value as PlayAsChoice)}
        onFocus={prepare}
        onPointerDown={prepare}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** 'Play as' under the player: a service to hear the track as it plays it, what that does, and the peak as played. */
export function PlayAsPicker({ measured, playAs }: { measured: Measured; playAs: ReturnType<typeof usePlayAs> }) {
  const id = useId();
  return (
    <div className="player-play-as" data-testid="player-play-as" data-routed={playAs.routed || undefined}>
      <PlayAsSelect
        id={id}
        label="Play as"
        choice={playAs.choice}
        choose={playAs.choose}
        prepare={playAs.prepare}
        describedBy={`${id}-what`}
        testId="play-as-choice"
      />
      <p id={`${id}-what`} className="muted small" role="status" data-testid="play-as-what">
        {describe(playAs.choice, measured)}
        {playAs.peak !== null && playAs.choice !== 'uploaded' && (
          <span data-testid="play-as-peak">. Loudest as played: {playAs.peak.toFixed(1)} dBFS</span>
        )}
      </p>
      {playAs.error && (
        <p className="player-error" role="alert" data-testid="play-as-error">
          {playAs.error}
        </p>
      )}
    </div>
  );
}
