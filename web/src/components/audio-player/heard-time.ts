/**
 * Where the listener is in an element playing into Web Audio (./use-play-as-route.ts): for a switch to another
 * element at the same second, a comment at the playhead, a pause. WebKitGTK's currentTime runs about a second
 * ahead of what is heard once such an element plays (it counts the audio queued for the graph), so there the
 * position is the time played since the element began. Elsewhere currentTime stands.
 */
export interface Began {
  /** The element's position as it was asked to play (or was sought while playing). */
  from: number;
  /** When its play began (performance.now()). */
  at: number;
}

/** `el` began to play from `from` just now: called once its play() has resolved, or as it is sought while playing. */
export const beganFrom = (from: number): Began => ({ from, at: performance.now() });

/**
 * How far currentTime may run ahead of the time played before it is not believed (s): WebKitGTK's runs 0.9 to
 * 1.05 s ahead; elsewhere the two differ by the moment between the media clock starting and the play resolving.
 */
const AHEAD_S = 0.25;

/** The second of `el` heard: its currentTime, or the time played since it `began` where currentTime runs well ahead. */
export function heardTime(el: HTMLMediaElement, began: Began | null): number {
  if (!began) return el.currentTime;
  const played = began.from + ((performance.now() - began.at) / 1000) * el.playbackRate;
  return el.currentTime - played > AHEAD_S ? played : el.currentTime;
}

/**
 * Pauses `el` where it was heard. WebKitGTK pauses such an element a second on (it plays out what it had queued
 * for the graph, and then reads from there); seeking it back to where it was heard stops it at once.
 */
export function pauseWhereHeard(el: HTMLMediaElement, began: Began | null): void {
  const heard = heardTime(el, began);
  el.pause();
  if (Math.abs(el.currentTime - heard) > AHEAD_S) el.currentTime = heard;
}
