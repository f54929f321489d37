/** Requests and answers of monthly plans (the card provider: Stripe). */
import * as z from 'zod';

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  popular: z.boolean(),
  /** The monthly price: its provider id and the amount in cents. */
  price: z.object({ id: z.string(), amount: z.number().int() }),
  features: z.array(z.object({ name: z.string() })),
  limits: z.object({ maxTracks: z.number().int().nullable(), suggestionsPerHour: z.number().int().nullable() }),
});
export type PlanView = z.infer<typeof planView>;

/** Every plan, cheapest first, with the caller's current one and where their subscription stands. */
export const planList = z.object({
  plans: z.array(planView),
  currentPlanId: z.string().nullable(),
  subscription: z
    .object({ status: z.string(), currentPeriodEnd: z.string().nullable(), cancelAtPeriodEnd: z.boolean() })
    .nullable(),
  /** Whether the caller has a billing account to manage (the customer portal). */
  canManage: z.boolean(),
});

export const checkoutInput = z.object({ priceId: z.string().min(1).max(255).regex(/^[A-Za-z0-9_-]+$/, 'Invalid price id') }).strict();
export const redirectView = z.object({ url: z.string() });
