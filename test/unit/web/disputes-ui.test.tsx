// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputeQueue } from '../../../shared/schemas/disputes';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { AdminDisputesRoute } from '../../../web/src/app/routes/admin';
import { answerRoutes } from './amplify-mock';
import { commentView, shareView } from './fixtures';
import { renderUi } from './render';

type Case = DisputeQueue['disputes'][number];

/** Mia's report of Quinn's paid review of share `id`, with a comment at a moment, one over a range and a general one. */
const reported = (id: string, over: Partial<Case['dispute']> = {}): Case => ({
  dispute: {
    shareId: id,
    reason: 'generic',
    text: null,
    status: 'open',
    openedAt: '2026-02-01T10:00:00.000Z',
    resolvedAt: null,
    resolution: null,
    ...over,
  },
  share: shareView({ id, status: 'completed', paid: { amountCents: 3000, respondBy: null, completeDays: 7 } }),
  feedback: { criteria: { mixingMastering: 2 }, comment: 'Fine.', userId: 'p1', createdAt: '2026-01-30T10:00:00.000Z' },
  comments: [
    commentView('c1', 12, { shareId: id, text: 'Kick' }),
    commentView('c2', 72, { shareId: id, endTimestamp: 86, text: 'The build' }),
    commentView('c3', null, { shareId: id, text: 'Overall' }),
  ],
  listening: { heard: '', heardSeconds: 60, sessions: 1, requiredSeconds: 60 },
});

let open: Case[];
let decided: Case[];
beforeEach(() => {
  open = [reported('s1')];
  decided = [];
  answerRoutes({
    listDisputes: () => ({ disputes: open, next: null }),
    listDecidedDisputes: () => ({ disputes: decided, next: null }),
  });
});

const panel = (testId: string) => within(screen.getByTestId(testId));

describe('The disputes page', () => {
  it("places each reviewer comment as the review does: a moment, a range by both ends, or 'General'", async () => {
    renderUi(<AdminDisputesRoute />);
    await screen.findAllByTestId('dispute-comment-place');
    expect(screen.getAllByTestId('dispute-comment-place').map((e) => e.textContent)).toEqual(['0:12', '1:12-1:26', 'General']);
  });

  it('lists the decided reports under the queue, each with what was decided, when and why', async () => {
    decided = [
      reported('s2', { status: 'rejected', resolvedAt: '2026-02-03T09:00:00.000Z', resolution: 'Blunt, not abusive.' }),
      reported('s3', { status: 'refunded', resolvedAt: '2026-02-02T09:00:00.000Z' }),
    ];
    renderUi(<AdminDisputesRoute />);
    const list = panel('decided-disputes-panel');
    await list.findAllByTestId('dispute-decision');
    expect(list.getAllByTestId('dispute-decision').map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^Rejected on .+: “Blunt, not abusive\.”$/),
      expect.stringMatching(/^Refunded in full on \S/),
    ]);
    // Decided: nothing left to choose.
    expect(list.queryByTestId('dispute-refund')).toBeNull();
    expect(panel('disputes-panel').getAllByTestId('dispute-refund')).toHaveLength(1);
  });

  it('says so when nothing has been decided yet', async () => {
    renderUi(<AdminDisputesRoute />);
    expect((await screen.findByTestId('decided-disputes-empty')).textContent).toBe('No report has been decided yet.');
  });
});
