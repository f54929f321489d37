import { describe, expect, it } from 'vitest';
import { loudnessMatch, streamingAdvice, truePeakWarning } from '../../../shared/technical-report.js';

describe("what streaming services do with a track's loudness", () => {
  it('turns a loud master down on every service, by the difference from each target', () => {
    expect(streamingAdvice(-10.8)).toEqual([
      'Spotify (-14 LUFS) would turn this down by 3.2 dB',
      'Apple Music (-16 LUFS) would turn this down by 5.2 dB',
      'YouTube (-14 LUFS) would turn this down by 3.2 dB',
    ]);
  });

  it('turns a quiet one up where the service does, and says YouTube leaves it', () => {
    expect(streamingAdvice(-18)).toEqual([
      'Spotify (-14 LUFS) would turn this up by 4.0 dB',
      'Apple Music (-16 LUFS) would turn this up by 2.0 dB',
      'YouTube (-14 LUFS) would play it as it is: it only turns loud tracks down',
    ]);
    expect(streamingAdvice(-14)[0]).toBe('Spotify (-14 LUFS) would play it as it is');
    expect(streamingAdvice(-70)).toEqual([]);
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
