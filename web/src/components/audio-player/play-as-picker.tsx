import { useId } from 'react';
import { PLAY_AS_RULES, playAsRule, type Measured } from '@shared/play-as';
import { serviceLine } from '@shared/technical-report';
import type { PlayAsChoice, usePlayAs } from './use-play-as';

const CHOICES = [
  { value: 'uploaded', label: 'As uploaded' },
  ...PLAY_AS_RULES.map((r) => ({ value: r.id, label: r.published ? r.name : `${r.name} (as measured)` })),
];

/** What the chosen service does to this track, in a line; as uploaded, the level it was mastered at. */
function describe(choice: PlayAsChoice, measured: Measured): string {
  const rule = choice === 'uploaded' ? undefined : playAsRule(choice);
  return (rule && serviceLine(rule, measured)) ?? 'As uploaded: at the level it was mastered at';
}

/** 'Play as' under the player: a service to hear the track as it plays it, what that does, and the peak as played. */
export function PlayAsPicker({ measured, playAs }: { measured: Measured; playAs: ReturnType<typeof usePlayAs> }) {
  const id = useId();
  return (
    <div className="player-play-as" data-testid="player-play-as" data-routed={playAs.routed || undefined}>
      <label htmlFor={id}>Play as</label>
      <select
        id={id}
        className="field-input"
        value={playAs.choice}
        onChange={(e) => playAs.choose(e.target.value as PlayAsChoice)}
        onFocus={playAs.prepare}
        onPointerDown={playAs.prepare}
        aria-describedby={`${id}-what`}
        data-testid="play-as-choice"
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
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
