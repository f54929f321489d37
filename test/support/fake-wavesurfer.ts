/**
 * A stand-in for wavesurfer.js in jsdom (which has no canvas or media): it records its options and calls,
 * keeps a playhead, and emits the events the player listens to. Use with
 * `vi.mock('wavesurfer.js', () => import('../../support/fake-wavesurfer'))`.
 */
import { vi } from 'vitest';

export class FakeWaveSurfer {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  playing = false;
  time = 0;
  constructor(public options: Record<string, unknown>) {}
  static create(options: Record<string, unknown>) {
    const ws = new FakeWaveSurfer(options);
    wavesurfers.push(ws);
    queueMicrotask(() => ws.emit('redrawcomplete'));
    return ws;
  }
  on(event: string, cb: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), cb]);
    return () => {};
  }
  emit(event: string, ...args: unknown[]) {
    for (const cb of this.handlers.get(event) ?? []) cb(...args);
  }
  load = vi.fn(async () => {});
  play = vi.fn(async (start?: number, _end?: number) => {
    if (start != null) this.time = start;
    this.playing = true;
    this.emit('play');
  });
  pause = vi.fn(() => {
    this.playing = false;
    this.emit('pause');
  });
  isPlaying = () => this.playing;
  getCurrentTime = () => this.time;
  setTime = vi.fn((t: number) => {
    this.time = t;
    this.emit('timeupdate', t);
  });
  destroy = vi.fn();
}

/** Every instance created, in order; tests empty it before each case. */
export const wavesurfers: FakeWaveSurfer[] = [];

/** @alias What `vi.mock('wavesurfer.js')` hands the module under test. */
export default FakeWaveSurfer;
