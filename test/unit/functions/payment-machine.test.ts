/**
 * The payment state machine, without the stack: every state x every event (and each event's variants)
 * against a table written out here by hand, then the money each move writes, then every path from a new
 * payment to where it can end, with what the ledger holds there.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../functions/money/data/payments.js';
import type { ShareRecord } from '../../../functions/feedback/data/shares.js';
import {
  after,
  decide,
  earningPart,
  MAX_REFUND_ATTEMPTS,
  PAYMENT_EVENTS,
  PAYMENT_STATES,
  stateOf,
  TRANSITIONS,
  type PaymentEvent,
  type PaymentState,
} from '../../../functions/money/payment-machine.js';
import type { ProviderCapture } from '../../../functions/providers/payments.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const PRICE = 3000;
const MARGIN = 0.2;

const base: PaymentRecord = {
  orderId: 'ORDER1',
  invoiceId: 'inv-1',
  payerId: 'payer',
  payerName: 'Mia Musician',
  proUserId: 'pro',
  proName: 'Paul Pro',
  trackId: 'track',
  trackTitle: 'Song',
  amountCents: PRICE,
  payeeId: 'MERCHANT',
  shareOptions: {} as never,
  shareId: 'share',
  status: 'pending',
  checkAt: '2026-03-01T15:01:00.000Z',
  createdAt: '2026-03-01T11:59:00.000Z',
  updatedAt: '2026-03-01T11:59:00.000Z',
};
const captured = {
  ...base,
  status: 'captured' as const,
  captureId: 'CAP1',
  margin: MARGIN,
  earningCents: 2400,
  feeCents: 600,
  credited: true,
  capturedAt: base.createdAt,
  shareCreatedAt: base.createdAt,
};

/** A Snip Pro request's payment, before its capture: offered to four pros, the best fit first. */
const poolBase: PaymentRecord = {
  ...base,
  proUserId: 'POOL',
  proName: 'Snip Pro',
  pool: { genre: 'Rock', offers: ['pro', 'p2', 'p3', 'p4'] },
  shareOptions: { categories: ['mixing'] } as never,
};

/** One payment in each state. */
const IN: Record<PaymentState, PaymentRecord> = {
  pending: base,
  pooled: {
    ...poolBase,
    status: 'pooled',
    captureId: 'CAP1',
    margin: MARGIN,
    earningCents: 2400,
    feeCents: 600,
    credited: false,
    capturedAt: base.createdAt,
    pooledAt: base.createdAt,
  },
  failed: { ...base, status: 'failed', failureReason: 'abandoned' },
  captured,
  fulfilled: { ...captured, fulfilledAt: base.createdAt },
  released: { ...captured, fulfilledAt: base.createdAt, releasedAt: base.createdAt, releasedBefore: 0 },
  refunding: { ...captured, status: 'refunding', refundReason: 'declined' },
  refund_stuck: {
    ...captured,
    status: 'refunding',
    refundReason: 'declined',
    refundAttempts: MAX_REFUND_ATTEMPTS,
    stuckAt: base.createdAt,
  },
  refunded: { ...captured, status: 'refunded', refundId: 'REF1', refundReason: 'declined', refundedAt: base.createdAt },
};

const capture = (over: Partial<ProviderCapture> = {}): ProviderCapture => ({
  id: 'CAP1',
  status: 'COMPLETED',
  amountCents: PRICE,
  currency: 'USD',
  invoiceId: 'inv-1',
  payeeId: 'MERCHANT',
  ...over,
});
const request = {
  id: 'share',
  createdAt: NOW.toISOString(),
  payment: { orderId: 'order', amountCents: 3000, acceptHours: 48, completeDays: 7 },
} as ShareRecord;

/** The request a pro's claim creates, with them as its reviewer. */
const claimed = { ...request, sharedWithUserId: 'pro', sharedWithName: 'Paul Pro', status: 'pending' } as ShareRecord;

/** Each event, and the variants that may take it elsewhere. */
const EVENTS: Record<string, PaymentEvent> = {
  capture: { type: 'capture_completed', capture: capture(), margin: MARGIN, request },
  'pool claimed': { type: 'pool_claimed', request: claimed },
  'capture, not the payment': { type: 'capture_completed', capture: capture({ amountCents: 9000 }), margin: MARGIN, request },
  'capture unbuyable': { type: 'capture_unbuyable', captureId: 'CAP1', reason: 'track_deleted' },
  'capture unbuyable, refunded': { type: 'capture_unbuyable', captureId: 'CAP1', reason: 'reversed', refundId: 'REF1' },
  'refunded at provider, all': { type: 'refunded_at_provider', captureId: 'CAP1', full: true },
  'refunded at provider, part': { type: 'refunded_at_provider', captureId: 'CAP1', full: false },
  'refund made': { type: 'refund_made', refundId: 'REF1' },
  'refund refused': { type: 'refund_refused', reason: 'PayPal said no' },
  'request completed': { type: 'request_completed' },
  'hold ended': { type: 'hold_ended', releasedBefore: 5000 },
  'provider dispute opened': { type: 'provider_dispute_opened', disputeId: 'PP-D-1' },
  'provider dispute won': { type: 'provider_dispute_won', disputeId: 'PP-D-1' },
  'request ended': { type: 'request_ended', reason: 'declined' },
  'dispute upheld': { type: 'dispute_upheld' },
  'order lapsed': { type: 'order_lapsed', reason: 'abandoned' },
  'funding declined': { type: 'funding_declined' },
  'capture unapproved': { type: 'capture_unapproved' },
  'look again later': { type: 'look_again', at: '2026-03-02T00:00:00.000Z' },
  'look never again': { type: 'look_again', at: null },
  'admin retry': { type: 'admin_retry' },
};

const S = PAYMENT_STATES;
const _ = null;
/**
 * Where each event takes a payment in each state (null: no move), in the order of PAYMENT_STATES:
 *                          pending      pooled       captured     fulfilled    released     refunding    refund_stuck  refunded     failed
 */
const EXPECTED: Record<keyof typeof EVENTS, (PaymentState | null)[]> = {
  capture: /*                      */ ['captured', _, _, _, _, _, _, _, 'captured'],
  'pool claimed': /*               */ [_, 'captured', _, _, _, _, _, _, _],
  'capture, not the payment': /*   */ ['refunding', _, _, _, _, _, _, _, 'refunding'],
  'capture unbuyable': /*          */ ['refunding', _, _, _, _, _, _, _, 'refunding'],
  'capture unbuyable, refunded': /**/ ['refunded', _, _, _, _, _, _, _, 'refunded'],
  'refunded at provider, all': /*  */ [_, 'refunded', 'refunded', 'refunded', 'refunded', 'refunded', 'refunded', _, _],
  'refunded at provider, part': /* */ [_, 'refunding', 'refunding', _, _, 'refunded', 'refunded', _, _],
  'refund made': /*                */ [_, _, _, _, _, 'refunded', 'refunded', _, _],
  'refund refused': /*             */ [_, _, _, _, _, 'refunding', _, _, _],
  'request completed': /*          */ [_, _, 'fulfilled', _, _, _, _, _, _],
  'hold ended': /*                 */ [_, _, _, 'released', _, _, _, _, _],
  'provider dispute opened': /*    */ [_, 'pooled', 'captured', 'fulfilled', 'fulfilled', _, _, _, _],
  // Won only where it was opened (a payment of the table's states has no dispute open: nothing to lift).
  'provider dispute won': /*       */ [_, _, _, _, _, _, _, _, _],
  'request ended': /*              */ [_, 'refunding', 'refunding', _, _, _, _, _, _],
  'dispute upheld': /*             */ [_, _, _, 'refunding', 'refunding', _, _, _, _],
  'order lapsed': /*               */ ['failed', _, _, _, _, _, _, _, _],
  'funding declined': /*           */ ['pending', _, _, _, _, _, _, _, _],
  'capture unapproved': /*         */ ['pending', _, _, _, _, _, _, _, _],
  'look again later': /*           */ ['pending', 'pooled', 'captured', 'fulfilled', 'released', 'refunding', _, _, _],
  'look never again': /*           */ ['pending', 'pooled', 'captured', 'fulfilled', 'released', 'refunding', _, 'refunded', 'failed'],
  'admin retry': /*                */ [_, _, _, _, _, _, 'refunding', _, _],
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pick = (o: Record<string, number>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const earningPartOf = (p: PaymentRecord) => earningPart(p) as 'pendingCents' | 'heldCents' | 'availableCents';

describe('the payment state machine', () => {
  it('has a payment of each state, and each event of the table among the cases', () => {
    expect(PAYMENT_STATES.map((s) => stateOf(IN[s]))).toEqual([...PAYMENT_STATES]);
    expect(new Set(Object.values(EVENTS).map((e) => e.type))).toEqual(new Set(PAYMENT_EVENTS));
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...PAYMENT_EVENTS].sort());
  });

  describe.each(Object.keys(EVENTS))('%s', (name) => {
    it.each(S.map((s, i) => [s, EXPECTED[name][i]] as const))('from %s: %s', (state, expected) => {
      const d = decide(IN[state], EVENTS[name], NOW);
      if (expected === null) {
        expect(d.ok).toBe(false);
        return;
      }
      if (!d.ok) throw new Error(d.why);
      expect(d.write.to).toBe(expected);
      // The move's condition holds the state it was decided in, and it is a move of the table.
      expect(d.write.from).toContain(state);
      expect(TRANSITIONS[EVENTS[name].type][state]).toContain(expected);
      expect(stateOf(after(IN[state], d.write))).toBe(expected);
      // A balance moves only with entries of the same account that explain it, and its parts with it.
      const pro = d.write.pro;
      const moved = sum(d.write.entries.filter((e) => e.accountId === pro?.userId).map((e) => e.amountCents));
      expect(pro?.deltas.balanceCents ?? 0).toBe(moved);
      const parts = sum(['pendingCents', 'heldCents', 'availableCents'].map((k) => pro?.deltas[k as 'heldCents'] ?? 0));
      expect(parts, 'balance = pending + held + available').toBe(pro?.deltas.balanceCents ?? 0);
      for (const e of d.write.entries) expect(Number.isInteger(e.amountCents) && e.amountCents !== 0).toBe(true);
    });
  });

  it("credits the capture as price = earning + fee, the pro's balance up by the earning, the request created with its e-mail", () => {
    const d = decide(IN.pending, EVENTS.capture, NOW);
    if (!d.ok) throw new Error(d.why);
    expect(d.write.entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['charge', 'payer', -3000],
      ['earning', 'pro', 2400],
      ['fee', 'PLATFORM', 600],
    ]);
    expect(d.write.pro).toEqual({ userId: 'pro', deltas: { balanceCents: 2400, pendingCents: 2400 } });
    expect(d.write.createsRequest).toEqual({ ...request, payment: { ...request.payment, earningCents: 2400 } });
    expect(d.write.from).toEqual(['pending', 'failed']);
    // Due when the pro is to be reminded: a day before their 48 hours to accept run out.
    expect(d.write.checkAt).toBe('2026-03-02T12:00:00.000Z');
  });

  it('refunds a capture that buys nothing in one move when its refund was made first: what was taken, charged and given back', () => {
    const d = decide(
      IN.failed,
      {
        type: 'capture_unbuyable',
        captureId: 'CAP9',
        reason: 'mismatch',
        took: { capturedCents: 9000, mismatch: 'amount 9000 for 3000' },
        refundId: 'REF9',
      },
      NOW,
    );
    if (!d.ok) throw new Error(d.why);
    expect(d.write).toMatchObject({
      to: 'refunded',
      from: ['pending', 'failed'],
      checkAt: null,
      claimsRefundMail: true,
      set: { credited: false, captureId: 'CAP9', refundId: 'REF9', refundReason: 'mismatch' },
    });
    expect(d.write.entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['charge', 'payer', -9000],
      ['refund', 'payer', 9000],
    ]);
    expect(d.write.pro).toBeUndefined();
  });

  it('never credits a capture that is not the payment: the charge of what was taken, then its refund', () => {
    const d = decide(IN.pending, EVENTS['capture, not the payment'], NOW);
    if (!d.ok) throw new Error(d.why);
    expect(d.next).toBe('send_refund');
    expect(d.write.pro).toBeUndefined();
    expect(d.write.entries.map((e) => [e.kind, e.amountCents])).toEqual([['charge', -9000]]);
    const refunding = after(IN.pending, d.write);
    expect(refunding).toMatchObject({ credited: false, refundReason: 'mismatch', capturedCents: 9000 });
    const r = decide(refunding, EVENTS['refund made'], NOW);
    if (!r.ok) throw new Error(r.why);
    expect(r.write.entries.map((e) => [e.kind, e.amountCents])).toEqual([['refund', 9000]]);
    expect(r.write.claimsRefundMail).toBe(true);
  });

  it('keeps delivered feedback paid: no deadline or deletion refunds it, and a partial refund at the provider is left to its operator', () => {
    expect(decide(IN.fulfilled, EVENTS['request ended'], NOW).ok).toBe(false);
    const part = decide(IN.fulfilled, EVENTS['refunded at provider, part'], NOW);
    expect(part).toMatchObject({ ok: false, why: expect.stringContaining('left to the operator') });
  });

  it("moves no balance of a pro who deleted their account: their hold ends, a dispute holds, a chargeback's earning is the platform's", () => {
    const left = { proLeftAt: base.createdAt };
    for (const [state, event] of [
      ['fulfilled', 'hold ended'],
      ['released', 'provider dispute opened'],
      ['released', 'refunded at provider, all'],
      ['fulfilled', 'dispute upheld'],
    ] as const) {
      const d = decide({ ...IN[state], ...left }, EVENTS[event], NOW);
      if (!d.ok) throw new Error(`${state} / ${event}: ${d.why}`);
      expect(d.write.pro, `${state} / ${event}`).toBeUndefined();
      expect(d.write.to).toBe(EXPECTED[event][S.indexOf(state)]);
    }
    const chargeback = decide({ ...IN.released, ...left }, EVENTS['refunded at provider, all'], NOW);
    if (!chargeback.ok) throw new Error(chargeback.why);
    const entries = chargeback.write.entries;
    expect(entries.find((e) => e.kind === 'reversal')).toMatchObject({ accountId: 'PLATFORM', amountCents: -2400 });
    expect(entries.some((e) => e.accountId === 'pro')).toBe(false);
    // With the charge, earning and fee of its capture: the payment's movements still sum to zero.
    expect(sum(entries.map((e) => e.amountCents)) + (-PRICE + 2400 + 600)).toBe(0);
  });

  it('hands a refund to an admin on its MAX_REFUND_ATTEMPTS-th refusal, each wait before twice the last, up to 6 hours', () => {
    const waits: number[] = [];
    let p = IN.refunding;
    for (let n = 1; n <= MAX_REFUND_ATTEMPTS; n++) {
      const d = decide(p, EVENTS['refund refused'], NOW);
      if (!d.ok) throw new Error(d.why);
      p = after(p, d.write);
      if (n < MAX_REFUND_ATTEMPTS) waits.push((Date.parse(d.write.checkAt!) - NOW.getTime()) / 60_000);
      else expect(d.write).toMatchObject({ to: 'refund_stuck', stuckSince: NOW.toISOString() });
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 360, 360]);
    expect(stateOf(p)).toBe('refund_stuck');
    expect(decide(p, EVENTS['admin retry'], NOW)).toMatchObject({
      ok: true,
      write: { to: 'refunding', set: { refundAttempts: 0 }, remove: ['stuckAt'] },
    });
  });

  it('holds every move to the states it is decided in, never a final one for a move of money', () => {
    for (const state of S) {
      for (const e of Object.values(EVENTS)) {
        const d = decide(IN[state], e, NOW);
        if (!d.ok || !d.write.entries.length) continue;
        expect(d.write.from).not.toContain('refunded');
        // Each group of states a move leaves moves the same way from each of them.
        for (const other of d.write.from) {
          const again = decide(IN[other], e, NOW);
          expect(again.ok && again.write.to).toBe(d.write.to);
        }
      }
    }
  });

  it("takes an order off its payer's open orders in every move out of pending, and in no other", () => {
    for (const state of S) {
      for (const [name, e] of Object.entries(EVENTS)) {
        const d = decide(IN[state], e, NOW);
        if (!d.ok) continue;
        const leaves = state === 'pending' && d.write.to !== 'pending';
        expect(d.write.closesOrder, `${name} from ${state}`).toEqual(leaves ? { payerId: 'payer', invoiceId: 'inv-1' } : undefined);
      }
    }
  });

  type Node = {
    path: string[];
    p: PaymentRecord;
    entries: { id: string; accountId: string; amountCents: number }[];
    /** The pro's money as the path's moves left it. */
    money: Record<string, number>;
  };

  /** Every payment a path of events from a new one reaches, each event at most once (its look-agains aside). */
  function walk(node: Node, out: Node[]) {
    out.push(node);
    for (const [name, e] of Object.entries(EVENTS)) {
      if (node.path.includes(name) || e.type === 'look_again') continue;
      const d = decide(node.p, e, NOW);
      if (!d.ok) continue;
      const money = { ...node.money };
      for (const [part, delta] of Object.entries(d.write.pro?.deltas ?? {})) money[part] = (money[part] ?? 0) + delta;
      walk({ path: [...node.path, name], p: after(node.p, d.write), entries: [...node.entries, ...d.write.entries], money }, out);
    }
  }

  /** Every path from a new payment, of a request to a chosen pro and of a Snip Pro request. */
  function allPaths(): Node[] {
    const nodes: Node[] = [];
    walk({ path: [], p: IN.pending, entries: [], money: {} }, nodes);
    walk({ path: ['(Snip Pro)'], p: poolBase, entries: [], money: {} }, nodes);
    return nodes;
  }

  it("keeps the pro's earning in one part of their money at every step of every path: pending, held, then available", () => {
    const nodes = allPaths();
    for (const { path, p, money } of nodes) {
      const label = path.join(' > ') || 'new';
      const parts = { pendingCents: 0, heldCents: 0, availableCents: 0 };
      const state = stateOf(p);
      const credited = p.credited && (state === 'captured' || state === 'fulfilled' || state === 'released' || state === 'refunding');
      if (credited) parts[earningPartOf(p)] = 2400;
      expect({ ...parts, ...pick(money, Object.keys(parts)) }, label).toEqual(parts);
      expect(money.balanceCents ?? 0, label).toBe(credited ? 2400 : 0);
      // Released money used (taken back onto hold, or reversed) is settled; released again, it counts again.
      expect((money.releasedCents ?? 0) - (money.settledCents ?? 0), label).toBe(parts.availableCents);
    }
  });

  it('keeps the ledger in balance at every step of every path: nothing kept but price = earning + fee, a refund owed no more than was charged', () => {
    const nodes = allPaths();
    expect(nodes.length).toBeGreaterThan(50);
    expect(new Set(nodes.map((n) => stateOf(n.p)))).toEqual(new Set(PAYMENT_STATES.filter((s) => s !== 'refund_stuck')));
    for (const { path, p, entries } of nodes) {
      const label = path.join(' > ') || 'new';
      // No entry twice on any path.
      expect(new Set(entries.map((e) => e.id)).size, label).toBe(entries.length);
      const held = ['payer', 'pro', 'PLATFORM', 'POOL'].map((account) =>
        sum(entries.filter((e) => e.accountId === account).map((e) => e.amountCents)),
      );
      expect(sum(entries.map((e) => e.amountCents)), `${label}: every movement has its two sides`).toBe(
        ['pending', 'failed', 'refunded', 'pooled', 'captured', 'fulfilled', 'released'].includes(stateOf(p)) || p.credited || p.pooledAt
          ? 0
          : -(p.capturedCents ?? p.amountCents),
      );
      const state = stateOf(p);
      if (state === 'pending' || state === 'failed' || state === 'refunded') expect(held, label).toEqual([0, 0, 0, 0]);
      // In the pool, the price waits there; claimed, it is the pro's and the platform's.
      if (state === 'pooled') expect(held, label).toEqual([-3000, 0, 0, 3000]);
      if (state === 'captured' || state === 'fulfilled') expect(held, label).toEqual([-3000, 2400, 600, 0]);
      if (state === 'refunding') {
        // Charged, and owed back: what the pro, the platform or the pool hold of it goes back with the refund.
        const charged = p.capturedCents ?? p.amountCents;
        expect(held, label).toEqual(p.credited ? [-charged, 2400, 600, 0] : [-charged, 0, 0, p.pooledAt ? charged : 0]);
      }
    }
  });

  it("puts a Snip Pro request's money in the pool and offers it in waves, the best fit first, until its time to be claimed runs out", () => {
    const d = decide(poolBase, EVENTS.capture, NOW);
    if (!d.ok) throw new Error(d.why);
    expect(d.write.to).toBe('pooled');
    expect(d.write.entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['charge', 'payer', -3000],
      ['pool_hold', 'POOL', 3000],
    ]);
    expect(d.write.pro).toBeUndefined();
    expect(d.write.createsRequest).toBeUndefined();
    // Looked at at once: the scheduled check e-mails the first wave.
    expect(d.write.checkAt).toBe(NOW.toISOString());
    const offers = d.write.offers && 'put' in d.write.offers ? d.write.offers.put : [];
    expect(offers.map((o) => [o.proId, o.visibleAt])).toEqual([
      ['pro', NOW.toISOString()],
      ['p2', NOW.toISOString()],
      ['p3', NOW.toISOString()],
      ['p4', '2026-03-01T14:00:00.000Z'],
    ]);
    expect(offers[0]).toMatchObject({ earningCents: 2400, genre: 'Rock', focusAreas: ['mixing'], claimUntil: '2026-03-03T12:00:00.000Z' });
    expect(d.write.poolStats).toEqual({ genre: 'Rock', add: { opened: 1 } });
  });

  it('makes the first claim the request, the pool paying the pro and the platform, and takes back every offer', () => {
    const d = decide(IN.pooled, EVENTS['pool claimed'], NOW);
    if (!d.ok) throw new Error(d.why);
    expect(d.write.from).toEqual(['pooled']);
    expect(d.write.entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['pool_release', 'POOL', -3000],
      ['earning', 'pro', 2400],
      ['fee', 'PLATFORM', 600],
    ]);
    expect(d.write.pro).toEqual({ userId: 'pro', deltas: { balanceCents: 2400, pendingCents: 2400 } });
    expect(d.write.set).toMatchObject({ proUserId: 'pro', proName: 'Paul Pro', credited: true });
    expect(d.write.offers).toEqual({ remove: ['pro', 'p2', 'p3', 'p4'], claimUntil: '2026-03-03T11:59:00.000Z' });
    // Claimed a minute after its payment: counted in the genre's first bucket of claim times.
    expect(d.write.poolStats).toEqual({ genre: 'Rock', add: { claimed: 1, within_5: 1 } });
    // A second claim finds the request taken: the machine refuses it.
    expect(decide(after(IN.pooled, d.write), EVENTS['pool claimed'], NOW).ok).toBe(false);
    // The musician cannot take their own request.
    expect(decide(IN.pooled, { type: 'pool_claimed', request: { ...claimed, sharedWithUserId: 'payer' } }, NOW).ok).toBe(false);
  });

  it('refunds an unclaimed request in full from the pool, its offers taken back, and never one that was claimed meanwhile', () => {
    const d = decide(IN.pooled, { type: 'request_ended', reason: 'unclaimed' }, NOW);
    if (!d.ok) throw new Error(d.why);
    expect(d.write).toMatchObject({
      to: 'refunding',
      from: ['pooled'],
      offers: { remove: ['pro', 'p2', 'p3', 'p4'], claimUntil: '2026-03-03T11:59:00.000Z' },
      poolStats: { genre: 'Rock', add: { unclaimed: 1 } },
    });
    const r = decide(after(IN.pooled, d.write), EVENTS['refund made'], NOW);
    if (!r.ok) throw new Error(r.why);
    expect(r.write.entries.map((e) => [e.kind, e.accountId, e.amountCents])).toEqual([
      ['refund', 'payer', 3000],
      ['pool_release', 'POOL', -3000],
    ]);
  });

  it('decides all of the table in milliseconds', () => {
    const started = performance.now();
    for (let i = 0; i < 100; i++) for (const s of S) for (const e of Object.values(EVENTS)) decide(IN[s], e, NOW);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
