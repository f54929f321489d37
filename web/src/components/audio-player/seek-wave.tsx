import { formatTime } from './time';
import { WaveformBars } from './waveform-bars';

/**
 * The waveform of what is heard, with a slider over it to move the playhead by the second: an A/B's one
 * playhead (two versions, or a mix and its reference).
 */
export function SeekWave({
  peaks,
  time,
  duration,
  onSeek,
  label = 'Position',
  testId = 'compare-seek',
}: {
  peaks: string;
  time: number;
  duration: number;
  onSeek: (t: number) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <div className="seek-wave">
      <WaveformBars peaks={peaks} />
      <input
        type="range"
        className="seek-wave-range"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.floor(time)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label={label}
        aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
        data-testid={testId}
      />
    </div>
  );
}
