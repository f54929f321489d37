import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { playAsGain, playAsRule, type Measured, type PlayAsId } from '@shared/play-as';
import workletUrl from './play-as-worklet.ts?worker&url';
import type { PlayAsMessage } from './play-as-worklet';

export type PlayAsChoice = 'uploaded' | PlayAsId;

export const PLAY_AS_ERROR = 'This browser cannot play the track as a service would: it plays as uploaded.';

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

/** What the worklet is told for `choice` on a track that measured `measured`: as uploaded, a gain of 1 and no limit. */
export function playAsMessage(choice: PlayAsChoice, measured: Measured | null | undefined): Omit<PlayAsMessage, 'choice'> {
  const rule = choice === 'uploaded' ? undefined : playAsRule(choice);
  const gain = rule && measured ? playAsGain(rule, measured) : null;
  return { gain: gain ? 10 ** (gain.db / 20) : 1, limiting: !!gain?.limited };
}

/**
 * 'Play as': the player's audio at the level a streaming service would play it. Until the choice is first reached
 * for, the element plays straight out; from then on through the worklet, whose gain each choice changes while
 * the audio plays on (no reload, no gap, the same playhead). `peak` is the loudest sample played since the choice (dBFS).
 */
export function usePlayAs(mediaRef: RefObject<HTMLAudioElement | null>, measured: Measured | null | undefined) {
  const [choice, setChoice] = useState<PlayAsChoice>('uploaded');
  const [error, setError] = useState<string | null>(null);
  const [peak, setPeak] = useState<number | null>(null);
  const [routed, setRouted] = useState(false);
  const graph = useRef<Promise<Graph> | null>(null);
  /** Counts the choices sent: a peak played under an earlier one is not this one's. */
  const sent = useRef(0);

  /** Tells the worklet `next`; with `route`, first takes the element's audio into it if it is not there yet. */
  const send = useCallback(
    async (next: PlayAsChoice, route: boolean) => {
      const media = mediaRef.current;
      if (!media || (!graph.current && !route)) return;
      try {
        graph.current ??= connect(media, (p, choice) => {
          if (choice === sent.current && p > 0) setPeak((was) => Math.max(was ?? -Infinity, 20 * Math.log10(p)));
        });
        const { ctx, node } = await graph.current;
        node.port.postMessage({ ...playAsMessage(next, measured), choice: ++sent.current } satisfies PlayAsMessage);
        setRouted(true);
        // Closed with the player meanwhile: nothing to resume.
        void ctx.resume().catch(() => {});
        setError(null);
      } catch {
        graph.current = null;
        setRouted(false);
        setChoice('uploaded');
        setError(PLAY_AS_ERROR);
      }
    },
    [mediaRef, measured],
  );

  const choose = useCallback(
    (next: PlayAsChoice) => {
      setChoice(next);
      setPeak(null);
      void send(next, true);
    },
    [send],
  );

  // Another track (or its report arriving): the same choice, at that track's gain.
  const latest = useRef(choice);
  latest.current = choice;
  useEffect(() => void send(latest.current, false), [send]);
  /**
   * Takes the audio into the worklet as the user reaches for the choice (focus, pointer), before they make it:
   * the browser's audio output is set up again then, once, so that the switch itself moves nothing.
   */
  const prepare = useCallback(() => void (graph.current ?? send(latest.current, true)), [send]);

  useEffect(
    () => () => {
      void graph.current?.then(({ ctx }) => ctx.close()).catch(() => {});
    },
    [],
  );

  return { choice, choose, prepare, routed, error, peak };
}
