// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressFollowsTracks } from '../../../web/src/app/routes/dashboard';
import { useProgress } from '../../../web/src/features/dashboard/api/progress';
import { AiFeedbackAssistant } from '../../../web/src/features/dashboard/components/ai-feedback-assistant';
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
    // The panels below the header read their figures once shown; this test reads only the header.
    apiMock.mockImplementation(() => new Promise(() => {}));
    renderUi(<MusicianExperience user={userView({ createdAt: createdAgo(2 * HOUR) })} />);
    expect(subtitle()).toBe('Welcome, Mia.');
    cleanup();
    renderUi(<ProExperience user={userView({ type: 'pro', fullName: ' ', createdAt: createdAgo(60_000) })} />, { url: null });
    expect(subtitle()).toBe('Welcome.');
    cleanup();
    renderUi(<MusicianExperience user={userView({ createdAt: createdAgo(25 * HOUR) })} />);
    expect(subtitle()).toBe('Welcome back, Mia.');
    cleanup();
    renderUi(<ProExperience user={userView({ type: 'pro', fullName: 'Quinn Peer', createdAt: createdAgo(30 * 24 * HOUR) })} />, {
      url: null,
    });
    expect(subtitle()).toBe('Welcome back, Quinn.');
  });
});

describe("the pro's home view", () => {
  it('puts the requests waiting (the review tabs) above their own tracks', () => {
    apiMock.mockImplementation(() => new Promise(() => {}));
    renderUi(
      <ProExperience
        user={userView({ type: 'pro' })}
        tracks={<section aria-label="Tracks" />}
        reviews={<section aria-label="Reviews" />}
      />,
      { url: null },
    );
    const [reviews, tracks] = [screen.getByRole('region', { name: 'Reviews' }), screen.getByRole('region', { name: 'Tracks' })];
    expect(reviews.compareDocumentPosition(tracks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("the musician's figures", () => {
  it("ask again when the track list's count changes: 'Tracks Uploaded' follows an upload", async () => {
    let total = 1;
    apiMock.mockClear();
    apiMock.mockImplementation(async (name: string) => (name === 'listTracks' ? { tracks: [], next: null, total } : { tracks: total }));
    function Figures() {
      useProgress();
      return <ProgressFollowsTracks />;
    }
    const { client } = renderUi(<Figures />, { url: null });
    const asked = () => apiMock.mock.calls.filter(([name]) => name === 'getProgress').length;
    await waitFor(() => expect(apiMock.mock.calls.some(([name]) => name === 'listTracks')).toBe(true));
    await waitFor(() => expect(asked()).toBe(1));
    total = 2;
    await client.invalidateQueries({ queryKey: ['tracks'] });
    await waitFor(() => expect(asked()).toBe(2));
  });
});

describe("the pro's Technical Analysis", () => {
  it('lists the tracks to rate that have a report, with their loudness, true peak and range; no card is Coming Soon any more', async () => {
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
      if (name === 'getSuggestionUsage') return { used: 0, lastUsedAt: null };
      if (name === 'listTemplates') return { templates: [] };
      expect(name).toBe('listShares');
      expect(input).toMatchObject({ as: 'reviewer', status: 'pending,accepted' });
      return {
        shares: [shareView({ trackTitle: 'Loud One', trackReport: report }), shareView({ trackTitle: 'Old One', trackReport: null })],
        next: null,
      };
    });
    renderUi(<AiFeedbackAssistant analysis={<TracksToRateFigures />} />, { url: null });
    const card = screen.getByTestId('technical-analysis');
    expect(screen.queryByText('Coming Soon')).toBeNull();
    const list = await within(card).findByTestId('technical-analysis-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Loud One-8.5 LUFS, 0.3 dBTP, range 5.2 LU']);
  });
});
