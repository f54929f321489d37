import type { TrackView } from '@shared/schemas/tracks';
import { formatTime, WaveformBars } from '@/components/audio-player';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { SelectField } from '@/components/text-field';
import { SIDES, type Side } from '@/features/tracks/hooks/use-ab-playback';
import type { useLoudnessMatch } from '@/features/tracks/hooks/use-loudness-match';
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

/** The waveform of the version heard, with a slider over it to move the playhead by the second. */
export function CompareWave({
  peaks,
  time,
  duration,
  onSeek,
}: {
  peaks: string;
  time: number;
  duration: number;
  onSeek: (t: number) => void;
}) {
  return (
    <div className="version-compare-wave">
      <WaveformBars peaks={peaks} />
      <input
        type="range"
        className="version-compare-seek"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.floor(time)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Position"
        aria-valuetext={formatTime(time)}
        data-testid="compare-seek"
      />
    </div>
  );
}

/** Match loudness (on or off) and what that does to the two versions, or why it cannot be done. */
export function LoudnessMatchToggle({
  match,
  matching,
  setMatching,
}: Pick<ReturnType<typeof useLoudnessMatch>, 'match' | 'matching' | 'setMatching'>) {
  return (
    <>
      <label className="checkbox-label small">
        <input type="checkbox" checked={matching} onChange={(e) => setMatching(e.target.checked)} data-testid="compare-match" />
        Match loudness
      </label>
      <p className="muted small" role="status" data-testid="compare-match-text">
        {!match
          ? 'Loudness cannot be matched: a version has not been measured yet.'
          : matching
            ? match.text
            : 'Played as they are: the louder one may sound better for being louder.'}
      </p>
    </>
  );
}
