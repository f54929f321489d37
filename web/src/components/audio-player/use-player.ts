import { useCallback, useImperativeHandle, useMemo, useRef, useState, type PointerEvent, type SyntheticEvent } from 'react';
import { LOAD_AUDIO_ERROR } from '@shared/constants';
import { claimPlayback } from './playback';
import { decodePeaks } from './peaks';
import { clampTime } from './time';
import { beganFrom, heardTime, pauseWhereHeard } from './heard-time';
import type { AudioPlayerProps, SourceState } from './types';
import { useAudioSource } from './use-audio-source';
import { useLatest } from './use-latest';
import { rangesOf, useStallReload } from './use-stall-reload';
import { usePlayhead } from './use-playhead';
import { useWaveSurfer } from './use-wavesurfer';

/**
 * What the player does: play and pause, seek and skip, the state its view shows, and the handle its owner
 * holds. Wavesurfer arrives when wanted (pointer over the player, focus, a control) and the stream at the
 * first play; a seek or skip made before then moves the player's own playhead, handed to wavesurfer when
 * it arrives.
 */
export function usePlayer({
  track,
  loadUrl,
  height,
  onPlayingChange,
  onTimeChange,
  ref,
}: Pick<AudioPlayerProps, 'track' | 'loadUrl' | 'onPlayingChange' | 'onTimeChange' | 'ref'> & { height: number }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLAudioElement>(null);
  const sourceRef = useRef<SourceState>({ state: 'none' });
  const onPlayingRef = useLatest(onPlayingChange);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const duration = track.duration;
  const peaks = useMemo(() => decodePeaks(track.peaks), [track.peaks]);
  const { timeRef, second, setSecond } = usePlayhead(track.id, onTimeChange);

  /**
   * Seeks the media element itself once it has the stream: wavesurfer defers a seek while the media is
   * buffering and can drop it when another comes quickly.
   */
  const applySeek = useCallback((t: number) => {
    const media = mediaRef.current;
    if (sourceRef.current.state === 'ready' && media && media.readyState >= 1 && Math.abs(media.currentTime - t) > 0.01) {
      media.currentTime = t;
    }
  }, []);

  const { wsRef, drawn, ensurePlayer, want, began } = useWaveSurfer({
    containerRef,
    mediaRef,
    sourceRef,
    timeRef,
    trackId: track.id,
    peaks,
    duration,
    height,
    on: {
      timeUpdate: (t) => {
        timeRef.current = t;
        setSecond((prev) => (Math.floor(prev) === Math.floor(t) ? prev : t));
      },
      interaction: (t) => {
        timeRef.current = t;
        setSecond(t);
        applySeek(t);
      },
      play: () => {
        setPlaying(true);
        setError(null);
        onPlayingRef.current?.(true);
      },
      stop: () => {
        setPlaying(false);
        onPlayingRef.current?.(false);
      },
      error: () => setError(LOAD_AUDIO_ERROR),
    },
  });

  const { busy, ensureSource } = useAudioSource({ sourceRef, wsRef, ensurePlayer, loadUrl, peaks, duration, setError });
  const playedBefore = useStallReload(mediaRef, sourceRef, track.id);

  const start = useCallback(
    async (from?: number, to?: number) => {
      try {
        await ensureSource();
      } catch {
        return;
      }
      const ws = wsRef.current;
      if (!ws) return;
      claimPlayback(ws);
      try {
        began.current = beganFrom(from ?? mediaRef.current?.currentTime ?? 0);
        await ws.play(from, to);
      } catch (err) {
        if ((err as Error)?.name !== 'AbortError') setError(LOAD_AUDIO_ERROR);
      }
    },
    [ensureSource, wsRef, began],
  );

  /** Pauses where the listener is (./heard-time.ts). */
  const pause = useCallback(() => {
    const ws = wsRef.current;
    if (ws && mediaRef.current) pauseWhereHeard(mediaRef.current, began.current, () => ws.pause());
    else ws?.pause();
  }, [wsRef, began]);

  const toggle = useCallback(() => {
    if (wsRef.current?.isPlaying()) pause();
    else void start();
  }, [start, pause, wsRef]);

  /** Sought while playing (by the waveform, a key, a skip, a reload): it plays on from there. */
  const onSeeking = useCallback(
    (e: SyntheticEvent<HTMLAudioElement>) => {
      if (!e.currentTarget.paused) began.current = beganFrom(e.currentTarget.currentTime);
    },
    [began],
  );

  /** Where playback is: the media element once it has the stream (it knows at once), else wavesurfer's or our own. */
  const position = useCallback((): number => {
    const media = mediaRef.current;
    if (sourceRef.current.state === 'ready' && media && media.readyState >= 1) return heardTime(media, began.current);
    return wsRef.current?.getCurrentTime() ?? timeRef.current;
  }, [wsRef, timeRef, began]);

  /** Moves the playhead: wavesurfer draws it, and the media element follows once it has the stream. */
  const seekTo = useCallback(
    (time: number) => {
      const t = clampTime(time, duration);
      timeRef.current = t;
      setSecond(t);
      const ws = wsRef.current;
      if (!ws) return want(); // handed over when it arrives
      ws.setTime(t);
      applySeek(t);
    },
    [duration, applySeek, want, wsRef, timeRef, setSecond],
  );

  /** A click on the static bars, before wavesurfer takes over the waveform's clicks and drags. */
  const onWavePointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (wsRef.current) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo(((e.clientX - box.left) / box.width) * duration);
  };

  const skip = useCallback((delta: number) => seekTo(position() + delta), [seekTo, position]);

  useImperativeHandle(
    ref,
    () => ({
      playRange: (from, to) => start(clampTime(from, duration), clampTime(to, duration)),
      pause,
      isPlaying: () => !!wsRef.current?.isPlaying(),
      seek: (time) => seekTo(time),
      getTime: () => position(),
      getPlayed: () => [...playedBefore.current, ...rangesOf(mediaRef.current?.played)],
    }),
    [start, pause, duration, seekTo, position, wsRef, playedBefore],
  );

  return { containerRef, mediaRef, playing, busy, error, second, drawn, want, toggle, skip, seekTo, onWavePointerDown, onSeeking };
}
