/** The Snip Pro pool's health for admins, from its counters per genre (feedback/data/pool-stats.ts): a module of its own, so the admin area carries no more. */
import { medianClaimWithin } from '../../shared/pool.js';
import type { PoolHealthView } from '../../shared/schemas/admin.js';
import { poolStats } from './data/index.js';

/** The pool's health per genre, the genres with the most waiting first (a genre never opened is not listed). */
export async function poolHealth(): Promise<PoolHealthView> {
  const n = (counts: Record<string, number>, k: string) => counts[k] ?? 0;
  return {
    genres: (await poolStats())
      .map(({ genre, counts }) => ({
        genre,
        waiting: n(counts, 'opened') - n(counts, 'claimed') - n(counts, 'unclaimed') - n(counts, 'ended'),
        opened: n(counts, 'opened'),
        claimed: n(counts, 'claimed'),
        unclaimed: n(counts, 'unclaimed'),
        ended: n(counts, 'ended'),
        medianClaimWithin: medianClaimWithin(counts),
      }))
      .sort((a, b) => b.waiting - a.waiting || a.genre.localeCompare(b.genre)),
  };
}
