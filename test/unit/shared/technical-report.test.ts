import { describe, expect, it } from 'vitest';
import { loudnessMatch, streamingAdvice, truePeakWarning } from '../../../shared/technical-report.js';

describe("what streaming services do with a track's loudness", () => {
  const NOT_PUBLISHED = 'as measured: its rule is not published';
  it('turns a loud master down on every service, by the difference from each level', () => {
    expect(streamingAdvice({ integratedLufs: -10.8, truePeakDbtp: -0.2 })).toEqual([
      'Spotify (-14 LUFS) would turn this down by 3.2 dB',
      'Spotify Loud (-11 LUFS) would turn this down by 0.2 dB',
      `Apple Music (-16 LUFS, ${NOT_PUBLISHED}) would turn this down by 5.2 dB`,
      `YouTube (-14 LUFS, ${NOT_PUBLISHED}) would turn this down by 3.2 dB`,
      `Tidal (-14 LUFS, ${NOT_PUBLISHED}) would turn this down by 3.2 dB`,
      `Amazon Music (-14 LUFS, ${NOT_PUBLISHED}) would turn this down by 3.2 dB`,
    ]);
  });

  it('turns a quiet one up only as far as its true peak leaves room below -1 dBTP, Spotify Loud all the way through its limiter', () => {
    // Spotify's own example: -20 LUFS with a true peak of -5 dBFS is lifted to -16 LUFS, not -14.
    expect(streamingAdvice({ integratedLufs: -20, truePeakDbtp: -5 }).slice(0, 3)).toEqual([
      'Spotify (-14 LUFS) would turn this up by 4.0 dB, not 6.0: its true peak leaves only 4.0 dB headroom below -1 dBTP',
      'Spotify Loud (-11 LUFS) would turn this up by 9.0 dB, through its limiter',
      `Apple Music (-16 LUFS, ${NOT_PUBLISHED}) would turn this up by 4.0 dB`,
    ]);
    expect(streamingAdvice({ integratedLufs: -18, truePeakDbtp: -0.5 })[0]).toBe(
      'Spotify (-14 LUFS) would play it as it is: its true peak leaves no headroom below -1 dBTP',
    );
    expect(streamingAdvice({ integratedLufs: -18, truePeakDbtp: -8 }).slice(3)).toEqual([
      `YouTube (-14 LUFS, ${NOT_PUBLISHED}) would play it as it is: it only turns loud tracks down`,
      `Tidal (-14 LUFS, ${NOT_PUBLISHED}) would play it as it is: it only turns loud tracks down`,
      `Amazon Music (-14 LUFS, ${NOT_PUBLISHED}) would play it as it is: it only turns loud tracks down`,
    ]);
    expect(streamingAdvice({ integratedLufs: -14, truePeakDbtp: -3 })[0]).toBe('Spotify (-14 LUFS) would play it as it is');
    expect(streamingAdvice({ integratedLufs: -13.98, truePeakDbtp: -3 })[3]).toBe(
      `YouTube (-14 LUFS, ${NOT_PUBLISHED}) would play it as it is`,
    );
    expect(streamingAdvice({ integratedLufs: -70, truePeakDbtp: null })).toEqual([]);
  });

  it('warns of a true peak above -1 dBTP only, and says one above full scale is over it, not close', () => {
    expect(truePeakWarning(-0.3)).toEqual({
      over: false,
      title: 'Close to clipping',
      text: 'The true peak is -0.3 dBTP, above -1 dBTP: streaming encoders may clip it. Leave a little more headroom.',
    });
    expect(truePeakWarning(1.5)).toEqual({
      over: true,
      title: 'Over full scale',
      text: 'The true peak is +1.5 dBTP, over full scale: it clips when played, and more after streaming encoders. Turn the master down to leave 1 dB of headroom.',
    });
    expect(truePeakWarning(0)?.title).toBe('Close to clipping');
    expect(truePeakWarning(-1)).toBeNull();
    expect(truePeakWarning(null)).toBeNull();
  });
});

describe('A/B at matched loudness', () => {
  /** The loudness a version is heard at: its integrated loudness plus its gain in dB. */
  const heard = (lufs: number, gain: number) => lufs + 20 * Math.log10(gain);

  it('turns the louder version down to the other, so that they differ by under 0.5 LU, and says by how much', () => {
    for (const [a, b] of [
      [-8.2, -10],
      [-14, -9.3],
      [-23, -22.96],
      [-6, -31],
    ]) {
      const m = loudnessMatch({ label: 'v1', integratedLufs: a }, { label: 'v2', integratedLufs: b })!;
      expect(Math.max(m.gainA, m.gainB)).toBe(1);
      expect(Math.abs(heard(a, m.gainA) - heard(b, m.gainB))).toBeLessThanOrEqual(0.05);
    }
    expect(loudnessMatch({ label: 'v1', integratedLufs: -11 }, { label: 'v2', integratedLufs: -9.2 })!.text).toBe(
      'v2 played 1.8 dB quieter to match',
    );
    expect(loudnessMatch({ label: 'v1', integratedLufs: -9.2 }, { label: 'v2', integratedLufs: -11 })!.text).toBe(
      'v1 played 1.8 dB quieter to match',
    );
    expect(loudnessMatch({ label: 'v1', integratedLufs: -12 }, { label: 'v2', integratedLufs: -12.02 })!.text).toBe(
      'v1 and v2 are equally loud',
    );
  });

  it('matches nothing when a version was not measured or is silent', () => {
    expect(loudnessMatch({ label: 'v1', integratedLufs: null }, { label: 'v2', integratedLufs: -9 })).toBeNull();
    expect(loudnessMatch({ label: 'v1', integratedLufs: -12 }, { label: 'v2', integratedLufs: undefined })).toBeNull();
    expect(loudnessMatch({ label: 'v1', integratedLufs: -70 }, { label: 'v2', integratedLufs: -9 })).toBeNull();
  });
});
