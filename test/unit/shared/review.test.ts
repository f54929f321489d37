import { describe, expect, it } from 'vitest';
import {
  countHeard,
  decodeHeard,
  emptyHeard,
  encodeHeard,
  heardAt,
  heardRanges,
  listeningSummary,
  markHeard,
  requiredHeardSeconds,
  reviewChecklist,
  similarity,
  trigrams,
  unexplainedPoints,
  wordCount,
  type ReviewState,
} from '../../../shared/review.js';
import { criteriaAsked } from '../../../shared/feedback.js';

const heardOver = (duration: number, ranges: [number, number][]) => {
  const heard = emptyHeard(duration);
  markHeard(heard, ranges, duration);
  return heard;
};

describe('the seconds heard', () => {
  it('marks each second a range mostly covers, clipped to the track, in one bit each', () => {
    const heard = heardOver(240, [
      [10.3, 20.7],
      [-5, 2],
      [230, 9999],
    ]);
    expect(heard.length).toBe(30);
    expect(heardRanges(heard, 240)).toEqual([
      [0, 2],
      [10, 21],
      [230, 240],
    ]);
    expect(countHeard(heard)).toBe(2 + 11 + 10);
    expect(decodeHeard(encodeHeard(heard), 240)).toEqual(heard);
  });

  it('a comment sits on a heard second: its own, or the one before (written on pause)', () => {
    const heard = heardOver(60, [[10, 20]]);
    expect(heardAt(heard, 10)).toBe(true);
    expect(heardAt(heard, 20.2)).toBe(true);
    expect(heardAt(heard, 21.5)).toBe(false);
    expect(heardAt(heard, 9.9)).toBe(false);
  });

  it('asks 80% of the track, of 20 minutes at most', () => {
    expect(requiredHeardSeconds(240)).toBe(192);
    expect(requiredHeardSeconds(4 * 3600)).toBe(960);
    expect(requiredHeardSeconds(1)).toBe(1);
  });

  it('says it as the review shows it', () => {
    expect(listeningSummary(221, 240, 2)).toBe('Listened to 92% (3:41 of 4:00), 2 sessions, reported by the player');
    expect(listeningSummary(5, 10, 1)).toBe('Listened to 50% (0:05 of 0:10), 1 session, reported by the player');
    // A length of 150.6 s is 2:30 here as on the player, all of its 151 counted seconds heard or not.
    expect(listeningSummary(151, 150.6, 1)).toBe('Listened to 100% (2:30 of 2:30), 1 session, reported by the player');
    expect(listeningSummary(150, 150.6, 1)).toBe('Listened to 99% (2:30 of 2:30), 1 session, reported by the player');
  });
});

describe('the checklist of a review', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  /** A comment at `timestamp` that says something of its own. */
  const said = (timestamp: number | null, tags: string[] = []) => ({
    timestamp,
    tags,
    text: `Kick ${timestamp} buried under bass ${timestamp}`,
  });
  const full: ReviewState = {
    paid: true,
    duration: 90,
    criteria: { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 4, energyImpact: 4 },
    comments: [5, 45, 80].map((t) => said(t)),
    general: words(40),
    heard: heardOver(90, [[0, 90]]),
  };
  const missing = (r: ReviewState) =>
    reviewChecklist(r)
      .filter((i) => !i.done)
      .map((i) => i.key);

  it('a paid review that meets every rule misses nothing', () => {
    expect(missing(full)).toEqual([]);
  });

  it('names each rule a paid review misses', () => {
    expect(missing({ ...full, heard: heardOver(90, [[0, 60]]) })).toEqual(['listened', 'heard']);
    expect(missing({ ...full, criteria: { mixingMastering: 4 } })).toEqual(['criteria']);
    expect(missing({ ...full, comments: full.comments.slice(0, 2) })).toEqual(['comments', 'thirds']);
    // Three comments in the same second are one moment.
    expect(missing({ ...full, comments: [5, 5.2, 5.9].map((t) => said(t)) })).toEqual(['comments', 'thirds']);
    expect(missing({ ...full, comments: [5, 10, 15].map((t) => said(t)) })).toEqual(['thirds']);
    expect(missing({ ...full, general: words(39) })).toEqual(['general']);
    expect(missing({ ...full, criteria: { ...full.criteria, energyImpact: 2 } })).toEqual(['why:energyImpact']);
    expect(
      missing({
        ...full,
        criteria: { ...full.criteria, energyImpact: 2 },
        comments: [...full.comments, said(null, ['#Rhythm'])],
      }),
    ).toEqual([]);
  });

  it('no thirds for a track of a minute or less, and as many moments as a very short track has', () => {
    const short = {
      ...full,
      duration: 60,
      heard: heardOver(60, [[0, 60]]),
      comments: [1, 2, 3].map((t) => said(t)),
    };
    expect(missing(short)).toEqual([]);
    const tiny = { ...full, duration: 1, heard: heardOver(1, [[0, 1]]), comments: [said(0)] };
    expect(missing(tiny)).toEqual([]);
  });

  it('reads the words: a comment of praise alone, a phrase said twice, a general comment of a few words again', () => {
    const thin = reviewChecklist({ ...full, comments: [{ timestamp: 5, tags: [], text: 'Nice!' }, ...full.comments.slice(1)] });
    expect(thin.find((i) => i.key === 'specific')).toMatchObject({ done: false, label: expect.stringContaining("0:05 'nice'") });
    expect(missing({ ...full, comments: [...full.comments, { ...full.comments[0], timestamp: 60 }] })).toEqual(['repeated']);
    const padded = `${words(30)} the vocal needs more presence here and the vocal needs more presence there`;
    expect(reviewChecklist({ ...full, general: padded }).find((i) => i.key === 'repeated')?.label).toContain('vocal needs more presence');
    expect(missing({ ...full, general: `${'good track '.repeat(20)}good` })).toEqual(['varied']);
    // Under 40 words it is the length that is missing, not (yet) the variety.
    expect(missing({ ...full, general: 'good track '.repeat(5) })).toEqual(['general']);
  });

  it('asks only the criteria the request asks for: an instrumental is not scored on Vocals & Lyrics', () => {
    const asked = criteriaAsked({ vocalsLyrics: false });
    expect(asked.map((c) => c.key)).toEqual(['mixingMastering', 'compositionArrangement', 'energyImpact']);
    expect(criteriaAsked({}).length).toBe(4);
    const { vocalsLyrics: _, ...three } = full.criteria;
    const items = reviewChecklist({ ...full, criteria: three, asked });
    expect(items.find((i) => i.key === 'criteria')).toEqual({ key: 'criteria', label: 'Score all 3 criteria', done: true });
    expect(missing({ ...full, criteria: three })).toEqual(['criteria']);
  });

  it("a paid re-check's floor is its own: a short summary and a word for each point not fixed, no second full review", () => {
    const recheck: ReviewState = { ...full, comments: [], general: words(12), recheck: { unexplained: 0 } };
    expect(missing(recheck)).toEqual([]);
    expect(missing({ ...recheck, general: words(11) })).toEqual(['summary']);
    expect(missing({ ...recheck, recheck: { unexplained: 2 } })).toEqual(['recheck-notes']);
    expect(
      unexplainedPoints([
        { mark: 'not_fixed', note: ' ' },
        { mark: 'not_fixed', note: 'Still boomy' },
        { mark: 'fixed', note: null },
      ]),
    ).toBe(1);
    // Still heard, scored, and every comment it has on a heard second and saying something.
    expect(missing({ ...recheck, heard: heardOver(90, [[0, 30]]) })).toEqual(['listened']);
    expect(missing({ ...recheck, comments: [{ timestamp: 5, tags: [], text: 'ok' }] })).toEqual(['specific']);
  });

  it('a free review needs a score, a comment or a general comment', () => {
    const free: ReviewState = { paid: false, duration: 90, criteria: {}, comments: [], general: ' ', heard: null };
    expect(missing(free)).toEqual(['something']);
    expect(missing({ ...free, general: 'Nice' })).toEqual([]);
  });
});

describe('a review copied from another', () => {
  it('scores the same text 1, one word changed in 45 above 0.8, different texts near 0', () => {
    const a = Array.from({ length: 45 }, (_, i) => `w${i}`).join(' ');
    const b = a.replace('w44', 'changed');
    expect(similarity(trigrams(a), trigrams(a))).toBe(1);
    expect(similarity(trigrams(a), trigrams(b))).toBeGreaterThanOrEqual(0.8);
    expect(similarity(trigrams(a), trigrams('The low end is muddy and the vocal sits too far back in the chorus'))).toBe(0);
  });

  it('counts words with letters or digits', () => {
    expect(wordCount('  The mix - is wide, 3 times!  ')).toBe(6);
  });
});

describe('ranges of playback', () => {
  it('merges what touches or overlaps, in order, and drops empty ones', async () => {
    const { mergeRanges } = await import('../../../shared/review.js');
    expect(
      mergeRanges([
        [30, 40],
        [0, 10],
        [9.5, 12],
        [12, 15],
        [50, 50],
      ]),
    ).toEqual([
      [0, 15],
      [30, 40],
    ]);
  });
});
