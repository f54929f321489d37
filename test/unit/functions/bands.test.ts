/**
 * The bands a reference comparison reads (functions/tracks/audio/bands.ts): a tone lands in its band, a
 * corner splits evenly, the bands' shares add up to the whole, and the width is the side's share.
 */
import { describe, expect, it } from 'vitest';
import { BandMeter } from '../../../functions/tracks/audio/bands.js';
import { aacLayout, layoutOfMask } from '../../../functions/tracks/audio/channel-layout.js';

const RATE = 44100;

function measure(channels: Float32Array[], rate = RATE, chunk = 4096, layout?: number[]) {
  const meter = new BandMeter();
  if (layout) meter.speakers(layout);
  for (let i = 0; i < channels[0].length; i += chunk)
    meter.write(
      channels.map((c) => c.subarray(i, i + chunk)),
      Math.min(chunk, channels[0].length - i),
      rate,
    );
  return meter.result();
}

function tone(hz: number, { seconds = 3, rate = RATE, side = 0 } = {}): Float32Array[] {
  const n = seconds * rate;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = 0.4 * Math.sin((2 * Math.PI * hz * i) / rate);
    l[i] = v;
    r[i] = side ? v * (1 - 2 * side) : v;
  }
  return [l, r];
}

const share = (db: number | null) => (db === null ? 0 : 10 ** (db / 10));

describe('the bands of a reference comparison', () => {
  it.each([
    [60, 0],
    [900, 1],
    [4000, 2],
    [14000, 3],
  ])('puts a %i Hz tone in band %i, and the shares add up to the whole', (hz, band) => {
    const bands = measure(tone(hz))!;
    expect(bands[band].shareDb!).toBeGreaterThan(-1);
    for (const [b, other] of bands.entries()) if (b !== band && other.shareDb !== null) expect(other.shareDb).toBeLessThan(-6);
    expect(bands.reduce((sum, b) => sum + share(b.shareDb), 0)).toBeCloseTo(1, 2);
  });

  it('splits a tone at a corner evenly between the bands either side (Butterworth pairs are power complementary)', () => {
    const bands = measure(tone(250))!;
    expect(bands[0].shareDb!).toBeCloseTo(-3.01, 1);
    expect(bands[1].shareDb!).toBeCloseTo(-3.01, 1);
  });

  it('reads width as the side share: 0 for mono, 1 for channels out of phase, and mono streams as mono', () => {
    expect(measure(tone(900))![1].width).toBe(0);
    expect(measure(tone(900, { side: 1 }))![1].width).toBeCloseTo(1, 3);
    expect(measure([tone(900)[0]])![1].width).toBe(0);
  });

  it('is the same whatever the chunks, and leaves a band past Nyquist empty', () => {
    const a = measure(tone(5000));
    expect(measure(tone(5000), RATE, 37)).toEqual(a);
    const narrow = measure(tone(3000, { rate: 16000 }), 16000)!;
    expect(narrow[3]).toEqual({ shareDb: null, width: null });
    expect(narrow[2].shareDb!).toBeGreaterThan(-1);
  });

  it('folds surround down to two channels: a centre is mid, surrounds go to their sides, the LFE is left out', () => {
    const [v] = tone(900);
    const silent = new Float32Array(v.length);
    // 5.1 in the WAV order: L R C LFE Ls Rs.
    const centre = measure([silent, silent, v, silent, silent, silent])!;
    expect(centre[1].shareDb!).toBeGreaterThan(-1);
    expect(centre[1].width).toBe(0);
    const leftSurround = measure([silent, silent, silent, silent, v, silent])!;
    expect(leftSurround[1].width).toBeCloseTo(0.5, 3);
    expect(measure([silent, silent, silent, v, silent, silent])).toBeNull();
    // 7.1 (L R C LFE BL BR SL SR): a side surround goes to its side; 6.1's back centre to both.
    expect(measure([silent, silent, silent, silent, silent, silent, silent, v])![1].width).toBeCloseTo(0.5, 3);
    expect(measure([silent, silent, silent, silent, v, silent, silent])![1].width).toBe(0);
  });

  it('folds four channels as their layout says: quad by default, 4.0 (a centre and a back centre) where the file says so', () => {
    const [v] = tone(900);
    const silent = new Float32Array(v.length);
    const third = [silent, silent, v, silent];
    // Quad (L R BL BR): the third channel is the back left, so it goes left.
    expect(measure(third)![1].width).toBeCloseTo(0.5, 3);
    // 4.0 (L R C BC, a WAV's mask 0x107 or AAC's configuration 4): it is the centre, so mid.
    expect(measure(third, RATE, 4096, layoutOfMask(0x107, 4))![1].width).toBe(0);
    expect(measure([silent, silent, silent, v], RATE, 4096, aacLayout(4)!.layout)![1].width).toBe(0);
  });

  it('has nothing to say about silence', () => {
    expect(measure([new Float32Array(RATE), new Float32Array(RATE)])).toBeNull();
  });
});
