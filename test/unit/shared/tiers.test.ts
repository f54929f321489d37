import { describe, expect, it } from 'vitest';
import { WORLD_CLASS_CENTS } from '../../../shared/constants.js';
import { chosenTierOf, DIRECTORY_TIERS, tierLabel } from '../../../shared/tiers.js';

const vetted = { reason: 'Mixed two UK No. 1 singles', at: '2026-01-01T00:00:00.000Z' };

describe('the tier a pro is chosen in', () => {
  it('is World-Class only when an admin vetted them, whatever they ask', () => {
    expect(chosenTierOf({ feedbackPriceCents: WORLD_CLASS_CENTS, worldClass: vetted })).toBe('world-class');
    expect(chosenTierOf({ feedbackPriceCents: null, worldClass: vetted })).toBe('world-class');
    // A price set before vetting existed buys no badge.
    expect(chosenTierOf({ feedbackPriceCents: WORLD_CLASS_CENTS, worldClass: null })).toBe('choose-pro');
  });

  it('is Choose Your Pro at any price, $15 included (Snip Pro is matched, never chosen), and free peer feedback with none', () => {
    for (const cents of [500, 1500, 2500, 3000]) expect(chosenTierOf({ feedbackPriceCents: cents }), String(cents)).toBe('choose-pro');
    for (const cents of [0, null, undefined]) expect(chosenTierOf({ feedbackPriceCents: cents }), String(cents)).toBe('peer');
  });

  it("filters Choose Your Pro by the tiers a pro is chosen in, named as the tiers' one list names them", () => {
    expect(DIRECTORY_TIERS.map((t) => t.value)).toEqual(['any', 'peer', 'choose-pro', 'world-class']);
    expect(DIRECTORY_TIERS.slice(1).map((t) => t.label)).toEqual(['Free peer feedback', 'Choose Your Pro', 'World-Class DJs & Producers']);
    expect(tierLabel('pro')).toBe('Snip Pro');
  });
});
