import { formatTime } from './time';

/** The playhead's time and the track's length, as m:ss (hidden from screen readers: the waveform says it). */
export function PlayerTime({ second, duration }: { second: number; duration: number }) {
  return (
    <div className="player-time" data-testid="player-time" aria-hidden="true">
      <span>{formatTime(second)}</span>
      <span className="player-time-sep">/</span>
      <span className="muted">{formatTime(duration)}</span>
    </div>
  );
}
