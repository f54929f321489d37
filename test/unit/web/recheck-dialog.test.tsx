// @vitest-environment happy-dom
/**
 * The re-check dialog says what the re-check costs before its button, from the server's quote (the rule the
 * request is held to): a pro's price, paid on the next step, or free.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { RequestRecheck } from '../../../web/src/features/feedback/components/recheck-dialog';
import { answerRoutes } from './amplify-mock';
import { shareView } from './fixtures';
import { renderUi } from './render';

const share = shareView({ id: 'share-1', trackId: 'track-1', status: 'completed', sharedWithName: 'Pat Pro' });

async function opened(feedbackPriceCents: number) {
  answerRoutes({
    listTrackVersions: () => ({ versions: [] }),
    getRecheckQuote: (input) => {
      expect(input).toEqual({ id: 'share-1' });
      return { feedbackPriceCents };
    },
  });
  renderUi(<RequestRecheck share={share} />);
  await act(async () => fireEvent.click(screen.getByTestId('recheck-open')));
  return screen.findByTestId('recheck-price');
}

describe('the re-check dialog', () => {
  it("says a pro's re-check price before the button", async () => {
    expect((await opened(1500)).textContent).toBe('A re-check by Pat Pro costs $15.00, paid on the next step.');
  });

  it('says when the re-check is free', async () => {
    expect((await opened(0)).textContent).toBe('A re-check by Pat Pro is free.');
  });
});
