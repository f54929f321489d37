// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiFeedbackAssistant } from '../../../web/src/features/dashboard/components/ai-feedback-assistant';
import { JourneyToPro } from '../../../web/src/features/dashboard/components/journey-to-pro';
import { MusicianExperience } from '../../../web/src/features/dashboard/components/musician-experience';
import { ProExperience } from '../../../web/src/features/dashboard/components/pro-experience';
import { TracksToRateFigures } from '../../../web/src/features/feedback/components/tracks-to-rate-figures';
import { apiMock } from './amplify-mock';
import { shareView, userView } from './fixtures';
import { renderUi } from './render';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({ useRealtime: () => undefined }));

afterEach(cleanup);

describe('the home views', () => {
  const createdAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
  const HOUR = 60 * 60 * 1000;

  it("greet a new account with 'Welcome', and 'Welcome back' once it is a day old", () => {
    const subtitle = () => screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent;
    renderUi(<MusicianExperience user={userView({ createdAt: createdAgo(2 * HOUR) })} />, { url: null });
    expect(subtitle()).toBe('Welcome, Mia.');
    cleanup();
    renderUi(<ProExperience user={userView({ type: 'pro', fullName: ' ', createdAt: createdAgo(60_000) })} />, { url: null });
    expect(subtitle()).toBe('Welcome.');
    cleanup();
    renderUi(<MusicianExperience user={userView({ createdAt: createdAgo(25 * HOUR) })} />, { url: null });
    expect(subtitle()).toBe('Welcome back, Mia.');
    cleanup();
    renderUi(<ProExperience user={userView({ type: 'pro', fullName: 'Quinn Peer', createdAt: createdAgo(30 * 24 * HOUR) })} />, {
      url: null,
    });
    expect(subtitle()).toBe('Welcome back, Quinn.');
  });
});

describe('Your Journey to Pro', () => {
  it('shows its placeholder figures and no progress bar claiming progress they do not show', () => {
    render(<JourneyToPro />);
    const panel = screen.getByTestId('journey-to-pro');
    expect(within(panel).getByRole('heading', { name: 'Your Journey to Pro' })).toBeTruthy();
    expect(within(panel).getByText('Coming Soon')).toBeTruthy();
    const stats = within(panel).getAllByTestId('journey-stat');
    expect(stats).toHaveLength(4);
    for (const s of stats) expect(s.textContent).toBe('—Not available yet');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(panel.querySelector('.progress, [style*="width"]')).toBeNull();
  });
});

describe("the pro's Technical Analysis", () => {
  it('lists the tracks to rate that have a report, with their loudness, true peak and range; the other cards stay Coming Soon', async () => {
    const report = {
      integratedLufs: -8.46,
      loudnessRange: 5.2,
      truePeakDbtp: 0.31,
      samplePeakDbfs: -0.1,
      clippedSamples: 0,
      dcOffset: 0,
      stereoCorrelation: 0.9,
    };
    apiMock.mockImplementation(async (name: string, input: Record<string, string>) => {
      expect(name).toBe('listShares');
      expect(input).toMatchObject({ as: 'reviewer', status: 'pending,accepted' });
      return {
        shares: [shareView({ trackTitle: 'Loud One', trackReport: report }), shareView({ trackTitle: 'Old One', trackReport: null })],
        next: null,
      };
    });
    renderUi(<AiFeedbackAssistant analysis={<TracksToRateFigures />} />, { url: null });
    const card = screen.getByTestId('technical-analysis');
    expect(within(card).queryByText('Coming Soon')).toBeNull();
    expect(screen.getAllByText('Coming Soon')).toHaveLength(2);
    const list = await within(card).findByTestId('technical-analysis-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Loud One-8.5 LUFS, 0.3 dBTP, range 5.2 LU']);
  });
});
