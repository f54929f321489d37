// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { EarningsCard, earningNote, marginNote, chargebackNote } from '../../../web/src/features/earnings/components/earnings-card';
import { apiMock } from './amplify-mock';
import { renderUi } from './render';

const renderProfile = () => renderUi(<EarningsCard />);

afterEach(() => {
  apiMock.mockReset();
});

describe("a pro's Current Balance", () => {
  it('shows the balance and each entry with what it was for and the margin taken', async () => {
    apiMock.mockResolvedValue({
      balanceCents: 2250,
      availableCents: 0,
      heldCents: 2250,
      pendingCents: 0,
      chargeback: null,
      entries: [
        {
          id: 'o2:reversal',
          kind: 'reversal',
          amountCents: -1200,
          description: 'Refunded to Max: feedback on "Sunrise"',
          priceCents: 1500,
          margin: 0.2,
          createdAt: '2026-11-22T10:00:00.000Z',
          earning: null,
        },
        {
          id: 'o1:earning',
          kind: 'earning',
          amountCents: 2250,
          description: 'Earned for feedback to Mia on "Midnight Drive"',
          priceCents: 3000,
          margin: 0.25,
          createdAt: '2026-11-21T10:00:00.000Z',
          earning: { state: 'held', availableAt: '2026-11-28T10:00:00.000Z', disputed: false },
        },
      ],
    });
    renderProfile();
    const card = await screen.findByTestId('earnings-card');
    expect(within(card).getByRole('heading', { name: 'Current Balance' })).toBeTruthy();
    expect(within(card).getByText('Earnings from feedback provided')).toBeTruthy();
    expect((await within(card).findByTestId('earnings-balance')).textContent).toBe('$22.50');
    const entries = within(card)
      .getAllByTestId('earnings-entry')
      .map((e) => e.textContent);
    expect(entries[0]).toContain('-$12.00');
    expect(entries[1]).toContain('+$22.50');
    expect(entries[1]).toContain('25% margin on $30.00');
    expect(within(card).getByTestId('earnings-parts').textContent).toBe('Available $0.00, on hold $22.50, pending $0.00');
    expect(within(card).getByTestId('earning-state').textContent).toBe('On hold until Nov 28, 2026');
    expect(within(card).queryByTestId('earnings-chargeback')).toBeNull();
    expect(apiMock).toHaveBeenCalledWith('getEarnings');
  });

  // That musicians see no balance at all is the profile page's test (profile-ui.test.tsx).
  it('says so when there is nothing yet', async () => {
    apiMock.mockResolvedValue({ balanceCents: 0, availableCents: 0, heldCents: 0, pendingCents: 0, chargeback: null, entries: [] });
    renderProfile();
    expect((await screen.findByTestId('earnings-empty')).textContent).toContain('No earnings yet');
  });

  it('says when money taken back after it was paid out comes out of the next earnings', async () => {
    apiMock.mockResolvedValue({
      balanceCents: -3000,
      availableCents: -3000,
      heldCents: 0,
      pendingCents: 0,
      chargeback: { owedCents: 3000, amountCents: 3000, at: '2026-11-20T10:00:00.000Z' },
      entries: [],
    });
    renderProfile();
    expect((await screen.findByTestId('earnings-chargeback')).textContent).toBe(
      'A chargeback of $30.00 on Nov 20, 2026 will be taken from your next earnings.',
    );
  });

  it('says what is still owed when it is not one whole chargeback', () => {
    const at = '2026-11-20T10:00:00.000Z';
    expect(chargebackNote({ owedCents: 1800, amountCents: 3000, at })).toBe(
      '$18.00 taken back by chargebacks is still owed (the latest: $30.00 on Nov 20, 2026): it will be taken from your next earnings.',
    );
    expect(chargebackNote({ owedCents: 6000, amountCents: 3000, at })).toContain('$60.00 taken back by chargebacks is still owed');
    expect(chargebackNote({ owedCents: 500, amountCents: null, at: null })).toBe(
      '$5.00 taken back by chargebacks is still owed: it will be taken from your next earnings.',
    );
  });

  it('words where each earning stands', () => {
    const at = '2026-12-01T10:00:00.000Z';
    expect(earningNote({ state: 'pending', availableAt: null, disputed: false })).toBe(
      'Pending: available 7 days after you deliver the review',
    );
    expect(earningNote({ state: 'held', availableAt: at, disputed: false })).toBe('On hold until Dec 1, 2026');
    expect(earningNote({ state: 'held', availableAt: null, disputed: true })).toBe('On hold: the payer disputed the payment');
    expect(earningNote({ state: 'available', availableAt: at, disputed: false })).toBe('Available');
    expect(earningNote({ state: 'paid_out', availableAt: at, disputed: false })).toBe('Paid out');
    expect(earningNote({ state: 'reversed', availableAt: null, disputed: false })).toBe('Refunded to the musician');
    expect(earningNote(null)).toBeNull();
  });

  it('words the margin of an entry, and none for an adjustment', () => {
    expect(marginNote({ priceCents: 3000, margin: 0.2 })).toBe('20% margin on $30.00');
    expect(marginNote({ priceCents: 1500, margin: 0.125 })).toBe('12.5% margin on $15.00');
    expect(marginNote({ priceCents: null, margin: null })).toBeNull();
  });
});
