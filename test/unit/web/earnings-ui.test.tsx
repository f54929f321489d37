// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { EarningsCard, marginNote } from '../../../web/src/features/earnings/components/earnings-card';
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
      entries: [
        {
          id: 'o2:reversal',
          kind: 'reversal',
          amountCents: -1200,
          description: 'Refunded to Max: feedback on "Sunrise"',
          priceCents: 1500,
          margin: 0.2,
          createdAt: '2026-11-22T10:00:00.000Z',
        },
        {
          id: 'o1:earning',
          kind: 'earning',
          amountCents: 2250,
          description: 'Earned for feedback to Mia on "Midnight Drive"',
          priceCents: 3000,
          margin: 0.25,
          createdAt: '2026-11-21T10:00:00.000Z',
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
    expect(apiMock).toHaveBeenCalledWith('getEarnings');
  });

  // That musicians see no balance at all is the profile page's test (profile-ui.test.tsx).
  it('says so when there is nothing yet', async () => {
    apiMock.mockResolvedValue({ balanceCents: 0, entries: [] });
    renderProfile();
    expect((await screen.findByTestId('earnings-empty')).textContent).toContain('No earnings yet');
  });

  it('words the margin of an entry, and none for an adjustment', () => {
    expect(marginNote({ priceCents: 3000, margin: 0.2 })).toBe('20% margin on $30.00');
    expect(marginNote({ priceCents: 1500, margin: 0.125 })).toBe('12.5% margin on $15.00');
    expect(marginNote({ priceCents: null, margin: null })).toBeNull();
  });
});
