/**
 * What each feedback tier buys (FEEDBACK_TIERS), as the front page and Choose Your Pro say it: who reviews,
 * how they are chosen, the deadlines and the refund.
 */
import type { FEEDBACK_TIERS } from './constants.js';
import { PAID_REQUEST } from './money.js';
import { SNIP_PRO_POOL } from './pool.js';

type TierKey = (typeof FEEDBACK_TIERS)[number]['key'];

const ACCEPT = `${PAID_REQUEST.acceptHours} hours`;

export const TIER_TERMS: Record<TierKey, string> = {
  peer: 'A fellow musician you choose reviews your track, for free, when they can.',
  pro: `Snip finds your reviewer: a pro who works in your genre, the least busy first. If no pro takes it within ${SNIP_PRO_POOL.claimHours} hours, you are refunded in full.`,
  'choose-pro': `The pro you pick, at their price. They have ${ACCEPT} to accept and then the days their profile promises; if they decline or run late, you are refunded in full.`,
  'world-class': `A pro Snip has vetted as World-Class, their credits on their profile. The same terms: ${ACCEPT} to accept, their promised days, a full refund if not.`,
};
