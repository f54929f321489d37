/**
 * The payout state machine without the stack: where each of PayPal's answers takes a payout in each state,
 * and that every path keeps the books: the payout's two sides sum to zero, the pro's balance and available
 * money move with the entries that explain them, and money given back is given back once.
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../../shared/schemas/payouts.js';
import type { PayoutRecord } from '../../../functions/money/data/payouts.js';
import { afterPayout, decidePayout, payoutTaken, PAYOUTS_ACCOUNT, type PayoutEvent } from '../../../functions/money/payout-machine.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = '2026-03-01T13:00:00.000Z';
const base: PayoutRecord = {
  id: 'p1',
  userId: 'pro',
  userName: 'Paul Pro',
  email: 'paul@example.test',
  amountCents: 2500,
  status: 'sending',
  attempts: 1,
  createdAt: '2026-03-01T11:59:00.000Z',
  updatedAt: '2026-03-01T11:59:00.000Z',
};
const state = (s: PayoutStatus): PayoutRecord => ({ ...base, status: s, ...(s === 'sending' ? {} : { batchId: 'B1', itemId: 'I1' }) });

const said = (s: string): PayoutEvent => ({ type: 'provider_state', state: s as never, error: null, lookAt: LATER });
const EVENTS: Record<string, PayoutEvent> = {
  sent: { type: 'sent', batchId: 'B1', itemId: 'I1' },
  'send failed': { type: 'send_failed', retryAt: LATER, error: 'PayPal could not be reached' },
  'send refused': { type: 'send_refused', error: 'VALIDATION_ERROR, items[0].receiver: Value must be a string of at most 127 characters' },
  'PayPal: PENDING': said('PENDING'),
  'PayPal: UNCLAIMED': said('UNCLAIMED'),
  'PayPal: SUCCESS': said('SUCCESS'),
  'PayPal: FAILED': said('FAILED'),
  'PayPal: RETURNED': said('RETURNED'),
  'unclaimed, cancelled': { type: 'unclaimed_returned', error: 'RECEIVER_UNREGISTERED' },
};

const _ = null;
/** Where each event takes a payout, in the order of PAYOUT_STATUSES: sending, pending, paid, failed, unclaimed, returned. */
const EXPECTED: Record<keyof typeof EVENTS, (PayoutStatus | null)[]> = {
  sent: /*                  */ ['pending', _, _, _, _, _],
  'send failed': /*         */ ['sending', _, _, _, _, _],
  // Refused at the send, nothing was paid: given back at once (a payout PayPal took is settled by what it says of the item).
  'send refused': /*        */ ['failed', _, _, _, _, _],
  'PayPal: PENDING': /*     */ ['pending', 'pending', _, _, _, _],
  // Unclaimed is not an end: the money is PayPal's to return until the item is cancelled.
  'PayPal: UNCLAIMED': /*   */ ['pending', 'pending', _, _, _, _],
  'PayPal: SUCCESS': /*     */ ['paid', 'paid', _, _, _, _],
  'PayPal: FAILED': /*      */ ['failed', 'failed', _, _, _, _],
  'PayPal: RETURNED': /*    */ ['returned', 'returned', 'returned', _, _, _],
  'unclaimed, cancelled': /**/ ['unclaimed', 'unclaimed', _, _, _, _],
};

describe('the payout state machine', () => {
  for (const [name, event] of Object.entries(EVENTS)) {
    it.each(PAYOUT_STATUSES.map((s, i) => [s, EXPECTED[name][i]] as const))(`${name} from %s: %s`, (from, to) => {
      const d = decidePayout(state(from), event, NOW);
      if (to === null) return expect(d.ok).toBe(false);
      if (!d.ok) throw new Error(d.why);
      expect(d.write.to).toBe(to);
      expect(d.write.from).toEqual([from]);
      // An end frees the pro's one open payout; a move under way does not.
      expect(d.write.closes).toBe(!['sending', 'pending'].includes(to));
    });
  }

  it("records PayPal's batch and item with the move of a payout still sending (its event outran the send's answer)", () => {
    const d = decidePayout(state('sending'), { ...said('SUCCESS'), batchId: 'B9', itemId: 'I9' } as PayoutEvent, NOW);
    expect(d.ok && d.write).toMatchObject({ to: 'paid', set: { batchId: 'B9', itemId: 'I9' } });
    const later = decidePayout(state('pending'), { ...said('SUCCESS'), batchId: 'B9', itemId: 'I9' } as PayoutEvent, NOW);
    expect(later.ok && later.write.set).not.toHaveProperty('batchId');
  });

  it("books money given back after the pro deleted their account to the platform, moving nobody's balance", () => {
    for (const [from, e] of [
      ['paid', said('RETURNED')],
      ['pending', said('FAILED')],
      ['sending', { type: 'send_refused', error: 'VALIDATION_ERROR' }],
    ] as const) {
      const d = decidePayout(state(from), e as PayoutEvent, NOW, { proGone: true });
      if (!d.ok) throw new Error(d.why);
      expect(d.write.pro, from).toBeUndefined();
      expect(d.write.claimsMail, from).toBeUndefined();
      expect(
        d.write.entries.map((x) => [x.kind, x.accountId, x.amountCents]),
        from,
      ).toEqual([
        ['payout_return', 'PLATFORM', 2500],
        ['payout_return', PAYOUTS_ACCOUNT, -2500],
      ]);
    }
  });

  it('takes the whole amount from available money when made, with its two sides', () => {
    const { entries, move } = payoutTaken(base);
    expect(entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['payout', 'pro', -2500],
      ['payout', PAYOUTS_ACCOUNT, 2500],
    ]);
    expect(move).toEqual({ userId: 'pro', deltas: { balanceCents: -2500, availableCents: -2500, settledCents: 2500 } });
  });

  it('keeps the books on every path: nothing kept but what was paid, money given back once, with its e-mail', () => {
    type Node = { path: string[]; p: PayoutRecord; sum: Record<string, number>; mails: string[] };
    const taken = payoutTaken(base);
    const start: Node = {
      path: [],
      p: base,
      sum: { pro: -2500, [PAYOUTS_ACCOUNT]: 2500, balance: -2500, available: -2500 },
      mails: [],
    };
    const nodes: Node[] = [];
    const walk = (n: Node) => {
      nodes.push(n);
      for (const [name, e] of Object.entries(EVENTS)) {
        if (n.path.includes(name)) continue;
        const d = decidePayout(n.p, e, NOW);
        if (!d.ok) continue;
        const sum = { ...n.sum };
        for (const entry of d.write.entries) sum[entry.accountId] = (sum[entry.accountId] ?? 0) + entry.amountCents;
        sum.balance += d.write.pro?.deltas.balanceCents ?? 0;
        sum.available += d.write.pro?.deltas.availableCents ?? 0;
        walk({
          path: [...n.path, name],
          p: afterPayout(n.p, d.write),
          sum,
          mails: [...n.mails, ...(d.write.claimsMail ? [d.write.claimsMail] : [])],
        });
      }
    };
    walk(start);
    expect(taken.entries).toHaveLength(2);
    expect(new Set(nodes.map((n) => n.p.status))).toEqual(new Set(PAYOUT_STATUSES));
    for (const { path, p, sum, mails } of nodes) {
      const label = path.join(' > ') || 'new';
      expect(sum.pro + sum[PAYOUTS_ACCOUNT], label).toBe(0);
      expect(sum.balance, label).toBe(sum.pro);
      expect(sum.available, label).toBe(sum.pro);
      const out = p.status === 'paid' || p.status === 'sending' || p.status === 'pending' ? -2500 : 0;
      expect(sum.pro, label).toBe(out);
      // One e-mail at most per way it ended, and a returned payout after its paid one.
      expect(mails.filter((m) => m === 'returned').length, label).toBeLessThanOrEqual(1);
    }
  });
});
