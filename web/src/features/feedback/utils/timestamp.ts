/**
 * The timestamp of a comment being written: the playhead's time is taken when the writer starts typing
 * (the text goes from blank to something), unless they already set or removed the time themselves.
 */
export function captureTimestamp(
  state: { text: string; timestamp: number | null; touched: boolean },
  nextText: string,
  playhead: number,
): number | null {
  if (state.touched || state.timestamp !== null) return state.timestamp;
  const starting = state.text.trim() === '' && nextText.trim() !== '';
  return starting ? wholeSecond(playhead) : state.timestamp;
}

export const wholeSecond = (t: number): number => (Number.isFinite(t) && t > 0 ? Math.floor(t) : 0);

/** Reads a time typed as m:ss (or plain seconds); null when it is not one. Clamped to the duration. */
export function parseTimestamp(input: string, duration?: number): number | null {
  const text = input.trim();
  let seconds: number;
  const clock = /^(\d{1,3}):([0-5]?\d)$/.exec(text);
  if (clock) seconds = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d{1,5}$/.test(text)) seconds = Number(text);
  else return null;
  if (duration !== undefined && Number.isFinite(duration) && duration >= 0) seconds = Math.min(seconds, Math.floor(duration));
  return seconds;
}
