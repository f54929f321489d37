import { describe, expect, it } from 'vitest';
import { streamingAdvice, truePeakWarning } from '../../../shared/technical-report.js';

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

  it('warns of a true peak above -1 dBTP only', () => {
    expect(truePeakWarning(-0.3)).toBe(
      'The true peak is -0.3 dBTP, above -1 dBTP: streaming encoders may clip it. Leave a little more headroom.',
    );
    expect(truePeakWarning(-1)).toBeNull();
    expect(truePeakWarning(null)).toBeNull();
  });
});
