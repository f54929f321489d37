/** Snip Pro's rules without the stack: a genre's main genre, the waves of offers, the claim times' buckets and their median. */
import { describe, expect, it } from 'vitest';
import {
  claimBucketField,
  claimableUntil,
  mainGenreOf,
  medianClaimWithin,
  offeredAt,
  SNIP_PRO_POOL,
  wavesBy,
} from '../../../shared/pool.js';

describe('Snip Pro pool rules', () => {
  it('matches a sub-genre or a main genre to its main genre, and nothing else', () => {
    expect(mainGenreOf('Amapiano')).toBe('World / Cultural');
    expect(mainGenreOf('Rock')).toBe('Rock');
    expect(mainGenreOf('Polka')).toBeNull();
  });

  it('offers in waves of three, two hours apart, and closes the claim after 48 hours', () => {
    const at = Date.parse('2026-03-01T12:00:00.000Z');
    expect([0, 2, 3, 5, 6].map((rank) => (offeredAt(at, rank) - at) / 3_600_000)).toEqual([0, 0, 2, 2, 4]);
    expect((claimableUntil(at) - at) / 3_600_000).toBe(SNIP_PRO_POOL.claimHours);
  });

  it('says who a request is offered to by a time, and when the next wave joins', () => {
    const pros = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const hour = 3_600_000;
    expect(wavesBy(0, pros, 0)).toEqual({ offered: ['a', 'b', 'c'], nextAt: 2 * hour });
    expect(wavesBy(0, pros, 2 * hour - 1)).toEqual({ offered: ['a', 'b', 'c'], nextAt: 2 * hour });
    expect(wavesBy(0, pros, 2 * hour)).toEqual({ offered: ['a', 'b', 'c', 'd', 'e', 'f'], nextAt: 4 * hour });
    expect(wavesBy(0, pros, 4 * hour)).toEqual({ offered: pros, nextAt: null });
    expect(wavesBy(0, ['a'], 0)).toEqual({ offered: ['a'], nextAt: null });
  });

  it('counts a claim in the first bucket it fits, and gives the bucket of the median', () => {
    expect([0, 5, 5.1, 61, 10_000].map(claimBucketField)).toEqual(['within_5', 'within_5', 'within_15', 'within_120', 'within_2880']);
    expect(medianClaimWithin({})).toBeNull();
    expect(medianClaimWithin({ within_5: 1, within_60: 1, within_240: 1 })).toBe(60);
    expect(medianClaimWithin({ within_5: 2, within_240: 1, opened: 9 })).toBe(5);
  });
});
