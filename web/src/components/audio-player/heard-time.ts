/**
 * Where the listener is in an element playing into Web Audio (./use-play-as-route.ts): for a switch to another
 * element at the same second, a comment at the playhead, a pause. WebKitGTK's currentTime runs about a second
 * ahead of what is heard once such an element plays (it counts the audio queued for the graph), so there the
 * position is the time played since the element began. Elsewhere currentTime stands.
 */
export interface Began {
  /** The element's position as it was asked to play (or was sought while playing). */
  from: number;
  /** When its play was asked for (performance.now()). */
  at: number;
}

/**
 * `el` begins to play from `from` now: called as its play is asked for (WebKitGTK resolves the play of an element
 * played into Web Audio late, at times only when it is paused again), or as it is sought while playing.
 */
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
 * Pauses `el` where it was heard (by `pause`, where something else drives it). WebKitGTK pauses such an element
 * a second on (it plays out what it had queued for the graph, and then reads from there); seeking it back to
 * where it was heard stops it at once.
 */
export function pauseWhereHeard(el: HTMLMediaElement, began: Began | null, pause = () => el.pause()): void {
  const heard = heardTime(el, began);
  pause();
  if (Math.abs(el.currentTime - heard) > AHEAD_S) el.currentTime = heard;
}
