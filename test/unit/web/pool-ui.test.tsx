// @vitest-environment happy-dom
/** A musician's Snip Pro requests still finding their reviewer: what each says, and withdrawing one. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import type { WaitingPoolRequestView } from '../../../shared/schemas/pool';
import { FindingReviewer } from '../../../web/src/features/pool/components/finding-reviewer';
import { ApiError } from '../../../web/src/lib/api-client';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi } from './render';

const waiting = (over: Partial<WaitingPoolRequestView> = {}): WaitingPoolRequestView => ({
  orderId: 'ORDER1',
  trackTitle: 'Night Bus',
  genre: 'Electronic / Dance',
  claimUntil: '2026-03-03T12:00:00.000Z',
  offeredNow: 3,
  offeredInAll: 5,
  paidAt: '2026-03-01T12:00:00.000Z',
  ...over,
});

beforeEach(() => {
  apiMock.mockReset();
});

describe('finding your reviewer', () => {
  it('shows nothing with no request waiting', async () => {
    answerRoutes({ listWaitingPoolRequests: () => ({ requests: [] }) });
    const { container } = renderUi(<FindingReviewer />, { url: null });
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('listWaitingPoolRequests', {}));
    expect(container.textContent).toBe('');
  });

  it('withdraws a request after a confirmation that says the refund, and lists again', async () => {
    let list = [waiting()];
    answerRoutes({
      listWaitingPoolRequests: () => ({ requests: list }),
      withdrawPoolRequest: (input) => {
        list = [];
        return { orderId: input.orderId, status: 'refunded', refundReason: 'withdrawn' };
      },
    });
    renderUi(<FindingReviewer />, { url: null });
    const item = await screen.findByTestId('pool-waiting');
    expect(item.textContent).toContain('Snip Pro · Electronic / Dance · offered to 3 of 5 pros so far');
    fireEvent.click(within(item).getByRole('button', { name: 'Withdraw the request for "Night Bus"' }));
    const dialog = screen.getByTestId('withdraw-pool-dialog');
    expect(dialog.textContent).toContain(
      '"Night Bus" is no longer offered to pros, and the $15 you paid goes back to your PayPal account in full.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw and refund' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('withdrawPoolRequest', { orderId: 'ORDER1' }));
    await waitFor(() => expect(screen.queryByTestId('finding-reviewer')).toBeNull());
  });

  it('says so when a pro took it first, and keeps the dialog until closed', async () => {
    answerRoutes({
      listWaitingPoolRequests: () => ({ requests: [waiting()] }),
      withdrawPoolRequest: () => {
        throw new ApiError(409, 'pool_taken', 'A pro has taken this request already: it goes on as any paid request');
      },
    });
    renderUi(<FindingReviewer />, { url: null });
    fireEvent.click(within(await screen.findByTestId('pool-waiting')).getByRole('button', { name: /^Withdraw/ }));
    const dialog = screen.getByTestId('withdraw-pool-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw and refund' }));
    await within(dialog).findByText('A pro has taken this request already: it goes on as any paid request');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('withdraw-pool-dialog')).toBeNull());
  });
});
