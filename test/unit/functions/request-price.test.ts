/**
 * A request for feedback is made ready one way, free or paid, first or re-check (functions/feedback/requests.ts
 * prepareRequest), and priced by one rule (shared/recheck.ts requestPriceOf): a paid first request and a
 * paid re-check ask PayPal for the price that rule gives, and the free path refuses the same prices. The
 * table, the provider and the limits are stand-ins; what is tested is the path each request takes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPriceOf } from '../../../shared/recheck.js';

const MIA = { id: 'mia', type: 'musician', fullName: 'Mia' };
const QUINN = { id: 'quinn', type: 'pro', fullName: 'Quinn', feedbackPriceCents: 3000, responseTime: '48h' };
const V1 = { id: 't1', userId: 'mia', title: 'Song', status: 'ready', version: 1 };
const V2 = { id: 't2', stackId: 't1', userId: 'mia', title: 'Song', status: 'ready', version: 2 };
const REVIEWED = {
  share: { id: 's1', trackId: 't1', sharedByUserId: 'mia', sharedWithUserId: 'quinn', sharedWithName: 'Quinn', status: 'completed' },
  feedback: { criteria: {}, comment: null, userId: 'quinn', createdAt: '2026-11-01T00:00:00.000Z' },
  comments: [],
};
let pro: Record<string, unknown> = QUINN;
const asked: number[] = [];

vi.mock('../../../functions/tracks/data/tracks.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getTrack: async (id: string) => ({ t1: V1, t2: V2 })[id] ?? null,
}));
vi.mock('../../../functions/people/data/users.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getUser: async (id: string) => (id === 'quinn' ? pro : null),
}));
vi.mock('../../../functions/feedback/data/shares.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getShareBundle: async (id: string) => (id === 's1' ? REVIEWED : null),
  readShare: async () => null,
}));
vi.mock('../../../functions/money/data/open-orders.js', () => ({ openOrdersOf: async () => ({}) }));
vi.mock('../../../functions/money/data/payments.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  putPayment: async () => ({ created: true }),
}));
vi.mock('../../../functions/platform/rate-limits.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  enforceRateLimits: async () => {},
}));
vi.mock('../../../functions/providers/payments.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  payments: () => ({
    createOrder: async (o: { invoiceId: string; amountCents: number }) => {
      asked.push(o.amountCents);
      return { orderId: `O${asked.length}`, approveUrl: 'https://paypal.test/approve', amountCents: o.amountCents, invoiceId: o.invoiceId };
    },
  }),
}));
vi.mock('../../../functions/feedback/requests.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../functions/feedback/requests.js')>();
  return { ...actual, prepareRequest: vi.fn(actual.prepareRequest) };
});

vi.stubEnv('APP_URL', 'https://snip.test');
const { prepareRequest } = await import('../../../functions/feedback/requests.js');
const { createPaidRequest } = await import('../../../functions/feedback/paid-requests.js');
const { createShare } = await import('../../../functions/feedback/shares.js');
const caller = MIA as never;
const options = { focusAreas: [] } as never;

beforeEach(() => {
  pro = QUINN;
  asked.length = 0;
  vi.mocked(prepareRequest).mockClear();
});

describe('the price of a request', () => {
  it("is a pro's price, half of it for a re-check (or nothing when re-checks are free), and nothing from a peer", () => {
    expect(requestPriceOf(QUINN, false)).toBe(3000);
    expect(requestPriceOf(QUINN, true)).toBe(1500);
    expect(requestPriceOf({ ...QUINN, feedbackPriceCents: 1999 }, true)).toBe(1000);
    expect(requestPriceOf({ ...QUINN, freeRechecks: true }, true)).toBe(0);
    expect(requestPriceOf({ ...QUINN, feedbackPriceCents: null }, false)).toBe(0);
    expect(requestPriceOf({ type: 'musician', feedbackPriceCents: 3000 }, false)).toBe(0);
  });
});

describe('a paid first request and a paid re-check', () => {
  it('go through the one orchestrator and are sold at the price its rule gives', async () => {
    await createPaidRequest(caller, { proUserId: 'quinn', trackId: 't1', shareOptions: options, feedbackPriceCents: 3000 });
    await createPaidRequest(caller, {
      proUserId: 'quinn',
      trackId: 't2',
      shareOptions: options,
      feedbackPriceCents: 1500,
      recheckOf: 's1',
    });
    expect(asked).toEqual([3000, 1500]);
    expect(vi.mocked(prepareRequest).mock.calls.map(([, r]) => r)).toEqual([
      { reviewerId: 'quinn', trackId: 't1', recheckOf: undefined },
      { reviewerId: 'quinn', trackId: 't2', recheckOf: 's1' },
    ]);
  });

  it('are refused at a price the rule does not give, with the price it gives', async () => {
    await expect(
      createPaidRequest(caller, { proUserId: 'quinn', trackId: 't2', shareOptions: options, feedbackPriceCents: 3000, recheckOf: 's1' }),
    ).rejects.toMatchObject({ code: 'price_changed', details: { feedbackPriceCents: 1500 } });
    pro = { ...QUINN, freeRechecks: true };
    await expect(
      createPaidRequest(caller, { proUserId: 'quinn', trackId: 't2', shareOptions: options, feedbackPriceCents: 1500, recheckOf: 's1' }),
    ).rejects.toMatchObject({ code: 'no_price' });
    expect(asked).toEqual([]);
  });

  it('are refused on the free path, through the same orchestrator, at the same prices', async () => {
    await expect(createShare(caller, { sharedWithId: 'quinn', trackId: 't1', shareOptions: options })).rejects.toMatchObject({
      code: 'payment_required',
      details: { feedbackPriceCents: 3000 },
    });
    await expect(
      createShare(caller, { sharedWithId: 'quinn', trackId: 't2', shareOptions: options, recheckOf: 's1' }),
    ).rejects.toMatchObject({
      code: 'payment_required',
      details: { feedbackPriceCents: 1500 },
    });
    expect(vi.mocked(prepareRequest)).toHaveBeenCalledTimes(2);
  });
});
