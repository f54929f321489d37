import { describe, expect, it } from 'vitest';
import { progressAdds } from '../../../functions/feedback/data/progress.js';
import { toProgressView } from '../../../functions/feedback/progress.js';
import { PROGRESS_MONTHS, PROGRESS_TOP_CATEGORIES } from '../../../shared/schemas/progress.js';

/** The progress item after these reviews, as DynamoDB's ADDs would leave it. */
function after(reviews: { month: string; criteria: Record<string, number>; tags: string[] }[]) {
  const item: Record<string, number> = {};
  for (const r of reviews) for (const [name, by] of Object.entries(progressAdds(r))) item[name] = (item[name] ?? 0) + by;
  return item;
}

describe("a musician's progress figures", () => {
  it('average each criterion by month and overall, one decimal, over the reviews that scored it', () => {
    const view = toProgressView(
      after([
        { month: '2025-01', criteria: { mixingMastering: 2, energyImpact: 5 }, tags: ['#Mixing', '#Mixing'] },
        { month: '2025-01', criteria: { mixingMastering: 3 }, tags: [] },
        { month: '2025-03', criteria: { mixingMastering: 5, vocalsLyrics: 4 }, tags: ['#Vocal'] },
      ]),
      7,
    );
    expect(view).toEqual({
      tracks: 7,
      reviews: 3,
      averages: { mixingMastering: 3.3, compositionArrangement: null, vocalsLyrics: 4, energyImpact: 5 },
      months: [
        { month: '2025-01', averages: { mixingMastering: 2.5, compositionArrangement: null, vocalsLyrics: null, energyImpact: 5 } },
        { month: '2025-03', averages: { mixingMastering: 5, compositionArrangement: null, vocalsLyrics: 4, energyImpact: null } },
      ],
      categories: [
        { tag: '#Mixing', count: 2 },
        { tag: '#Vocal', count: 1 },
      ],
    });
  });

  it(`keep the latest ${PROGRESS_MONTHS} months with scores and the ${PROGRESS_TOP_CATEGORIES} most used tags`, () => {
    const tags = ['#Melody', '#Harmony', '#Rhythm', '#Bassline', '#Arrangement', '#Mixing', '#Vocal'];
    const view = toProgressView(
      after(
        Array.from({ length: 9 }, (_, i) => ({
          month: `2024-${String(i + 1).padStart(2, '0')}`,
          criteria: { energyImpact: 3 },
          tags: tags.slice(0, Math.min(i + 1, tags.length)),
        })),
      ),
      0,
    );
    expect(view.months.map((m) => m.month)).toEqual(['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09']);
    expect(view.categories.map((c) => c.tag)).toEqual(['#Melody', '#Harmony', '#Rhythm', '#Bassline', '#Arrangement']);
    expect(view.averages.energyImpact).toBe(3);
  });
});
