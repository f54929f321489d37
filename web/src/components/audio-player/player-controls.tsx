import { PLAYER_SKIP_SECONDS } from '@shared/constants';
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@/components/icons';

/** Play or pause (a spinner while the stream is asked for), and skip back and forward. */
export function PlayerControls({
  title,
  playing,
  busy,
  onToggle,
  onSkip,
}: {
  title: string;
  playing: boolean;
  busy: boolean;
  onToggle: () => void;
  onSkip: (delta: number) => void;
}) {
  return (
    <div className="player-controls">
      <button
        type="button"
        className="player-play"
        onClick={onToggle}
        aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
        aria-busy={busy || undefined}
        data-testid="player-play"
        data-state={playing ? 'playing' : 'paused'}
      >
        {busy ? <span className="btn-spinner" aria-hidden="true" /> : playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        className="player-skip"
        onClick={() => onSkip(-PLAYER_SKIP_SECONDS)}
        aria-label={`Back ${PLAYER_SKIP_SECONDS} seconds`}
        data-testid="player-back"
      >
        <SkipBackIcon />
      </button>
      <button
        type="button"
        className="player-skip"
        onClick={() => onSkip(PLAYER_SKIP_SECONDS)}
        aria-label={`Forward ${PLAYER_SKIP_SECONDS} seconds`}
        data-testid="player-forward"
      >
        <SkipForwardIcon />
      </button>
    </div>
  );
}
