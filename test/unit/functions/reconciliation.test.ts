/**
 * The reconciliation's comparison without the stack: what the ledger expects of PayPal against PayPal's
 * transactions, by id, a refund made at PayPal by the capture it refunds, and only inside the window.
 */
import { describe, expect, it } from 'vitest';
import { compare } from '../../../functions/money/reconciliation.js';
import type { ProviderTransaction } from '../../../functions/providers/payments.js';

const FROM = '2026-11-20T00:00:00.000Z';
const TO = '2026-11-23T00:00:00.000Z';
const AT = '2026-11-21T10:00:00.000Z';
const tx = (over: Partial<ProviderTransaction>): ProviderTransaction => ({
  id: 'T1',
  eventCode: 'T0006',
  at: AT,
  amountCents: 3000,
  status: 'S',
  invoiceId: null,
  referenceId: null,
  ...over,
});

describe('the reconciliation', () => {
  it('matches captures, refunds and payouts by id, and a refund made at PayPal by its capture and amount', () => {
    const differences = compare(
      [
        { id: 'CAP1', what: 'capture', cents: 3000, at: AT },
        { id: 'REF1', what: 'refund', cents: -3000, at: AT },
        { id: null, what: 'refund', cents: -1500, at: AT, captureId: 'CAP2' },
        { id: 'PAY1', what: 'payout', cents: -2400, at: AT },
      ],
      [
        tx({ id: 'CAP1' }),
        tx({ id: 'REF1', eventCode: 'T1107', amountCents: -3000 }),
        tx({ id: 'REV9', eventCode: 'T1106', amountCents: -1500, referenceId: 'CAP2' }),
        tx({ id: 'PAY1', eventCode: 'T0001', amountCents: -2400 }),
      ],
      FROM,
      TO,
    );
    expect(differences).toEqual([]);
  });

  it('reports each side missing and amounts that differ, inside the window only', () => {
    const differences = compare(
      [
        { id: 'CAP1', what: 'capture', cents: 3000, at: AT },
        { id: 'CAP2', what: 'capture', cents: 3000, at: AT },
        { id: 'CAP3', what: 'capture', cents: 3000, at: '2026-11-19T23:00:00.000Z' },
      ],
      [tx({ id: 'CAP2', amountCents: 9000 }), tx({ id: 'ONLYPAYPAL', amountCents: 1234 }), tx({ id: 'FEE', eventCode: 'T0400' })],
      FROM,
      TO,
    );
    expect(differences.map((d) => [d.kind, d.id])).toEqual([
      ['missing_at_paypal', 'CAP1'],
      ['amount_differs', 'CAP2'],
      ['missing_in_ledger', 'ONLYPAYPAL'],
    ]);
  });
});
