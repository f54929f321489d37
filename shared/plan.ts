/**
 * What a monthly plan is, apart from the provider's SDK: the use cases that enforce limits need these,
 * and must not carry the SDK into their bundles.
 */
import { SUGGESTIONS_PER_HOUR } from './feedback.js';

export interface PlanLimits {
  /** How many tracks a musician may keep; null: no limit. */
  maxTracks: number | null;
  /** How many AI suggestions per hour; null: no limit. */
  suggestionsPerHour: number | null;
}

export interface Plan {
  id: string;
  name: string;
  popular: boolean;
  price: { id: string; amount: number };
  features: { name: string }[];
  limits: PlanLimits;
}

/** The free plan's limits, and what a plan whose metadata lacks a limit (or garbles it) gets: never unlimited by mistake. */
export const FALLBACK_FREE_LIMITS: PlanLimits = { maxTracks: 100, suggestionsPerHour: SUGGESTIONS_PER_HOUR };

/** The plans as a visitor sees them on the front page, cheapest first. */
export const planCards = (plans: Plan[]) =>
  plans
    .map((p) => ({ id: p.id, name: p.name, popular: p.popular, amountCents: p.price.amount, features: p.features.map((f) => f.name) }))
    .sort((a, b) => a.amountCents - b.amountCents);
