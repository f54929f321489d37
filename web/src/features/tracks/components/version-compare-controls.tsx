import { useId } from 'react';
import { playAsGain, playAsRule, type PlayAsRule } from '@shared/play-as';
import type { TrackView } from '@shared/schemas/tracks';
import { formatTime, PlayAsSelect } from '@/components/audio-player';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { SelectField } from '@/components/text-field';
import { SIDES, type Side } from '@/features/tracks/hooks/use-ab-playback';
import type { useAbGains } from '@/features/tracks/hooks/use-ab-gains';
import { versionLabel } from '@/features/tracks/utils/track-meta';

/** Which version plays as A (or B): one of those ready. */
export function VersionSelect({
  label,
  value,
  onChange,
  versions,
  testId,
}: {
  label: Side;
  value: string;
  onChange: (id: string) => void;
  versions: TrackView[];
  testId: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={onChange} data-testid={testId}>
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {versionLabel(v)}
        </option>
      ))}
    </SelectField>
  );
}

/** Play or pause, which version is heard (A or B, also their keys), and the playhead against the length. */
export function CompareDeck({
  a,
  b,
  side,
  playing,
  time,
  duration,
  onToggle,
  onSwitch,
}: {
  a: TrackView;
  b: TrackView;
  side: Side;
  playing: boolean;
  time: number;
  duration: number;
  onToggle: () => void;
  onSwitch: (side: Side) => void;
}) {
  return (
    <div className="version-compare-deck">
      <button type="button" className="player-play" onClick={onToggle} aria-label={playing ? 'Pause' : 'Play'} data-testid="compare-play">
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div className="segmented" role="group" aria-label="Version heard (keys A and B)">
        {SIDES.map((s) => (
          <button
            key={s}
            type="button"
            className="segmented-item"
            aria-pressed={side === s}
            aria-keyshortcuts={s}
            onClick={() => onSwitch(s)}
            data-testid={`compare-${s}`}
          >
            {s}: {versionLabel(s === 'A' ? a : b)}
          </button>
        ))}
      </div>
      <span className="player-time" data-testid="compare-time">
        {formatTime(time)} / {formatTime(duration)}
      </span>
    </div>
  );
}

/** How a service plays one version: its gain, in words. */
function gainWords(rule: PlayAsRule, version: TrackView): string {
  const db = Math.round((playAsGain(rule, version.report ?? { integratedLufs: null, truePeakDbtp: null })?.db ?? 0) * 10) / 10;
  const how = db < 0 ? `turned down ${(-db).toFixed(1)} dB` : db > 0 ? `turned up ${db.toFixed(1)} dB` : 'as it is';
  return `${versionLabel(version)} ${how}`;
}

/**
 * The level both versions play at: as uploaded (loudness matched, on or off) or as a service plays each, what
 * that does to them, and the loudest sample the one heard has played at it.
 */
export function CompareLevels({ a, b, side, gains }: { a: TrackView; b: TrackView; side: Side; gains: ReturnType<typeof useAbGains> }) {
  const id = useId();
  const { match, matching, setMatching, choice } = gains;
  const rule = choice === 'uploaded' ? undefined : playAsRule(choice);
  const peak = gains.peaks[side];
  return (
    <div className="version-compare-levels">
      <div className="version-compare-play-as">
        <PlayAsSelect
          id={id}
          label="Play both as"
          choice={choice}
          choose={gains.choose}
          prepare={gains.prepare}
          describedBy={`${id}-what`}
          testId="compare-play-as"
        />
      </div>
      <label className="checkbox-label small">
        <input
          type="checkbox"
          checked={matching}
          disabled={!!rule}
          onChange={(e) => setMatching(e.target.checked)}
          data-testid="compare-match"
        />
        Match loudness
      </label>
      <p id={`${id}-what`} className="muted small" role="status" data-testid="compare-match-text">
        {rule
          ? `${rule.name} plays each at its own level: ${gainWords(rule, a)}, ${gainWords(rule, b)}`
          : !match
            ? 'Loudness cannot be matched: a version has not been measured yet.'
            : matching
              ? match.text
              : 'Played as they are: the louder one may sound better for being louder.'}
        {peak !== null && <span data-testid="compare-peak">. Loudest as played: {peak.toFixed(1)} dBFS</span>}
      </p>
      {gains.error && (
        <p className="player-error" role="alert" data-testid="compare-play-as-error">
          {gains.error}
        </p>
      )}
    </div>
  );
}
