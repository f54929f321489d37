/**
 * GET /showcase: what the front page shows visitors, without signing in: the monthly plans of the catalog
 * the Billing page reads, and the best rated pros with only their public card; limited per client address.
 * GET /plans: the plans read from Stripe, for a front page whose showcase had none (a fresh deployment).
 */
import { describe, expect, inject, it } from 'vitest';
import { callRoute, startOfAWindow } from '../support/stack-kit.js';
import { onboardedUser } from '../support/flows.js';
import { getFrom, randomLoopback } from '../support/loopback.js';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';

const stack = inject('stack');

const CARD_FIELDS = ['fullName', 'bio', 'genres', 'feedbackPriceCents', 'profileImage', 'worldClass', 'reputation'];

describe('GET /showcase', () => {
  it('gives a visitor the plans Billing shows and pros with their public card only', async () => {
    const musician = await onboardedUser(stack, 'musician');
    // Billing's read keeps the table's copy of the catalog, which the front page reads.
    const billing = await callRoute(stack.apiUrl, 'listPlans', {}, musician.user.idToken);
    const pro = await onboardedUser(stack, 'pro');

    const res = await callRoute(stack.apiUrl, 'getShowcase', {});
    expect(res.status).toBe(200);
    const plans = [...billing.body.plans].sort(
      (a: { price: { amount: number } }, b: { price: { amount: number } }) => a.price.amount - b.price.amount,
    );
    expect(res.body.plans.map((p: { id: string; amountCents: number }) => [p.id, p.amountCents])).toEqual(
      plans.map((p: { id: string; price: { amount: number } }) => [p.id, p.price.amount]),
    );
    expect(res.body.pros.length).toBeGreaterThan(0);
    expect(res.body.pros.length).toBeLessThanOrEqual(6);
    for (const card of res.body.pros) expect(CARD_FIELDS).toEqual(expect.arrayContaining(Object.keys(card)));
    // Nothing to reach a pro by: no id, username or e-mail anywhere.
    const text = JSON.stringify(res.body.pros);
    expect(text).not.toMatch(/"(id|username|email)":/);
    expect(text).not.toContain(pro.user.email);
  });

  it(`answers ${RATE_LIMITS.showcase.limit} a minute per client address, then 429 rate_limited`, async () => {
    // The window is the clock's minute: the calls must fall in one.
    await startOfAWindow(30_000);
    const client = randomLoopback();
    for (let i = 0; i < RATE_LIMITS.showcase.limit; i++) expect((await getFrom(stack.apiUrl, '/showcase', client)).status).toBe(200);
    const limited = await getFrom(stack.apiUrl, '/showcase', client);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
    expect((await getFrom(stack.apiUrl, '/showcase', randomLoopback())).status).toBe(200);
  });
});

describe('GET /plans', () => {
  it(`gives a visitor Billing's plans from Stripe, as the showcase names them; ${RATE_LIMITS.plans.limit} a minute per address`, async () => {
    const musician = await onboardedUser(stack, 'musician');
    const billing = await callRoute(stack.apiUrl, 'listPlans', {}, musician.user.idToken);
    await startOfAWindow(30_000);
    const client = randomLoopback();
    const res = await getFrom(stack.apiUrl, '/plans', client);
    expect(res.status).toBe(200);
    const ids = [...billing.body.plans]
      .sort((a: { price: { amount: number } }, b: { price: { amount: number } }) => a.price.amount - b.price.amount)
      .map((p: { id: string }) => p.id);
    expect(res.body.plans.map((p: { id: string }) => p.id)).toEqual(ids);
    expect((await callRoute(stack.apiUrl, 'getShowcase', {})).body.plans).toEqual(res.body.plans);
    for (let i = 1; i < RATE_LIMITS.plans.limit; i++) expect((await getFrom(stack.apiUrl, '/plans', client)).status).toBe(200);
    const limited = await getFrom(stack.apiUrl, '/plans', client);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
  });
});
