/** Time as minutes:seconds with zero-padded seconds (spec section 9): 0:05, 3:07, 61:40. */
export { clock as formatTime } from '@shared/clock';

/** Keeps a time within [0, duration]. */
export function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time)) return 0;
  return Math.min(Math.max(0, time), Math.max(0, duration));
}
