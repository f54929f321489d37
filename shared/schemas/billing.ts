/** Requests and answers of monthly plans (the card provider: Stripe). */
import * as z from 'zod/mini';

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  popular: z.boolean(),
  /** The monthly price: its provider id and the amount in cents. */
  price: z.object({ id: z.string(), amount: z.int() }),
  features: z.array(z.object({ name: z.string() })),
  limits: z.object({ maxTracks: z.nullable(z.int()), suggestionsPerHour: z.nullable(z.int()) }),
});
export type PlanView = z.infer<typeof planView>;

/** Every plan, cheapest first, with the caller's current one and where their subscription stands. */
export const planList = z.object({
  plans: z.array(planView),
  currentPlanId: z.nullable(z.string()),
  subscription: z.nullable(z.object({ status: z.string(), currentPeriodEnd: z.nullable(z.string()), cancelAtPeriodEnd: z.boolean() })),
  /** Whether the caller has a billing account to manage (the customer portal). */
  canManage: z.boolean(),
});

export const checkoutInput = z.strictObject({
  priceId: z.string().check(z.minLength(1), z.maxLength(255), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid price id')),
});
export const redirectView = z.object({ url: z.string() });
