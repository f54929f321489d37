import { Fragment, type CSSProperties } from 'react';
import { clampTime, formatTime } from './time';
import type { PlayableTrack, PlayerMarker } from './types';
import type { usePlayer } from './use-player';
import { WaveformBars } from './waveform-bars';

/**
 * The waveform, a slider for seeking: the stored peaks as static bars with the playhead over them until
 * wavesurfer has drawn its own canvas (into `containerRef`), and over either the range shown and the
 * markers, placed as a share of the duration.
 */
export function PlayerWaveform({
  track,
  height,
  player,
  region,
  markers,
}: {
  track: PlayableTrack;
  height: number;
  /**
   * The player's state: where the playhead is (seconds), whether wavesurfer has drawn the waveform, the
   * element it draws into, and the click on the static bars before it has.
   */
  player: Pick<ReturnType<typeof usePlayer>, 'second' | 'drawn' | 'containerRef' | 'onWavePointerDown'>;
  region?: { start: number; end: number } | null;
  markers?: PlayerMarker[];
}) {
  const { second, drawn, containerRef, onWavePointerDown: onPointerDown } = player;
  const duration = track.duration;
  const pct = (t: number) => (duration > 0 ? (clampTime(t, duration) / duration) * 100 : 0);
  return (
    <div
      className="player-wave"
      role="slider"
      tabIndex={0}
      aria-label={`Seek ${track.title}`}
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(second)}
      aria-valuetext={`${formatTime(second)} of ${formatTime(duration)}`}
      style={{ height }}
      onPointerDown={onPointerDown}
      data-testid="player-waveform"
      data-drawn={drawn ? 'true' : 'false'}
    >
      {!drawn && <WaveformBars peaks={track.peaks} className="player-wave-fallback" />}
      {!drawn && second > 0 && <div className="player-wave-progress" style={{ width: `${pct(second)}%` }} aria-hidden="true" />}
      <div ref={containerRef} className="player-wave-canvas" />
      {region && duration > 0 && (
        <div
          className="player-region"
          style={{ left: `${pct(region.start)}%`, width: `${Math.max(0, pct(region.end) - pct(region.start))}%` }}
          aria-hidden="true"
          data-testid="player-region"
        />
      )}
      {markers && duration > 0 && markers.length > 0 && (
        <div className="player-markers" aria-hidden="true">
          {markers.map((m) => {
            const colour = m.colour ? { '--marker': m.colour } : {};
            return (
              <Fragment key={m.id}>
                {m.end !== undefined && m.end > m.time && (
                  <span
                    className={`player-marker-range${m.active ? ' is-active' : ''}`}
                    style={{ left: `${pct(m.time)}%`, width: `${pct(m.end) - pct(m.time)}%`, ...colour } as CSSProperties}
                    data-testid="player-marker-range"
                  />
                )}
                <span
                  className={`player-marker${m.active ? ' is-active' : ''}`}
                  style={{ left: `${pct(m.time)}%`, ...colour } as CSSProperties}
                  title={m.label}
                  data-testid="player-marker"
                  data-time={m.time}
                  data-active={m.active ? 'true' : 'false'}
                />
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}
