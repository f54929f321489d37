import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { errorMessage } from '@/lib/errors';
import { getTrackUrl } from '@/features/tracks/api/tracks';
import { beganFrom, heardTime, pauseWhereHeard, type Began } from '@/components/audio-player';

export type Side = 'A' | 'B';
export const SIDES = ['A', 'B'] as const;

const playError = (err: unknown) => errorMessage(err, 'The audio could not be played');

/** Each version's audio element. */
export function useAbAudio(): Record<Side, RefObject<HTMLAudioElement | null>> {
  return { A: useRef<HTMLAudioElement>(null), B: useRef<HTMLAudioElement>(null) };
}

/**
 * Plays one of two versions at a shared playhead: `switchTo` hands over to the other at the same second.
 * Each version streams in an audio element of its own (`audioProps`), asked for at the first play, after
 * `beforePlay` (which takes their audio to where their gains are applied).
 */
export function useAbPlayback(
  a: TrackView,
  b: TrackView,
  audio: Record<Side, RefObject<HTMLAudioElement | null>>,
  beforePlay: () => Promise<void>,
) {
  const [side, setSide] = useState<Side>('A');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRef<{ A?: string; B?: string }>({});
  /** Where and when each version last began to play (heardTime). */
  const began = useRef(new Map<Side, Began>());

  /** Both elements given their version's link (once per version), so a switch plays at once. */
  const load = useCallback(async () => {
    for (const [s, v] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const el = audio[s].current;
      if (!el || loaded.current[s] === v.id) continue;
      el.src = await getTrackUrl(v.id);
      loaded.current[s] = v.id;
    }
    // The refs are stable; the versions decide what is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.id, b.id]);

  const heard = () => audio[side].current;
  /** False once the panel is closed: a play still asking for its links never starts. */
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const toggle = async () => {
    const el = heard();
    if (!el) return;
    if (!el.paused) return pauseWhereHeard(el, began.current.get(side) ?? null);
    try {
      setError(null);
      await load();
      await beforePlay();
      // Closed meanwhile: an element no longer shown would play on, with nothing left to stop it.
      if (!open.current) return;
      el.currentTime = time;
      began.current.set(side, beganFrom(time));
      await el.play();
    } catch (err) {
      if (open.current) setError(playError(err));
    }
  };

  /** The other version takes over at the same second; it plays if the first one was playing. */
  const switchTo = (next: Side) => {
    if (next === side) return;
    const from = audio[side].current;
    const to = audio[next].current;
    setSide(next);
    if (!from || !to) return;
    const wasPlaying = !from.paused;
    const at = (wasPlaying ? heardTime(from, began.current.get(side) ?? null) : from.currentTime) || time;
    pauseWhereHeard(from, began.current.get(side) ?? null);
    if (to.src) to.currentTime = Math.min(at, to.duration || at);
    if (!wasPlaying) return;
    began.current.set(next, beganFrom(to.currentTime));
    void to.play().catch((err) => setError(playError(err)));
  };

  // A new pair starts from the top.
  useEffect(() => {
    for (const s of SIDES) audio[s].current?.pause();
    setTime(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.id, b.id]);

  const seek = (t: number) => {
    setTime(t);
    const el = heard();
    if (!el?.src) return;
    el.currentTime = t;
    if (!el.paused) began.current.set(side, beganFrom(t));
  };

  /** What each version's audio element needs: its ref, and the events that keep the state in step. */
  const audioProps = (s: Side) => ({
    ref: audio[s],
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
    onTimeUpdate: (e: { currentTarget: HTMLAudioElement }) => s === side && setTime(e.currentTarget.currentTime),
  });

  return { side, playing, time, error, toggle, switchTo, seek, audioProps };
}
