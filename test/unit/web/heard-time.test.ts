/**
 * Where the listener is in an element played into Web Audio (web/src/components/audio-player/heard-time.ts):
 * its currentTime, unless that runs well ahead of the time played since the play was asked for (WebKitGTK's runs
 * a second ahead); and a pause sets it back there only then.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beganFrom, heardTime, pauseWhereHeard } from '../../../web/src/components/audio-player/heard-time';

/** An element at `currentTime`, playing; its pause and seeks recorded. */
const element = (currentTime: number) => {
  const el = { currentTime, paused: false, playbackRate: 1, pause: vi.fn(() => (el.paused = true)) };
  return el as typeof el & HTMLMediaElement;
};

describe('the second heard', () => {
  afterEach(() => vi.restoreAllMocks());
  const at = (ms: number) => vi.spyOn(performance, 'now').mockReturnValue(ms);

  it('is currentTime where it keeps to the time played, and the time played where it runs a second ahead', () => {
    at(1000);
    const began = beganFrom(10);
    at(2200);
    // Chromium and Firefox: the media clock a little behind or ahead of the wall clock.
    expect(heardTime(element(11.15), began)).toBe(11.15);
    expect(heardTime(element(11.4), began)).toBe(11.4);
    // WebKitGTK: a second ahead.
    expect(heardTime(element(12.24), began)).toBeCloseTo(11.2, 5);
    // Not known when it began: currentTime.
    expect(heardTime(element(12.24), null)).toBe(12.24);
  });

  it('pauses where it was heard, seeking back only where currentTime ran ahead', () => {
    at(1000);
    const began = beganFrom(10);
    at(2200);
    const ahead = element(12.24);
    pauseWhereHeard(ahead, began);
    expect(ahead.pause).toHaveBeenCalledOnce();
    expect(ahead.currentTime).toBeCloseTo(11.2, 5);
    const right = element(11.18);
    const driven = vi.fn(() => (right.paused = true));
    pauseWhereHeard(right, began, driven);
    expect(driven).toHaveBeenCalledOnce();
    expect(right.pause).not.toHaveBeenCalled();
    expect(right.currentTime).toBe(11.18);
  });
});
