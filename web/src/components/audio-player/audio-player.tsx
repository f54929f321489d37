import { PlayAsPicker } from './play-as-picker';
import { PlayerControls } from './player-controls';
import { playerKeyDown } from './player-keys';
import { PlayerTime } from './player-time';
import { PlayerWaveform } from './player-waveform';
import type { AudioPlayerProps } from './types';
import { usePlayAs } from './use-play-as';
import { usePlayer } from './use-player';
import './audio-player.css';

export type { AudioPlayerHandle, AudioPlayerProps, PlayableTrack, PlayerMarker } from './types';

/**
 * The one player of the app, used wherever a track plays: wavesurfer.js drawing the stored peaks over
 * an HTML media element, which streams the audio with range requests. Play/pause, click-or-drag seek,
 * skip 10 s back and forward, time as m:ss, and keyboard control (space, arrows, Home, End).
 * Until wavesurfer is wanted the stored peaks are drawn as static bars and the player keeps the
 * playhead itself: a seek or skip made then is handed to wavesurfer when it arrives. A stream that stalls
 * while playing is loaded again from where it stood (./use-stall-reload.ts).
 */
export function AudioPlayer({ track, loadUrl, region, markers, height = 56, onPlayingChange, onTimeChange, below, ref }: AudioPlayerProps) {
  const player = usePlayer({ track, loadUrl, height, onPlayingChange, onTimeChange, ref });
  const playAs = usePlayAs(player.mediaRef, track.loudness);
  const onKeyDown = playerKeyDown({ toggle: player.toggle, skip: player.skip, seekTo: player.seekTo, duration: track.duration });

  return (
    // The player's keyboard shortcuts act on the group that holds its controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={`player${player.playing ? ' is-playing' : ''}`}
      role="group"
      aria-label={`Player: ${track.title}`}
      onKeyDown={onKeyDown}
      onPointerEnter={player.want}
      // A pointer already over the player when it appeared (it grew under a resting cursor) enters nothing.
      onPointerMove={player.want}
      onFocus={player.want}
      data-testid="player"
    >
      <PlayerControls title={track.title} playing={player.playing} busy={player.busy} onToggle={player.toggle} onSkip={player.skip} />
      <PlayerWaveform track={track} height={height} player={player} region={region} markers={markers} />
      <PlayerTime second={player.second} duration={track.duration} />
      {below && <div className="player-below">{below}</div>}
      {track.loudness && <PlayAsPicker measured={track.loudness} playAs={playAs} />}
      {player.error && (
        <p className="player-error" role="alert" data-testid="player-error">
          {player.error}
        </p>
      )}
      {/* Anonymous CORS, so that 'Play as' may take its audio into Web Audio (storage answers the app's origin). */}
      <audio
        ref={player.mediaRef}
        preload="none"
        crossOrigin="anonymous"
        hidden
        data-testid="player-media"
        data-track-id={track.id}
        onSeeking={player.onSeeking}
      />
    </div>
  );
}
