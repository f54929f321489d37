// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import type { BooksView } from '../../../shared/schemas/books';
import { BooksPanel } from '../../../web/src/features/admin/components/books-panel';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi } from './render';

const MONTH = {
  month: '2026-11',
  chargedCents: 6000,
  feesCents: 1200,
  refundedCents: 0,
  reversedCents: 0,
  paidOutCents: 0,
  adjustedCents: 0,
  entries: 6,
  sumCents: 0,
  earnings: { pendingCents: 2400, heldCents: 2400, releasedCents: 0, reversedCents: 0 },
};
const BOOKS: BooksView = {
  months: [MONTH],
  openReports: 1,
  providerDisputes: { count: 0, amountCents: 0, oldestAt: null },
  reconciliation: null,
};

afterEach(() => apiMock.mockReset());

describe('the money page', () => {
  it('says when no payment is disputed at PayPal', async () => {
    answerRoutes({ getBooks: () => BOOKS });
    renderUi(<BooksPanel />);
    expect((await screen.findByTestId('books-provider-disputes')).textContent).toBe('No payment is disputed at PayPal.');
    expect(screen.getByTestId('books-reports').textContent).toContain('1 report of a paid review waits for a decision.');
  });

  it('counts the payments disputed at PayPal, their amount and the oldest', async () => {
    answerRoutes({
      getBooks: () => ({ ...BOOKS, providerDisputes: { count: 2, amountCents: 4500, oldestAt: '2026-11-03T10:00:00.000Z' } }),
    });
    renderUi(<BooksPanel />);
    expect((await screen.findByTestId('books-provider-disputes')).textContent).toMatch(
      /^2 payments \(\$45\.00\) are disputed at PayPal, the oldest since .*Nov.* 3.*: their earnings are held until PayPal decides\.$/,
    );
  });

  it('says when the reconciliation ran, over which window, and that later movements wait for the next run', async () => {
    const reconciliation = {
      ranAt: '2026-11-05T04:00:00.000Z',
      from: '2026-11-02T03:00:00.000Z',
      to: '2026-11-05T03:00:00.000Z',
      differences: [],
    };
    answerRoutes({ getBooks: () => ({ ...BOOKS, reconciliation: { ...reconciliation, compared: 0 } }) });
    renderUi(<BooksPanel />);
    expect((await screen.findByTestId('reconciliation')).textContent).toMatch(
      /^Reconciled with PayPal on Nov 5, 2026, \d+:00 [AP]M: 0 records of movements from Nov 2, 2026, \d+:00 [AP]M to Nov 5, 2026, \d+:00 [AP]M, no differences\. Later movements are reconciled by the next daily run\.$/,
    );
  });

  it('says which month does not balance', async () => {
    answerRoutes({ getBooks: () => ({ ...BOOKS, months: [{ ...MONTH, sumCents: -100 }] }) });
    renderUi(<BooksPanel />);
    expect((await screen.findByTestId('books-balance')).textContent).toBe('The books do not balance: November 2026 is off by -$1.00.');
  });
});
