/**
 * What each feedback tier buys (FEEDBACK_TIERS), as the front page and Choose Your Pro say it: who reviews,
 * how they are chosen, the deadlines and the refund.
 */
import { FEEDBACK_TIERS } from './constants.js';
import { PAID_REQUEST } from './money.js';
import { SNIP_PRO_POOL } from './pool.js';

export type TierKey = (typeof FEEDBACK_TIERS)[number]['key'];
/** The tiers a musician asks a person in by name: Snip Pro's reviewer is matched, never chosen. */
export type ChosenTier = Exclude<TierKey, 'pro'>;

export const tierLabel = (key: TierKey): string => FEEDBACK_TIERS.find((t) => t.key === key)!.label;

/**
 * The tier a request to this pro by name buys: World-Class when an admin vetted them (whatever they ask),
 * free peer feedback when they ask nothing, Choose Your Pro at any other price ($15 included: Snip Pro is
 * the tier where Snip finds the reviewer).
 */
export function chosenTierOf(pro: { feedbackPriceCents?: number | null; worldClass?: object | null }): ChosenTier {
  if (pro.worldClass) return 'world-class';
  return (pro.feedbackPriceCents ?? 0) > 0 ? 'choose-pro' : 'peer';
}

/** Choose Your Pro's tier filter: any, or one of the tiers a pro is chosen in. */
export const DIRECTORY_TIERS = [
  { value: 'any', label: 'Any tier' },
  ...(['peer', 'choose-pro', 'world-class'] as const).map((value) => ({ value, label: tierLabel(value) })),
] as const;
export type DirectoryTier = ChosenTier | 'any';
export const DIRECTORY_TIER_VALUES = DIRECTORY_TIERS.map((t) => t.value) as [DirectoryTier, ...DirectoryTier[]];

const ACCEPT = `${PAID_REQUEST.acceptHours} hours`;

export const TIER_TERMS: Record<TierKey, string> = {
  peer: 'A fellow musician you choose reviews your track, for free, when they can.',
  pro: `Snip finds your reviewer: a pro who works in your genre, those whose focus is what you ask about first, then the least busy. If no pro takes it within ${SNIP_PRO_POOL.claimHours} hours, you are refunded in full.`,
  'choose-pro': `The pro you pick, at their price. They have ${ACCEPT} to accept and then the days their profile promises; if they decline or run late, you are refunded in full.`,
  'world-class': `A pro Snip has vetted as World-Class, their credits on their profile. The same terms: ${ACCEPT} to accept, their promised days, a full refund if not.`,
};
