import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import workletUrl from './play-as-worklet.ts?worker&url';
import type { PlayAsMessage } from './play-as-worklet';

export const PLAY_AS_ERROR = 'This browser cannot play the track as a service would: it plays as uploaded.';

/** What the worklet applies (shared/play-as.ts playAsLevel): a gain, and whether Spotify Loud's limiter holds the peaks. */
type PlayAsGain = Omit<PlayAsMessage, 'choice'>;

interface Graph {
  ctx: AudioContext;
  node: AudioWorkletNode;
}

/** The media element's audio through the worklet (./play-as-worklet.ts): what can fail is tried before the element is taken. */
async function connect(media: HTMLAudioElement, onPeak: (peak: number, choice: number) => void): Promise<Graph> {
  const ctx = new AudioContext();
  try {
    await ctx.audioWorklet.addModule(workletUrl);
    const node = new AudioWorkletNode(ctx, 'snip-play-as', { outputChannelCount: [2] });
    node.port.onmessage = ({ data }: MessageEvent<{ peak: number; choice: number }>) => onPeak(data.peak, data.choice);
    ctx.createMediaElementSource(media).connect(node).connect(ctx.destination);
    // A context made before the page had a user's gesture waits suspended (the autoplay rule): a play is one.
    media.addEventListener('play', () => void ctx.resume().catch(() => {}));
    return { ctx, node };
  } catch (err) {
    void ctx.close();
    throw err;
  }
}

/**
 * A media element's audio at `gain`, through the worklet once `route` is first called (until then it plays
 * straight out); each later gain is sent while the audio plays on (no reload, no gap, the same playhead).
 * `peak` is the loudest sample played at this gain (dBFS); `error` says the browser cannot (it then plays straight out).
 */
export function usePlayAsRoute(mediaRef: RefObject<HTMLAudioElement | null>, gain: PlayAsGain) {
  const [error, setError] = useState<string | null>(null);
  const [peak, setPeak] = useState<number | null>(null);
  const [routed, setRouted] = useState(false);
  const graph = useRef<Promise<Graph> | null>(null);
  /** Counts the gains sent: a peak played under an earlier one is not this one's. */
  const sent = useRef(0);
  const latest = useRef(gain);
  latest.current = gain;

  /** Tells the worklet the latest gain; with `route`, first takes the element's audio into it if it is not there yet. */
  const send = useCallback(
    async (route: boolean) => {
      const media = mediaRef.current;
      if (!media || (!graph.current && !route)) return;
      try {
        graph.current ??= connect(media, (p, choice) => {
          if (choice === sent.current && p > 0) setPeak((was) => Math.max(was ?? -Infinity, 20 * Math.log10(p)));
        });
        const { ctx, node } = await graph.current;
        setPeak(null);
        node.port.postMessage({ ...latest.current, choice: ++sent.current } satisfies PlayAsMessage);
        setRouted(true);
        // Closed with the player meanwhile: nothing to resume.
        void ctx.resume().catch(() => {});
        setError(null);
      } catch {
        graph.current = null;
        setRouted(false);
        setError(PLAY_AS_ERROR);
      }
    },
    [mediaRef],
  );

  useEffect(() => void send(false), [send, gain.gain, gain.limiting]);

  /**
   * Takes the audio into the worklet, once: called as the user reaches for a choice (focus, pointer) or before a
   * play, since the browser's audio output is set up again then, and a switch afterwards moves nothing.
   */
  const route = useCallback(
    (): Promise<void> =>
      graph.current
        ? graph.current.then(
            () => {},
            () => {},
          )
        : send(true),
    [send],
  );

  useEffect(
    () => () => {
      void graph.current?.then(({ ctx }) => ctx.close()).catch(() => {});
    },
    [],
  );

  return { route, routed, error, peak };
}
