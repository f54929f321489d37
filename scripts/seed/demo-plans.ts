/**
 * The demo's monthly plans, created in the local Stripe stand-in the way an operator creates them in
 * Stripe (docs/deploy.md): products with a monthly default price, marketing features, and metadata for
 * 'Most Popular' and the limits the server enforces. Idempotent: a plan that exists is left as it is.
 */
import Stripe from 'stripe';
import { listPlans } from '../../functions/money/billing.js';

export const DEMO_PLANS = [
  {
    id: 'plan_free',
    name: 'Free',
    amount: 0,
    features: ['Keep up to 100 tracks', '30 AI suggestions an hour', 'Free feedback from peers'],
    metadata: { maxTracks: '100', suggestionsPerHour: '30' },
  },
  {
    id: 'plan_plus',
    name: 'Plus',
    amount: 900,
    features: ['Keep up to 500 tracks', '120 AI suggestions an hour', 'Everything in Free'],
    metadata: { maxTracks: '500', suggestionsPerHour: '120', popular: 'true' },
  },
  {
    id: 'plan_studio',
    name: 'Studio',
    amount: 1900,
    features: ['Unlimited tracks', 'Unlimited AI suggestions', 'Everything in Plus'],
    metadata: { maxTracks: 'unlimited', suggestionsPerHour: 'unlimited' },
  },
] as const;

export async function seedDemoPlans(apiUrl: string, secretKey: string): Promise<void> {
  const url = new URL(apiUrl);
  const stripe = new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 2 });
  for (const plan of DEMO_PLANS) {
    try {
      await stripe.products.retrieve(plan.id);
      continue;
    } catch (err) {
      if ((err as { code?: string }).code !== 'resource_missing') throw err;
    }
    await stripe.products.create({
      id: plan.id,
      name: plan.name,
      metadata: { ...plan.metadata },
      marketing_features: plan.features.map((name) => ({ name })),
      default_price_data: { currency: 'usd', unit_amount: plan.amount, recurring: { interval: 'month' } },
    });
  }
  // Read once through the product's own path, which keeps the catalog the limits are enforced from.
  await listPlans({ fresh: true });
}
