import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { loadOnce } from '@/lib/load-once';
import { heardTime, type Began } from './heard-time';
import { claimPlayback, releasePlayback } from './playback';
import type { SourceState } from './types';
import { useLatest } from './use-latest';

// wavesurfer.js is loaded at the first sign the user means to use a player (pointer over it, focus, a
// control), so no page's first load carries it; a failed load is tried again at the next sign.
const loadWaveSurfer = loadOnce(() => import('wavesurfer.js').then((m) => m.default));

const COLORS = { wave: '#545b75', progress: '#9a8cff', cursor: '#eceef5' };

/** What the player does when wavesurfer reports. */
export interface WaveSurferEvents {
  /** The playhead moved as the audio played. */
  timeUpdate: (t: number) => void;
  /** The user clicked or dragged on the waveform. */
  interaction: (t: number) => void;
  play: () => void;
  /** Paused, or played to the end. */
  stop: () => void;
  /** The stream failed (e.g. an expired link), or wavesurfer itself could not load. */
  error: () => void;
}

/**
 * The wavesurfer instance of the current track, over the player's media element: loaded and set up once
 * the player is wanted, made afresh for another track (or peaks, duration, height), destroyed with the
 * player. Until it is drawn, `drawn` is false and the player shows its static bars. A new instance has
 * no stream yet: `sourceRef` is reset with it, and after a media error, so that the next play asks for one.
 */
export function useWaveSurfer({
  containerRef,
  mediaRef,
  sourceRef,
  timeRef,
  trackId,
  peaks,
  duration,
  height,
  on,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  mediaRef: RefObject<HTMLAudioElement | null>;
  sourceRef: RefObject<SourceState>;
  /** Where the playhead is: a new instance starts there. */
  timeRef: RefObject<number>;
  trackId: string;
  peaks: Float32Array;
  duration: number;
  height: number;
  on: WaveSurferEvents;
}) {
  const wsRef = useRef<WaveSurfer | null>(null);
  /** Where and when the media last began to play (the player sets it): where it is heard (./heard-time.ts). */
  const began = useRef<Began | null>(null);
  /** Resolves once wavesurfer is set up for the current track. */
  const readyRef = useRef<{ promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null>(null);
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const onRef = useLatest(on);

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
        const self = ws;
        // While it plays, the playhead is drawn and told where the listener is (./heard-time.ts). In WebKitGTK,
        // with the element played into Web Audio, wavesurfer's own reading stayed where the last seek had put it
        // (a seek it holds until the element can play through), or read currentTime a second ahead.
        const currentTime = ws.getCurrentTime.bind(ws);
        const media = mediaRef.current;
        ws.getCurrentTime = () => (self.isPlaying() ? heardTime(media, began.current) : currentTime());
        wsRef.current = ws;
        if (timeRef.current > 0) ws.setTime(timeRef.current);
        readyRef.current?.resolve();
        ws.on('redrawcomplete', () => setDrawn(true));
        ws.on('timeupdate', (t) => onRef.current.timeUpdate(t));
        ws.on('interaction', (t) => onRef.current.interaction(t));
        ws.on('play', () => {
          claimPlayback(self);
          onRef.current.play();
        });
        const stopped = () => onRef.current.stop();
        ws.on('pause', stopped);
        ws.on('finish', stopped);
        ws.on('error', () => {
          // E.g. an expired link: the next play asks for a fresh one.
          if (sourceRef.current.state === 'ready') {
            sourceRef.current = { state: 'none' };
            onRef.current.error();
          }
        });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        onRef.current.error();
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
  }, [trackId, peaks, duration, height, wanted, containerRef, mediaRef, sourceRef, timeRef, onRef]);

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

  return { wsRef, drawn, ensurePlayer, want, began };
}
