import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALL_MS, watchStalls } from '../../../web/src/components/audio-player/stall-watch';

/** A media element as the watch sees it: a playhead, paused or not, and its play/pause events. */
function fakeMedia() {
  const media = Object.assign(new EventTarget(), { currentTime: 0, paused: true, ended: false });
  return {
    media,
    play: () => ((media.paused = false), media.dispatchEvent(new Event('play'))),
    pause: () => ((media.paused = true), media.dispatchEvent(new Event('pause'))),
  };
}

describe('watchStalls: a playing stream that stands still is loaded again', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads once the playhead has stood still for STALL_MS while playing, then waits twice as long', () => {
    const { media, play } = fakeMedia();
    const reload = vi.fn();
    watchStalls(media, reload);
    play();
    media.currentTime = 0.04; // played a moment, then wedged
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(STALL_MS - 1_000);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * STALL_MS - 1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads a stream that plays on, is paused or has ended', () => {
    const { media, play, pause } = fakeMedia();
    const reload = vi.fn();
    watchStalls(media, reload);
    play();
    for (let s = 1; s <= 30; s++) {
      media.currentTime = s;
      vi.advanceTimersByTime(1_000);
    }
    pause();
    vi.advanceTimersByTime(10 * STALL_MS);
    play();
    media.ended = true;
    media.dispatchEvent(new Event('ended'));
    vi.advanceTimersByTime(10 * STALL_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a reload that pauses and plays keeps the longer wait; the playhead moving resets it', () => {
    const { media, play, pause } = fakeMedia();
    const reload = vi.fn(() => (pause(), play()));
    watchStalls(media, reload);
    play();
    vi.advanceTimersByTime(STALL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(STALL_MS);
    expect(reload).toHaveBeenCalledTimes(1); // the second try waits 2 x STALL_MS
    vi.advanceTimersByTime(STALL_MS);
    expect(reload).toHaveBeenCalledTimes(2);
    media.currentTime = 1; // it plays again
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(STALL_MS);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('stops watching when asked', () => {
    const { media, play } = fakeMedia();
    const reload = vi.fn();
    const stop = watchStalls(media, reload);
    play();
    stop();
    vi.advanceTimersByTime(10 * STALL_MS);
    play();
    vi.advanceTimersByTime(10 * STALL_MS);
    expect(reload).not.toHaveBeenCalled();
  });
});
