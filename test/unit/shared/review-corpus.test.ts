/**
 * The floor that reads, held to a corpus of paid reviews (test/fixtures/reviews/corpus.json): every good
 * review is accepted and every junk one refused. Each review meets the counted floor (listening, scores,
 * three comments in the thirds, a 40-word general comment), so a junk review is refused for what it says.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyHeard, markHeard, reviewChecklist, type ReviewState } from '../../../shared/review.js';

type Written = { comments: [number, string][]; general: string; why?: string };
const corpus = JSON.parse(fs.readFileSync(new URL('../../fixtures/reviews/corpus.json', import.meta.url), 'utf8')) as {
  good: Written[];
  junk: Written[];
};

const DURATION = 180;
const READING_KEYS = ['specific', 'repeated', 'varied'];

const heard = emptyHeard(DURATION);
markHeard(heard, [[0, DURATION]], DURATION);

const missing = (r: Written) => {
  const state: ReviewState = {
    paid: true,
    duration: DURATION,
    criteria: { mixingMastering: 3, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 4 },
    comments: r.comments.map(([timestamp, text]) => ({ timestamp, tags: [], text })),
    general: r.general,
    heard,
  };
  return reviewChecklist(state).filter((i) => !i.done);
};

describe('the floor that reads, on the corpus', () => {
  it(`accepts every good review (${corpus.good.length})`, () => {
    const refused = corpus.good.map((r, i) => ({ i, missing: missing(r).map((m) => m.label) })).filter((r) => r.missing.length);
    expect(refused).toEqual([]);
  });

  it(`refuses every junk review (${corpus.junk.length}), for what it says and nothing else`, () => {
    for (const r of corpus.junk) {
      const keys = missing(r).map((m) => m.key);
      expect(keys.length, r.why).toBeGreaterThan(0);
      expect(
        keys.filter((k) => !READING_KEYS.includes(k)),
        r.why,
      ).toEqual([]);
    }
  });
});
