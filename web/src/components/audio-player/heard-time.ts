/**
 * Where the listener is in an element playing into Web Audio (./use-play-as-route.ts), for a switch to another
 * element at the same second. WebKitGTK's currentTime runs about a second ahead of what is heard once such an
 * element plays (it counts the audio queued for the graph), so the position is taken no further than the time
 * played since the element began. Elsewhere the two agree within milliseconds.
 */
export interface Began {
  /** The element's position as it was asked to play (or was sought while playing). */
  from: number;
  /** When its play began (performance.now()). */
  at: number;
}

/** `el` began to play from `from` just now: called once its play() has resolved, or as it is sought while playing. */
export const beganFrom = (from: number): Began => ({ from, at: performance.now() });

/** The second of `el` heard: its currentTime, at most the time played since it `began` (when that is known). */
export function heardTime(el: HTMLMediaElement, began: Began | null): number {
  return began ? Math.min(el.currentTime, began.from + (performance.now() - began.at) / 1000) : el.currentTime;
}
