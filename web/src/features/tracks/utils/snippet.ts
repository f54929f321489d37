import { SNIPPET } from '@shared/constants';

export interface Snippet {
  start: number;
  end: number;
}

/** Snippet times are kept to a tenth of a second. */
export const roundTime = (t: number) => Math.round(t * 10) / 10;

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** The default snippet (0 to 30 s), cut to the track when it is shorter. */
export function defaultSnippet(duration: number): Snippet {
  return { start: SNIPPET.defaultStart, end: Math.min(SNIPPET.defaultEnd, Math.max(0, duration)) };
}

/** Brings a snippet within the track with at least the minimum gap, moving the end first. */
export function clampSnippet(s: Snippet, duration: number, minGap: number = SNIPPET.minGap): Snippet {
  const d = Math.max(0, duration);
  if (d <= minGap) return { start: 0, end: d };
  const start = clamp(s.start, 0, d - minGap);
  const end = clamp(s.end, start + minGap, d);
  return { start, end };
}

/** Moves the start handle: never below 0, never closer than the minimum gap to the end. */
export function moveStart(s: Snippet, value: number, duration: number, minGap: number = SNIPPET.minGap): Snippet {
  const max = Math.min(s.end, Math.max(0, duration)) - minGap;
  return { start: roundDown(clamp(value, 0, Math.max(0, max))), end: s.end };
}

/** Moves the end handle: never past the track's end, never closer than the minimum gap to the start. */
export function moveEnd(s: Snippet, value: number, duration: number, minGap: number = SNIPPET.minGap): Snippet {
  const d = Math.max(0, duration);
  const min = Math.min(s.start + minGap, d);
  return { start: s.start, end: roundUp(clamp(value, min, d), min, d) };
}

/** Moves the whole snippet, keeping its length, within the track. */
export function moveRange(s: Snippet, start: number, duration: number): Snippet {
  const length = s.end - s.start;
  const from = roundTime(clamp(start, 0, Math.max(0, duration - length)));
  return { start: from, end: Math.min(duration, roundTime(from + length)) };
}

export function sameSnippet(a: Snippet, b: Snippet): boolean {
  return Math.abs(a.start - b.start) < 0.05 && Math.abs(a.end - b.end) < 0.05;
}

/** Whether the server will accept the snippet. */
export function isValidSnippet(s: Snippet, duration: number, minGap: number = SNIPPET.minGap): boolean {
  return s.start >= 0 && s.end <= duration + 1e-6 && s.end - s.start >= minGap - 1e-6;
}

// Rounding must never break the limits: a start rounds down, an end rounds within [min, duration].
function roundDown(t: number): number {
  return Math.max(0, Math.floor(t * 10 + 1e-6) / 10);
}
function roundUp(t: number, min: number, max: number): number {
  const r = roundTime(t);
  if (r < min) return Math.min(max, Math.ceil(min * 10 - 1e-6) / 10);
  return r > max ? max : r;
}

/** Moves the start or the end handle (see moveStart and moveEnd). */
export function moveHandle(s: Snippet, kind: 'start' | 'end', value: number, duration: number): Snippet {
  return kind === 'start' ? moveStart(s, value, duration) : moveEnd(s, value, duration);
}
