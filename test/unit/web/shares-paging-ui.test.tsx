// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareView } from '../../../shared/schemas/shares';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({ useRealtime: () => undefined }));
vi.mock('wavesurfer.js', () => import('../../support/fake-wavesurfer'));

import { FeedbackHub } from '../../../web/src/features/feedback/components/feedback-hub';
import { ReviewerTabs } from '../../../web/src/features/feedback/components/reviewer-tabs';
import { apiMock } from './amplify-mock';
import { shareView } from './fixtures';
import { renderUi } from './render';

/** A share made at minute `minute` of the day, by the musician (m1) or to them. */
function share(id: string, minute: number, mine: boolean, over: Partial<ShareView> = {}): ShareView {
  const at = `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const base = shareView();
  return {
    ...base,
    id,
    trackId: mine ? 't1' : 't9',
    trackTitle: `Song ${id}`,
    trackAudioUrl: 'audio/m1/song.mp3',
    trackPeaks: '',
    sharedByUserId: mine ? 'm1' : 'm2',
    sharedWithUserId: mine ? 'p1' : 'm1',
    sharedByName: mine ? 'Mia Musician' : 'Max Musician',
    sharedByUsername: mine ? 'mia' : 'max',
    sharedWithName: mine ? 'Quinn Peer' : 'Mia Musician',
    sharedWithUsername: mine ? 'quinnpeer' : 'mia',
    status: 'pending',
    shareOptions: { ...base.shareOptions, feedbackNotes: '' },
    paid: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  } as ShareView;
}

const renderWithQuery = (ui: React.ReactElement) => renderUi(ui, { url: '/dashboard' });

const shown = () => screen.queryAllByTestId('share-item').map((i) => i.getAttribute('data-share-id'));
const listCalls = () => apiMock.mock.calls.filter((c) => c[0] === 'listShares').map((c) => c[1] as { as: string; cursor?: string });

beforeEach(() => {
  apiMock.mockReset();
});

describe('paged requests lists', () => {
  it('the hub merges both sides only as far as both are loaded, and Load more adds below from the side behind', async () => {
    apiMock.mockImplementation(async (name: string, input: { as: string; cursor?: string }) => {
      if (name !== 'listShares') throw new Error(name);
      if (input.as === 'reviewer') return { shares: [share('r9', 9, false), share('r7', 7, false), share('r5', 5, false)], next: null };
      return input.cursor === 'c1'
        ? { shares: [share('a6', 6, true)], next: null }
        : { shares: [share('a10', 10, true), share('a8', 8, true)], next: 'c1' };
    });
    renderWithQuery(<FeedbackHub viewer={{ id: 'm1', type: 'musician' }} />);
    // The author side may still hold requests between 8 and 7: those after a8 wait for its next page.
    await waitFor(() => expect(shown()).toEqual(['a10', 'r9', 'a8']));
    fireEvent.click(screen.getByRole('button', { name: 'Load more requests' }));
    await waitFor(() => expect(shown()).toEqual(['a10', 'r9', 'a8', 'r7', 'a6', 'r5']));
    expect(listCalls()).toEqual([{ as: 'author' }, { as: 'reviewer' }, { as: 'author', cursor: 'c1' }]);
    expect(screen.queryByRole('button', { name: 'Load more requests' })).toBeNull();
  });

  it("Tracks to Rate counts what is loaded ('2+'), loads the next page, and an answer updates the share in its page", async () => {
    let answered = false;
    apiMock.mockImplementation(async (name: string, input: { status?: string; cursor?: string; id?: string }) => {
      if (name === 'respondToShare') {
        answered = true;
        return share(input.id!, 3, false, { status: 'accepted' });
      }
      if (name === 'getShare') return { share: share(input.id!, 3, false), feedback: null, comments: [], ranking: null };
      if (name !== 'listShares') throw new Error(name);
      if (input.status === 'completed') return { shares: [], next: null };
      return input.cursor
        ? { shares: [share('s3', 3, false, answered ? { status: 'accepted' } : {})], next: null }
        : { shares: [share('s5', 5, false), share('s4', 4, false)], next: 'p2' };
    });
    renderWithQuery(<ReviewerTabs viewer={{ id: 'm1', type: 'pro' }} />);
    await waitFor(() => expect(shown()).toEqual(['s5', 's4']));
    expect(screen.getByTestId('tab-rate').textContent).toBe('Tracks to Rate2+');
    fireEvent.click(screen.getByTestId('to-rate-list-more'));
    await waitFor(() => expect(shown()).toEqual(['s5', 's4', 's3']));
    expect(screen.getByTestId('tab-rate').textContent).toBe('Tracks to Rate3');
    const last = screen.getAllByTestId('share-item')[2];
    fireEvent.click(within(last).getByRole('button', { name: 'Open Song s3' }));
    fireEvent.click(await within(last).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(screen.getAllByTestId('share-item')[2]).getByTestId('share-status').textContent).toBe('Accepted'));
    // Refetching the pages after the answer keeps both of them, the second from the first's cursor.
    await waitFor(() => expect(listCalls().filter((c) => c.cursor === 'p2').length).toBe(2));
    expect(shown()).toEqual(['s5', 's4', 's3']);
  });

  it('a link to a share older than the first page loads on until it shows, and opens it', async () => {
    window.location.hash = '#share-s1';
    try {
      apiMock.mockImplementation(async (name: string, input: { status?: string; cursor?: string; id?: string }) => {
        if (name === 'getShare') return { share: share(input.id!, 1, false), feedback: null, comments: [], ranking: null };
        if (name !== 'listShares') throw new Error(name);
        if (input.status === 'completed') return { shares: [], next: null };
        if (!input.cursor) return { shares: [share('s5', 5, false), share('s4', 4, false)], next: 'p2' };
        return input.cursor === 'p2'
          ? { shares: [share('s3', 3, false), share('s2', 2, false)], next: 'p3' }
          : { shares: [share('s1', 1, false)], next: null };
      });
      renderWithQuery(<ReviewerTabs viewer={{ id: 'm1', type: 'pro' }} />);
      await waitFor(() => expect(shown()).toEqual(['s5', 's4', 's3', 's2', 's1']));
      const linked = screen.getAllByTestId('share-item')[4];
      await waitFor(() => expect(linked.className).toContain('is-open'));
    } finally {
      window.location.hash = '';
    }
  });
});
