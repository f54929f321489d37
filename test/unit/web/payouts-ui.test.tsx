// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import type { PayoutAccountView } from '../../../shared/schemas/payouts';
import { PAYOUT_POLL_MS } from '../../../web/src/features/earnings/api/payouts';
import { PayoutsCard, payoutStatusText, withdrawBlock } from '../../../web/src/features/earnings/components/payouts-card';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi } from './render';

const ACCOUNT: PayoutAccountView = { email: 'paul@example.test', pausedUntil: null, held: null, availableCents: 2400, openPayoutId: null };
const PAYOUT = {
  id: 'p1',
  userId: 'u1',
  userName: 'Paul',
  amountCents: 5000,
  email: 'paul@example.test',
  status: 'paid' as const,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:01:00.000Z',
};

afterEach(() => apiMock.mockReset());

describe("a pro's payouts", () => {
  it("does not say 'A payout is under way' beside one already paid: both are asked again until it settles", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let settled = false;
      answerRoutes({
        getPayoutAccount: () => ({ ...ACCOUNT, openPayoutId: settled ? null : 'p1' }),
        listPayouts: () => ({ payouts: [{ ...PAYOUT, status: settled ? 'paid' : 'sending', completedAt: null }], next: null }),
      });
      renderUi(<PayoutsCard />);
      expect((await screen.findByTestId('withdraw-block')).textContent).toBe('A payout is under way.');
      expect((await screen.findByTestId('payout-status')).textContent).toBe('Sending to PayPal');
      // PayPal pays it; the page, left open, follows.
      settled = true;
      await vi.advanceTimersByTimeAsync(PAYOUT_POLL_MS);
      await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Paid'));
      await waitFor(() => expect(screen.queryByTestId('withdraw-block')).toBeNull());
      expect((screen.getByTestId('withdraw-button') as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the PayPal address first, and saves it', async () => {
    let account: PayoutAccountView = { ...ACCOUNT, email: null };
    answerRoutes({
      getPayoutAccount: () => account,
      listPayouts: () => ({ payouts: [], next: null }),
      setPayoutAccount: ({ email }) => (account = { ...account, email: email as string }),
    });
    renderUi(<PayoutsCard />);
    fireEvent.change(await screen.findByLabelText('PayPal e-mail to be paid at'), { target: { value: 'paul@example.test' } });
    expect((screen.getByTestId('withdraw-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('withdraw-block').textContent).toBe('Add the PayPal address to be paid at first.');
    fireEvent.click(screen.getByTestId('payout-email-save'));
    expect((await screen.findByTestId('payout-address')).textContent).toContain('paul@example.test');
    expect(apiMock).toHaveBeenCalledWith('setPayoutAccount', { email: 'paul@example.test' });
    expect((await screen.findByTestId('payouts-empty')).textContent).toBe('No payouts yet.');
  });

  it('withdraws the whole available balance after asking, with a key that makes a double click one payout', async () => {
    answerRoutes({
      getPayoutAccount: () => ACCOUNT,
      listPayouts: () => ({ payouts: [PAYOUT], next: null }),
      createPayout: () => ({ ...PAYOUT, id: 'p2', amountCents: 2400, status: 'pending' }),
      getEarnings: () => ({ balanceCents: 0, availableCents: 0, heldCents: 0, pendingCents: 0, chargeback: null, entries: [] }),
    });
    renderUi(<PayoutsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw $24.00' }));
    const dialog = await screen.findByTestId('withdraw-dialog');
    expect(within(dialog).getByText('$24.00 will be sent to your PayPal account paul@example.test.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-dialog')).toBeNull());
    const call = apiMock.mock.calls.find(([name]) => name === 'createPayout')!;
    expect(call[1]).toEqual({ amountCents: 2400, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(screen.getByTestId('payout-status').textContent).toBe('Paid');
  });

  it('says why Withdraw is off', () => {
    expect(withdrawBlock(ACCOUNT)).toBeNull();
    expect(withdrawBlock({ ...ACCOUNT, availableCents: 999 })).toBe('You can withdraw once at least $10.00 is available.');
    expect(withdrawBlock({ ...ACCOUNT, held: { reason: 'Checking a chargeback', at: PAYOUT.createdAt } })).toBe(
      'Your payouts are on hold: Checking a chargeback',
    );
    expect(withdrawBlock({ ...ACCOUNT, openPayoutId: 'p1' })).toBe('A payout is under way.');
    expect(withdrawBlock({ ...ACCOUNT, pausedUntil: '2099-01-01T10:00:00.000Z' })).toMatch(
      /^Your payout address changed recently: payouts resume /,
    );
  });

  it('words each status of a payout', () => {
    expect(payoutStatusText({ status: 'sending', reason: null })).toBe('Sending to PayPal');
    expect(payoutStatusText({ status: 'pending', reason: null })).toBe('Pending at PayPal');
    expect(payoutStatusText({ status: 'failed', reason: 'RECEIVER_ACCOUNT_LOCKED' })).toBe(
      'Not paid: RECEIVER_ACCOUNT_LOCKED. The money is back in your balance.',
    );
    expect(payoutStatusText({ status: 'unclaimed', reason: null })).toBe(
      'Not claimed at that PayPal address. The money is back in your balance.',
    );
    expect(payoutStatusText({ status: 'returned', reason: null })).toBe('Returned by PayPal. The money is back in your balance.');
  });
});
