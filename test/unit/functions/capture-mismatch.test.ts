/** A capture buys its request only when it is what the stored payment says: every way it can differ is named. */
import { describe, expect, it } from 'vitest';
import { captureMismatch } from '../../../functions/money/payment-machine.js';
import type { ProviderCapture } from '../../../functions/providers/payments.js';

const payment = { amountCents: 3000, invoiceId: 'inv-1', payeeId: 'MERCHANT1' };
const capture = (over: Partial<ProviderCapture> = {}): ProviderCapture => ({
  id: 'CAP1',
  status: 'COMPLETED',
  amountCents: 3000,
  currency: 'USD',
  invoiceId: 'inv-1',
  payeeId: 'MERCHANT1',
  ...over,
});

describe('captureMismatch', () => {
  it('accepts a capture that is the payment', () => {
    expect(captureMismatch(payment, capture())).toBeNull();
  });

  it.each([
    [{ amountCents: 100 }, 'amount 100 for 3000'],
    [{ amountCents: 9000 }, 'amount 9000 for 3000'],
    [{ currency: 'EUR' }, 'currency EUR'],
    [{ currency: null }, 'currency none'],
    [{ invoiceId: 'inv-2' }, 'invoice inv-2'],
    [{ invoiceId: null }, 'invoice none'],
    [{ payeeId: 'SOMEONE-ELSE' }, 'payee SOMEONE-ELSE'],
  ] as [Partial<ProviderCapture>, string][])('refuses a capture whose %o differs: %s', (over, said) => {
    expect(captureMismatch(payment, capture(over))).toBe(said);
  });

  it('names every difference at once', () => {
    expect(captureMismatch(payment, capture({ amountCents: 1, currency: 'GBP' }))).toBe('amount 1 for 3000, currency GBP');
  });

  it('checks the payee only where the payment kept it (payments made before it was kept)', () => {
    expect(captureMismatch({ amountCents: 3000, invoiceId: 'inv-1' }, capture({ payeeId: 'ANYONE' }))).toBeNull();
  });

  it("checks the payee only where the capture's answer names it (a capture answer may leave the payee out)", () => {
    expect(captureMismatch(payment, capture({ payeeId: null }))).toBeNull();
    expect(captureMismatch(payment, capture({ payeeId: null, amountCents: 1 }))).toBe('amount 1 for 3000');
  });
});
