import { describe, expect, it } from 'vitest';
import { SNIPPET } from '../../../shared/constants';
import {
  clampSnippet,
  defaultSnippet,
  isValidSnippet,
  moveEnd,
  moveRange,
  moveStart,
  sameSnippet,
} from '../../../web/src/features/tracks/utils/snippet';

describe('snippet handles', () => {
  it('defaults to the first 30 seconds, cut to a shorter track', () => {
    expect(defaultSnippet(180)).toEqual({ start: SNIPPET.defaultStart, end: SNIPPET.defaultEnd });
    expect(defaultSnippet(12.5)).toEqual({ start: 0, end: 12.5 });
  });
  it('keeps the start within the track and at least 1 s before the end', () => {
    const s = { start: 0, end: 30 };
    expect(moveStart(s, 10, 180)).toEqual({ start: 10, end: 30 });
    expect(moveStart(s, 29.7, 180)).toEqual({ start: 29, end: 30 });
    expect(moveStart(s, 45, 180)).toEqual({ start: 29, end: 30 });
    expect(moveStart({ start: 10, end: 30 }, -5, 180)).toEqual({ start: 0, end: 30 });
  });
  it('keeps the end within the track and at least 1 s after the start', () => {
    const s = { start: 10, end: 30 };
    expect(moveEnd(s, 40, 180)).toEqual({ start: 10, end: 40 });
    expect(moveEnd(s, 10.2, 180)).toEqual({ start: 10, end: 11 });
    expect(moveEnd(s, 0, 180)).toEqual({ start: 10, end: 11 });
    expect(moveEnd(s, 500, 180)).toEqual({ start: 10, end: 180 });
    expect(moveEnd(s, 500, 59.98)).toEqual({ start: 10, end: 59.98 });
  });
  it('never lets a handle cross the other', () => {
    let s = { start: 0, end: 30 };
    for (let i = 0; i < 100; i++) s = moveStart(s, s.start + 1, 60);
    expect(s).toEqual({ start: 29, end: 30 });
    for (let i = 0; i < 100; i++) s = moveEnd(s, s.end - 1, 60);
    expect(s).toEqual({ start: 29, end: 30 });
    expect(isValidSnippet(s, 60)).toBe(true);
  });
  it('moves the whole snippet without changing its length or leaving the track', () => {
    expect(moveRange({ start: 0, end: 30 }, 20, 60)).toEqual({ start: 20, end: 50 });
    expect(moveRange({ start: 0, end: 30 }, 45, 60)).toEqual({ start: 30, end: 60 });
    expect(moveRange({ start: 10, end: 40 }, -5, 60)).toEqual({ start: 0, end: 30 });
  });
  it('brings a stored snippet within the track', () => {
    expect(clampSnippet({ start: 0, end: 30 }, 12)).toEqual({ start: 0, end: 12 });
    expect(clampSnippet({ start: 50, end: 80 }, 40)).toEqual({ start: 39, end: 40 });
    expect(clampSnippet({ start: 5, end: 5.5 }, 40)).toEqual({ start: 5, end: 6 });
    expect(clampSnippet({ start: 0, end: 30 }, 0.5)).toEqual({ start: 0, end: 0.5 });
  });
  it('tells valid and equal snippets', () => {
    expect(isValidSnippet({ start: 0, end: 1 }, 10)).toBe(true);
    expect(isValidSnippet({ start: 0, end: 0.9 }, 10)).toBe(false);
    expect(isValidSnippet({ start: 0, end: 11 }, 10)).toBe(false);
    expect(isValidSnippet({ start: -1, end: 5 }, 10)).toBe(false);
    expect(sameSnippet({ start: 1, end: 2 }, { start: 1.01, end: 2 })).toBe(true);
    expect(sameSnippet({ start: 1, end: 2 }, { start: 1.5, end: 2 })).toBe(false);
  });
});
