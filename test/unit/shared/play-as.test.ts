import { describe, expect, it } from 'vitest';
import { PLAY_AS_RULES, playAsGain, playAsLevel, playAsRule } from '../../../shared/play-as.js';

const rule = (id: string) => playAsRule(id)!;

describe("each service's gain, by its rule", () => {
  it('turns a loud master down to each level, whatever its true peak', () => {
    for (const r of PLAY_AS_RULES) {
      const gain = playAsGain(r, { integratedLufs: -8.5, truePeakDbtp: 0.7 })!;
      expect(gain.db).toBeCloseTo(r.lufs + 8.5, 1);
      expect(gain.limited).toBe(false);
    }
  });

  it('lifts a quiet track only as far as 1 dB of true-peak headroom allows on Spotify (its own example: -20 LUFS, -5 dBFS peak, to -16 LUFS)', () => {
    expect(playAsGain(rule('spotify'), { integratedLufs: -20, truePeakDbtp: -5 })).toEqual({ db: 4, heldBackFromDb: 6, limited: false });
    expect(playAsGain(rule('spotify'), { integratedLufs: -20, truePeakDbtp: -9 })).toEqual({ db: 6, limited: false });
    expect(playAsGain(rule('spotify'), { integratedLufs: -20, truePeakDbtp: -0.4 })).toEqual({ db: 0, heldBackFromDb: 6, limited: false });
    // With no true peak measured there is no headroom to count on.
    expect(playAsGain(rule('spotify'), { integratedLufs: -20, truePeakDbtp: null })?.db).toBe(0);
    expect(playAsGain(rule('apple-music'), { integratedLufs: -20, truePeakDbtp: -5 })?.db).toBeCloseTo(4, 1);
  });

  it('lifts it all the way on Spotify Loud regardless of the true peak, through the limiter', () => {
    expect(playAsGain(rule('spotify-loud'), { integratedLufs: -20, truePeakDbtp: -0.1 })).toEqual({ db: 9, limited: true });
  });

  it('never lifts it on the services that only turn down', () => {
    for (const id of ['youtube', 'tidal', 'amazon-music'])
      expect(playAsGain(rule(id), { integratedLufs: -20, truePeakDbtp: -12 })).toEqual({ db: 0, limited: false });
  });

  it('has nothing to apply to silence or a track not measured', () => {
    expect(playAsGain(rule('spotify'), { integratedLufs: -70, truePeakDbtp: -80 })).toBeNull();
    expect(playAsGain(rule('spotify'), { integratedLufs: null, truePeakDbtp: null })).toBeNull();
  });
});

describe("the level a player plays at (the player's 'Play as' and the A/B of versions)", () => {
  const loud = { integratedLufs: -8, truePeakDbtp: 0.5 };
  const quiet = { integratedLufs: -20, truePeakDbtp: -5 };
  it('as uploaded: the loudness match alone, no limit', () => {
    expect(playAsLevel('uploaded', loud)).toEqual({ gain: 1, limiting: false });
    expect(playAsLevel('uploaded', loud, 0.5)).toEqual({ gain: 0.5, limiting: false });
  });
  it("as a service: its rule's gain, times the match, through the limiter where the rule says", () => {
    expect(playAsLevel('spotify', loud).gain).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(playAsLevel('spotify', quiet, 0.5).gain).toBeCloseTo(0.5 * 10 ** (4 / 20), 6);
    expect(playAsLevel('spotify-loud', quiet)).toEqual({ gain: 10 ** (9 / 20), limiting: true });
    expect(playAsLevel('spotify-loud', loud).limiting).toBe(false);
  });
  it('as a service on a track not measured: as uploaded', () => {
    expect(playAsLevel('apple-music', null)).toEqual({ gain: 1, limiting: false });
    expect(playAsLevel('apple-music', { integratedLufs: null, truePeakDbtp: null }, 0.7)).toEqual({ gain: 0.7, limiting: false });
  });
});
