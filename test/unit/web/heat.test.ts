/** Where reviewers agree: comments counted into stretches of the track. */
import { describe, expect, it } from 'vitest';
import { heatBins } from '../../../web/src/features/feedback/utils/heat';

const comment = (id: string, timestamp: number | null, tags: string[] = [], endTimestamp?: number) => ({
  id,
  timestamp,
  endTimestamp,
  text: id,
  tags,
});

describe('the heat strip', () => {
  it('counts each comment in the stretches it covers, with how many reviewers and their main category', () => {
    const bins = heatBins(
      [
        {
          shareId: 's1',
          reviewerName: 'Quinn',
          comments: [comment('a', 10.5, ['#Mixing']), comment('g', null), comment('r', 0, ['#Rhythm'], 20)],
        },
        { shareId: 's2', reviewerName: 'Petra', comments: [comment('b', 11, ['#Mixing']), comment('c', 59.9, ['#Vocal'])] },
      ],
      60,
      6,
    );
    expect(bins.map((b) => b.count)).toEqual([1, 3, 0, 0, 0, 1]);
    expect(bins[1]).toMatchObject({ start: 10, end: 20, reviewers: 2, category: 'mixing', heat: 1 });
    expect(bins[1].comments.map((c) => c.id).sort()).toEqual(['a', 'b', 'r']);
    // A range ending on a stretch's start does not spill into it; general comments are nowhere.
    expect(bins[2].count).toBe(0);
    expect(bins[5]).toMatchObject({ category: 'vocal', heat: 1 / 3 });
  });

  it('is empty and cool with no timed comments', () => {
    const bins = heatBins([{ shareId: 's1', reviewerName: 'Q', comments: [comment('g', null)] }], 30, 3);
    expect(bins.every((b) => b.count === 0 && b.heat === 0 && b.category === null)).toBe(true);
  });
});
