import { useEffect, useRef, useState, type RefObject } from 'react';
import { beganFrom, heardTime, pauseWhereHeard, type Began } from '@/components/audio-player';

/** The two sides of a reference's A/B. */
export type Side = 'mix' | 'reference';

/** Resolves at the element's `event`, rejects at an error; either takes both listeners off (a slider seeks often). */
const once = (el: HTMLAudioElement, event: 'loadedmetadata' | 'seeked') =>
  new Promise<void>((resolve, reject) => {
    const done = new AbortController();
    const settle = (then: () => void) => () => {
      done.abort();
      then();
    };
    el.addEventListener(event, settle(resolve), { signal: done.signal });
    el.addEventListener(
      'error',
      settle(() => reject(new Error('unplayable'))),
      { signal: done.signal },
    );
  });

/** Each element's load under way: a play asked for while another still loads waits for the same metadata. */
const loads = new WeakMap<HTMLAudioElement, Promise<void>>();

/**
 * The element with its audio loaded (its length known, so that it can seek): the link asked for at its first
 * play, and again after a failure.
 */
function withSource(el: HTMLAudioElement, url: () => Promise<string>): Promise<void> {
  const pending = loads.get(el);
  if (pending) return pending;
  if (el.getAttribute('src') && el.readyState >= HTMLMediaElement.HAVE_METADATA) return Promise.resolve();
  const load = (async () => {
    const src = await url();
    const loaded = once(el, 'loadedmetadata');
    // Nothing is fetched before the first play; from then on, as a player would.
    el.preload = 'auto';
    el.src = src;
    el.load();
    await loaded;
  })().finally(() => loads.delete(el));
  loads.set(el, load);
  return load;
}

/** The element at second `at` (within its length), once its seek is done. */
async function seekTo(el: HTMLAudioElement, at: number) {
  const to = Math.min(at, Number.isFinite(el.duration) ? Math.max(0, el.duration - 0.05) : at);
  if (Math.abs(el.currentTime - to) <= 0.01) return;
  const sought = once(el, 'seeked');
  el.currentTime = to;
  await sought;
}

/**
 * A play the browser refused (no gesture left) or cut short keeps its source; any other failure asks for a new
 * link at the next try (this one may have ended).
 */
function forgetSource(el: HTMLAudioElement, err: unknown) {
  if (err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return;
  el.removeAttribute('src');
  el.load();
}

/**
 * The mix and a reference at one playhead (./reference-compare.tsx ReferenceListen): each in an element of its
 * own, loaded at its first play; switching plays the other from where this one was. The latest action wins: a
 * play still loading gives way to a later seek, switch or pause, and none starts once the panel is closed.
 */
export function useReferencePlayback({
  audio,
  url,
  duration,
  beforePlay,
  failed,
}: {
  audio: Record<Side, RefObject<HTMLAudioElement | null>>;
  url: Record<Side, () => Promise<string>>;
  duration: Record<Side, number | undefined>;
  beforePlay: () => Promise<unknown>;
  failed: (side: Side) => string;
}) {
  const [side, setSide] = useState<Side>('mix');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  /** The latest play asked for: one asked before it that is still loading gives way. */
  const turn = useRef(0);
  /** The side the latest call wants playing (none once paused): a call given way to pauses only another's. */
  const wanted = useRef<Side | null>(null);
  /** Where and when the side heard began to play (heardTime). */
  const began = useRef<Began | null>(null);
  /** Plays `s` from `at`, once its seek is done (WebKit asked to play while it still sought sometimes never began). */
  const playFrom = async (s: Side, at: number) => {
    const mine = ++turn.current;
    wanted.current = s;
    setLoading(true);
    setError(null);
    const el = audio[s].current!;
    try {
      await beforePlay();
      await withSource(el, url[s]);
      await seekTo(el, at);
      if (mine !== turn.current) return;
      const begins = beganFrom(el.currentTime);
      await el.play();
      // Switched or paused while this one started: it stops at once (a later seek of the same side plays on).
      if (mine !== turn.current) {
        if (wanted.current !== s) el.pause();
      } else {
        began.current = begins;
        setPlaying(true);
      }
    } catch (err) {
      if (mine !== turn.current) return;
      forgetSource(el, err);
      setError(failed(s));
      setPlaying(false);
    } finally {
      if (mine === turn.current) setLoading(false);
    }
  };
  /** Whatever is playing or loading stops, and no call still loading plays. */
  const stop = () => {
    turn.current++;
    wanted.current = null;
    const el = audio[side].current;
    if (el) pauseWhereHeard(el, began.current);
    began.current = null;
    setLoading(false);
  };
  const toggle = () => {
    if (playing || loading) {
      stop();
      setPlaying(false);
    } else void playFrom(side, time);
  };
  /** To second `t` of the side heard: at once while it plays, from there at the next play (or switch) otherwise. */
  const seek = (t: number) => {
    setTime(t);
    const el = audio[side].current;
    // Playing, it only moves (WebKit plays on after a seek it was playing through); still starting, it starts there.
    if (playing && !loading && el && !el.paused) {
      const to = Math.min(t, Math.max(0, (el.duration || t) - 0.05));
      el.currentTime = to;
      began.current = beganFrom(to);
    } else if (playing || loading) void playFrom(side, t);
  };
  const switchTo = (next: Side) => {
    if (next === side) return;
    // Playing, where the listener is; paused, where the playhead was left (sought since, perhaps); within the
    // length of the side switched to.
    const el = audio[side].current;
    const where = playing || loading ? (el && heardTime(el, began.current)) || time : time;
    const at = Math.min(where, duration[next] ?? where);
    const wasPlaying = playing || loading;
    stop();
    setSide(next);
    setTime(at);
    if (wasPlaying) void playFrom(next, at);
  };
  // Closed while a play still loads: it never starts, and nothing plays on with no control left to stop it.
  useEffect(() => {
    const elements = [audio.mix.current, audio.reference.current];
    const calls = { turn, wanted };
    return () => {
      calls.turn.current++;
      calls.wanted.current = null;
      for (const el of elements) el?.pause();
    };
    // The elements are the panel's own, made once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** Played to its end, the next play starts it again from the start, not 50 ms before its end. */
  const ended = () => {
    setPlaying(false);
    setTime(0);
  };
  return { side, playing, loading, time, error, toggle, seek, switchTo, ended, setTime, setPlaying };
}
