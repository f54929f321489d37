// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { PaymentsPanel } from '../../../web/src/features/billing/components/payments-panel';
import { receiptPath, receiptStatusText } from '../../../web/src/features/billing/utils/receipts';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi } from './render';

const RECEIPT = {
  orderId: 'ORDER1',
  invoiceId: 'inv-1',
  transactionId: 'CAP1',
  paidAt: '2026-11-20T10:00:00.000Z',
  payerName: 'Mia Musician',
  proName: 'Paul Producer',
  trackTitle: 'Sunrise',
  amountCents: 3000,
  status: 'paid' as const,
  refundReason: null,
  refundedAt: null,
};

afterEach(() => apiMock.mockReset());

describe("a musician's payments", () => {
  it('lists each with where it stands and a link to its receipt', async () => {
    answerRoutes({
      listMyPayments: () => ({
        payments: [{ ...RECEIPT, orderId: 'ORDER2', status: 'refunded', refundReason: 'declined' }, RECEIPT],
        next: null,
      }),
    });
    renderUi(<PaymentsPanel />);
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows.map((r) => r.querySelector('[data-testid="payment-status"]')?.textContent)).toEqual([
      'Refunded: the pro declined the request',
      'Paid',
    ]);
    expect(screen.getAllByRole('link', { name: 'Receipt for feedback from Paul Producer on Sunrise' })[1].getAttribute('href')).toBe(
      '/settings/payments/ORDER1',
    );
  });

  it('says so when there are none', async () => {
    answerRoutes({ listMyPayments: () => ({ payments: [], next: null }) });
    renderUi(<PaymentsPanel />);
    expect((await screen.findByTestId('payments-empty')).textContent).toContain('No payments yet');
  });

  it('words where a payment stands', () => {
    expect(receiptStatusText({ status: 'paid', refundReason: null })).toBe('Paid');
    expect(receiptStatusText({ status: 'disputed', refundReason: null })).toBe('Disputed with PayPal');
    expect(receiptStatusText({ status: 'refunding', refundReason: 'expired' })).toBe('Refund on its way: the pro did not deliver in time');
    expect(receiptStatusText({ status: 'refunded', refundReason: 'dispute' })).toBe('Refunded: your report of the review was upheld');
    expect(receiptPath('AB/12')).toBe('/settings/payments/AB%2F12');
  });
});
