import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
} from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { LOAD_AUDIO_ERROR, PLAYER_SKIP_SECONDS } from '@shared/constants';
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@/components/icons';
import { claimPlayback, releasePlayback } from './playback';
import { decodePeaks } from './peaks';
import { clampTime, formatTime } from './time';
import { WaveformBars } from './waveform-bars';
import { loadOnce } from '@/lib/load-once';
import './audio-player.css';

/** What the player needs of a track: its stored peaks and duration draw the waveform without the audio. */
export interface PlayableTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
  /** Base64 of the stored peaks (bytes 0-255). */
  peaks: string;
}

export interface AudioPlayerHandle {
  /** Plays from `start` and stops at `end` (seconds). */
  playRange(start: number, end: number): Promise<void>;
  pause(): void;
  isPlaying(): boolean;
  /** Moves the playhead (seconds), playing or not. */
  seek(time: number): void;
  /** Where the playhead is (seconds). */
  getTime(): number;
}

/** A point of the track marked on the waveform (e.g. a timestamped comment). */
export interface PlayerMarker {
  id: string;
  /** Seconds. */
  time: number;
  label: string;
  colour?: string;
  /** Drawn highlighted. */
  active?: boolean;
}

export interface AudioPlayerProps {
  track: PlayableTrack;
  /** The URL to stream from; asked for the first time the user plays (never to draw the waveform). */
  loadUrl: () => Promise<string>;
  /** A range shown highlighted over the waveform (e.g. the snippet being edited). */
  region?: { start: number; end: number } | null;
  /** Points marked on the waveform. */
  markers?: PlayerMarker[];
  /** Waveform height in pixels. */
  height?: number;
  onPlayingChange?: (playing: boolean) => void;
  /** Called as the playhead moves (about once a second while playing, and on every seek). */
  onTimeChange?: (seconds: number) => void;
  ref?: Ref<AudioPlayerHandle>;
}

// wavesurfer.js is loaded at the first sign the user means to use a player (pointer over it, focus, a
// control), so no page's first load carries it; a failed load is tried again at the next sign.
const loadWaveSurfer = loadOnce(() => import('wavesurfer.js').then((m) => m.default));

const COLORS = { wave: '#545b75', progress: '#9a8cff', cursor: '#eceef5' };

type Source = 'none' | 'loading' | 'ready';

/**
 * The one player of the app, used wherever a track plays: wavesurfer.js drawing the stored peaks over
 * an HTML media element, which streams the audio with range requests. Play/pause, click-or-drag seek,
 * skip 10 s back and forward, time as m:ss, and keyboard control (space, arrows, Home, End).
 * Until wavesurfer is wanted the stored peaks are drawn as static bars and the player keeps the
 * playhead itself: a seek or skip made then is handed to wavesurfer when it arrives.
 */
export function AudioPlayer({ track, loadUrl, region, markers, height = 56, onPlayingChange, onTimeChange, ref }: AudioPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLAudioElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const sourceRef = useRef<{ state: Source; promise?: Promise<void> }>({ state: 'none' });
  const loadUrlRef = useRef(loadUrl);
  loadUrlRef.current = loadUrl;
  const onPlayingRef = useRef(onPlayingChange);
  onPlayingRef.current = onPlayingChange;
  const onTimeRef = useRef(onTimeChange);
  onTimeRef.current = onTimeChange;

  const applySeekRef = useRef<(t: number) => void>(() => {});
  /** The playhead while wavesurfer is not there yet (seconds). */
  const timeRef = useRef(0);
  /** Resolves once wavesurfer is set up for the current track. */
  const readyRef = useRef<{ promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null>(null);
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [second, setSecond] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const duration = track.duration;
  const peaks = useMemo(() => decodePeaks(track.peaks), [track.peaks]);

  useEffect(() => {
    onTimeRef.current?.(second);
  }, [second]);

  useEffect(() => {
    timeRef.current = 0;
    setSecond(0);
  }, [track.id]);

  useEffect(() => {
    let cancelled = false;
    let ws: WaveSurfer | null = null;
    // The element is rendered once and kept: the cleanup below stops this one.
    const mediaElement = mediaRef.current;
    sourceRef.current = { state: 'none' };
    setDrawn(false);
    if (!wanted) return;
    loadWaveSurfer()
      .then((WS) => {
        if (cancelled || !containerRef.current || !mediaRef.current) return;
        ws = WS.create({
          container: containerRef.current,
          media: mediaRef.current,
          peaks: [peaks],
          duration,
          height,
          waveColor: COLORS.wave,
          progressColor: COLORS.progress,
          cursorColor: COLORS.cursor,
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          barMinHeight: 1,
          dragToSeek: true,
          hideScrollbar: true,
          autoScroll: false,
        });
        wsRef.current = ws;
        if (timeRef.current > 0) ws.setTime(timeRef.current);
        readyRef.current?.resolve();
        const self = ws;
        ws.on('redrawcomplete', () => setDrawn(true));
        ws.on('timeupdate', (t) => {
          timeRef.current = t;
          setSecond((prev) => (Math.floor(prev) === Math.floor(t) ? prev : t));
        });
        ws.on('interaction', (t) => {
          timeRef.current = t;
          setSecond(t);
          applySeekRef.current(t);
        });
        ws.on('play', () => {
          claimPlayback(self);
          setPlaying(true);
          setError(null);
          onPlayingRef.current?.(true);
        });
        const stopped = () => {
          setPlaying(false);
          onPlayingRef.current?.(false);
        };
        ws.on('pause', stopped);
        ws.on('finish', stopped);
        ws.on('error', () => {
          // E.g. an expired link: the next play asks for a fresh one.
          if (sourceRef.current.state === 'ready') {
            sourceRef.current = { state: 'none' };
            setError(LOAD_AUDIO_ERROR);
          }
        });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setError(LOAD_AUDIO_ERROR);
        readyRef.current?.reject(err);
        readyRef.current = null;
        setWanted(false); // the next sign of intent tries again
      });
    return () => {
      cancelled = true;
      if (ws) {
        readyRef.current = null; // it was resolved; the next track's player gets its own
        releasePlayback(ws);
        ws.destroy();
      }
      if (wsRef.current === ws) wsRef.current = null;
      const media = mediaElement;
      if (media) {
        media.pause();
        media.removeAttribute('src');
      }
    };
  }, [track.id, peaks, duration, height, wanted]);

  /** Asks for wavesurfer (once) and resolves when it is set up. */
  const ensurePlayer = useCallback((): Promise<void> => {
    if (wsRef.current) return Promise.resolve();
    if (!readyRef.current) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      promise.catch(() => {}); // a sign of intent alone does not wait for it
      readyRef.current = { promise, resolve, reject };
    }
    setWanted(true);
    return readyRef.current.promise;
  }, []);
  const want = useCallback(() => void ensurePlayer(), [ensurePlayer]);

  /** Points the media element at the stream, the first time it is needed. */
  const ensureSource = useCallback(async () => {
    const source = sourceRef.current;
    if (source.state === 'ready') return;
    if (source.promise) return source.promise;
    const promise = (async () => {
      setBusy(true);
      try {
        await ensurePlayer();
        const ws = wsRef.current;
        if (!ws) throw new Error('The player is not ready');
        let url: string;
        try {
          url = await loadUrlRef.current();
        } catch (err) {
          setError(LOAD_AUDIO_ERROR);
          throw err;
        }
        const at = ws.getCurrentTime();
        await ws.load(url, [peaks], duration);
        if (at > 0) ws.setTime(at);
        sourceRef.current = { state: 'ready' };
        setError(null);
      } catch (err) {
        sourceRef.current = { state: 'none' };
        throw err;
      } finally {
        setBusy(false);
      }
    })();
    sourceRef.current = { state: 'loading', promise };
    return promise;
  }, [peaks, duration, ensurePlayer]);

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
        await ws.play(from, to);
      } catch (err) {
        if ((err as Error)?.name !== 'AbortError') setError(LOAD_AUDIO_ERROR);
      }
    },
    [ensureSource],
  );

  const toggle = useCallback(() => {
    const ws = wsRef.current;
    if (ws?.isPlaying()) ws.pause();
    else void start();
  }, [start]);

  /** Where playback is: the media element once it has the stream (it knows at once), else wavesurfer's or our own. */
  const position = useCallback((): number => {
    const media = mediaRef.current;
    if (sourceRef.current.state === 'ready' && media && media.readyState >= 1) return media.currentTime;
    return wsRef.current?.getCurrentTime() ?? timeRef.current;
  }, []);

  /**
   * Seeks wavesurfer (it draws the position) and, once the stream is there, the media element itself:
   * wavesurfer defers a seek while the media is buffering and can drop it when another comes quickly.
   */
  const applySeek = useCallback((t: number) => {
    const media = mediaRef.current;
    if (sourceRef.current.state === 'ready' && media && media.readyState >= 1 && Math.abs(media.currentTime - t) > 0.01) {
      media.currentTime = t;
    }
  }, []);

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
    [duration, applySeek, want],
  );

  /** A click on the static bars, before wavesurfer takes over the waveform's clicks and drags. */
  const onWavePointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (wsRef.current) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo(((e.clientX - box.left) / box.width) * duration);
  };

  const skip = useCallback((delta: number) => seekTo(position() + delta), [seekTo, position]);
  applySeekRef.current = applySeek;

  useImperativeHandle(
    ref,
    () => ({
      playRange: (from, to) => start(clampTime(from, duration), clampTime(to, duration)),
      pause: () => wsRef.current?.pause(),
      isPlaying: () => !!wsRef.current?.isPlaying(),
      seek: (time) => seekTo(time),
      getTime: () => position(),
    }),
    [start, duration, seekTo, position],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const onControl = target.tagName === 'BUTTON' || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
    switch (e.key) {
      case ' ':
      case 'Spacebar':
        if (onControl) return; // a focused button toggles itself
        e.preventDefault();
        toggle();
        break;
      case 'ArrowLeft':
        e.preventDefault();
        skip(-PLAYER_SKIP_SECONDS);
        break;
      case 'ArrowRight':
        e.preventDefault();
        skip(PLAYER_SKIP_SECONDS);
        break;
      case 'Home':
        if (onControl) return;
        e.preventDefault();
        seekTo(0);
        break;
      case 'End':
        if (onControl) return;
        e.preventDefault();
        seekTo(duration);
        break;
    }
  };

  const pct = (t: number) => (duration > 0 ? (clampTime(t, duration) / duration) * 100 : 0);

  return (
    // The player's keyboard shortcuts act on the group that holds its controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={`player${playing ? ' is-playing' : ''}`}
      role="group"
      aria-label={`Player: ${track.title}`}
      onKeyDown={onKeyDown}
      onPointerEnter={want}
      onFocus={want}
      data-testid="player"
    >
      <div className="player-controls">
        <button
          type="button"
          className="player-play"
          onClick={toggle}
          aria-label={`${playing ? 'Pause' : 'Play'} ${track.title}`}
          aria-busy={busy || undefined}
          data-testid="player-play"
          data-state={playing ? 'playing' : 'paused'}
        >
          {busy ? <span className="btn-spinner" aria-hidden="true" /> : playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="player-skip"
          onClick={() => skip(-PLAYER_SKIP_SECONDS)}
          aria-label={`Back ${PLAYER_SKIP_SECONDS} seconds`}
          data-testid="player-back"
        >
          <SkipBackIcon />
        </button>
        <button
          type="button"
          className="player-skip"
          onClick={() => skip(PLAYER_SKIP_SECONDS)}
          aria-label={`Forward ${PLAYER_SKIP_SECONDS} seconds`}
          data-testid="player-forward"
        >
          <SkipForwardIcon />
        </button>
      </div>
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
        onPointerDown={onWavePointerDown}
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
            {markers.map((m) => (
              <span
                key={m.id}
                className={`player-marker${m.active ? ' is-active' : ''}`}
                style={{ left: `${pct(m.time)}%`, ...(m.colour ? { '--marker': m.colour } : {}) } as CSSProperties}
                title={m.label}
                data-testid="player-marker"
                data-time={m.time}
                data-active={m.active ? 'true' : 'false'}
              />
            ))}
          </div>
        )}
      </div>
      <div className="player-time" data-testid="player-time" aria-hidden="true">
        <span>{formatTime(second)}</span>
        <span className="player-time-sep">/</span>
        <span className="muted">{formatTime(duration)}</span>
      </div>
      {error && (
        <p className="player-error" role="alert" data-testid="player-error">
          {error}
        </p>
      )}
      <audio ref={mediaRef} preload="none" hidden data-testid="player-media" data-track-id={track.id} />
    </div>
  );
}
