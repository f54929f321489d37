/** What a re-check is asked on: its points, the previous review's comments up to its submission, capped. */
import { describe, expect, it } from 'vitest';
import { checkRecheck, MAX_CHECKLIST_POINTS } from '../../../functions/feedback/recheck-requests.js';
import type { ShareBundle } from '../../../functions/feedback/data/shares.js';
import type { TrackRecord } from '../../../functions/tracks/data/tracks.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s)).toISOString();
const comment = (id: string, userId: string, timestamp: number | null, createdAt: string) =>
  ({
    id,
    shareId: 's1',
    trackId: 't1',
    userId,
    timestamp,
    text: id,
    tags: [],
    createdAt,
    updatedAt: createdAt,
  }) as ShareBundle['comments'][number];

function previous(comments: ShareBundle['comments']): ShareBundle {
  return {
    share: { id: 's1', trackId: 't1', sharedByUserId: 'mia', sharedWithUserId: 'quinn', sharedWithName: 'Quinn', status: 'completed' },
    feedback: { criteria: {}, comment: null, userId: 'quinn', createdAt: at(50) },
    comments,
  } as unknown as ShareBundle;
}
const v2 = { id: 't2', stackId: 't1', version: 2 } as TrackRecord;

describe("a re-check's points", () => {
  it("are the reviewer's comments up to the submission, in time order, not the musician's nor later answers", () => {
    const { points } = checkRecheck(
      'mia',
      previous([
        comment('late', 'quinn', 30, at(10)),
        comment('early', 'quinn', 5, at(11)),
        comment('general', 'quinn', null, at(12)),
        comment('question', 'mia', 6, at(13)),
        comment('answer', 'quinn', 6, at(60)),
      ]),
      v2,
      'quinn',
    );
    expect(points).toEqual(['early', 'late', 'general']);
  });

  it(`take at most ${MAX_CHECKLIST_POINTS}, the first in time, so the checklist's one item stays small`, () => {
    const many = Array.from({ length: 250 }, (_, i) => comment(`c${i}`, 'quinn', 249 - i, at(1)));
    const { points } = checkRecheck('mia', previous(many), v2, 'quinn');
    expect(points).toHaveLength(MAX_CHECKLIST_POINTS);
    expect(points[0]).toBe('c249');
  });

  it('refuse a version that is not later, another reviewer, or a request not the caller’s', () => {
    const bundle = previous([comment('a', 'quinn', 1, at(1))]);
    expect(() => checkRecheck('mia', bundle, { id: 't1', version: undefined } as TrackRecord, 'quinn')).toThrow(/later version/);
    expect(() => checkRecheck('mia', bundle, v2, 'petra')).toThrow(/reviewer of the first review, Quinn/);
    expect(() => checkRecheck('otto', bundle, v2, 'quinn')).toThrow(/not written for you/);
    expect(() => checkRecheck('mia', null, v2, 'quinn')).toThrow(/not found/);
  });
});
