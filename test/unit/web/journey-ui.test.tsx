// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProgressView } from '../../../shared/schemas/progress';
import { AiFeedbackAssistant, usageText } from '../../../web/src/features/dashboard/components/ai-feedback-assistant';
import { APPLICATION_ASKS, JourneyToPro } from '../../../web/src/features/dashboard/components/journey-to-pro';
import { answerRoutes } from './amplify-mock';
import { renderUi } from './render';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

const none = { mixingMastering: null, compositionArrangement: null, vocalsLyrics: null, energyImpact: null };
const progress = (over: Partial<ProgressView> = {}): ProgressView => ({
  tracks: 0,
  reviews: 0,
  averages: none,
  months: [],
  categories: [],
  ...over,
});

describe('Your Journey to Pro', () => {
  it("shows the musician's own figures: counts, averages by month as a chart with a table, the categories reviewers use most", async () => {
    answerRoutes({
      getProgress: () =>
        progress({
          tracks: 5,
          reviews: 3,
          averages: { mixingMastering: 3.5, compositionArrangement: 4, vocalsLyrics: null, energyImpact: 4.5 },
          months: [
            { month: '2025-02', averages: { mixingMastering: 3, compositionArrangement: 4, vocalsLyrics: null, energyImpact: 4 } },
            { month: '2025-03', averages: { mixingMastering: 4, compositionArrangement: null, vocalsLyrics: null, energyImpact: 5 } },
          ],
          categories: [
            { tag: '#Mixing', count: 4 },
            { tag: '#Vocal', count: 1 },
          ],
        }),
    });
    renderUi(<JourneyToPro application={null} />);
    const panel = screen.getByTestId('journey-to-pro');
    expect(within(panel).queryByText('Coming Soon')).toBeNull();
    const stats = await within(panel).findAllByTestId('journey-stat');
    expect(stats.map((s) => s.textContent)).toEqual(['5', '3', '4 / 5', 'Mixing']);

    // The picture (its code loaded when there are scores) is hidden from screen readers; the table says the same.
    const chart = await within(panel).findByTestId('journey-chart');
    expect(chart.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelectorAll('polyline')).toHaveLength(2);
    const table = within(panel).getByRole('table', { name: /Average score out of 5/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Month', 'Mixing & Mastering', 'Composition & Arrangement', 'Vocals & Lyrics', 'Energy & Impact'],
      ['Feb 2025', '3', '4', 'Not scored', '4'],
      ['Mar 2025', '4', 'Not scored', 'Not scored', '5'],
    ]);
    const categories = within(panel).getByTestId('journey-categories');
    expect([...categories.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Mixing4 comments', 'Vocal1 comment']);
    expect(within(panel).queryByTestId('journey-empty')).toBeNull();
  });

  it('says what comes with the first review, what the pro application asks for, and links to it on the profile', async () => {
    answerRoutes({ getProgress: () => progress({ tracks: 1 }) });
    renderUi(<JourneyToPro application={null} />);
    const panel = screen.getByTestId('journey-to-pro');
    expect((await within(panel).findByTestId('journey-empty')).textContent).toMatch(/^No reviews yet/);
    expect(
      within(panel)
        .getAllByTestId('journey-stat')
        .map((s) => s.textContent),
    ).toEqual(['1', '0', '—No scores yet', '—No tagged comments yet']);
    expect(within(panel).queryByTestId('journey-chart')).toBeNull();
    const apply = within(panel).getByTestId('journey-apply');
    expect([...apply.querySelectorAll('li')].map((li) => li.textContent)).toEqual(APPLICATION_ASKS);
    expect(APPLICATION_ASKS[1]).toBe('Your cost range for a review, from $0 to $200');
    expect(within(apply).getByRole('link', { name: 'Apply on your profile' }).getAttribute('href')).toBe('/profile');
  });

  it('says an application is with the team instead of offering another', async () => {
    answerRoutes({ getProgress: () => progress() });
    renderUi(<JourneyToPro application="pending" />);
    expect(await screen.findByText('Your application is with our team.')).toBeTruthy();
    expect(screen.queryByTestId('journey-apply-link')).toBeNull();
  });

  it('offers Try again when the figures cannot be read', async () => {
    answerRoutes({
      getProgress: () => {
        throw new Error('Network down');
      },
    });
    renderUi(<JourneyToPro application={null} />);
    expect((await screen.findByTestId('journey-error')).textContent).toContain('Try again');
  });
});

describe('Smart Suggestions', () => {
  it('says how to use AI Suggest and how often the pro has', async () => {
    answerRoutes({
      getSuggestionUsage: () => ({ used: 12, lastUsedAt: '2025-03-04T10:00:00.000Z' }),
      listTemplates: () => ({ templates: [] }),
    });
    renderUi(<AiFeedbackAssistant />, { url: null });
    const card = screen.getByTestId('smart-suggestions');
    expect(within(card).queryByText('Coming Soon')).toBeNull();
    expect(card.textContent).toContain('choose AI Suggest under the comment box');
    expect((await within(card).findByText(/used AI Suggest 12 times/)).textContent).toMatch(/^You have used AI Suggest 12 times, last on /);
  });

  it('counts in words', () => {
    expect(usageText(0, null)).toBe('You have not used AI Suggest yet.');
    expect(usageText(1, null)).toBe('You have used AI Suggest once.');
    expect(usageText(2, null)).toBe('You have used AI Suggest twice.');
  });
});
