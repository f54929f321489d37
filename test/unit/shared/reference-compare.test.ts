/** A mix against a reference (shared/reference-compare.ts): the rows, their differences and the lines to cite. */
import { describe, expect, it } from 'vitest';
import { compareToReference, noteworthy, type Compared } from '../../../shared/reference-compare.js';

const mix: Compared = {
  integratedLufs: -9.2,
  loudestShortTermLufs: -7.5,
  loudnessRange: 4.1,
  bands: [
    { shareDb: -3.1, width: 0.02 },
    { shareDb: -6.4, width: 0.18 },
    { shareDb: -14, width: 0.3 },
    { shareDb: -24.2, width: 0.41 },
  ],
};
const reference: Compared = {
  integratedLufs: -8.1,
  loudestShortTermLufs: -7.4,
  loudnessRange: 6,
  bands: [
    { shareDb: -6.2, width: 0.03 },
    { shareDb: -5.1, width: 0.2 },
    { shareDb: -13.8, width: 0.38 },
    { shareDb: null, width: null },
  ],
};

describe('a mix against a reference', () => {
  const rows = compareToReference(mix, reference, 'reference 1');
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));

  it('gives each measure the mix minus the reference, and a line to cite', () => {
    expect(byId['band-low']).toMatchObject({ mix: -3.1, reference: -6.2, difference: 3.1, citation: 'Low band +3.1 dB vs reference 1' });
    expect(byId.integrated).toMatchObject({ difference: -1.1, citation: 'Integrated loudness \u22121.1 LU vs reference 1' });
    expect(byId['width-highMids']).toMatchObject({
      mix: 30,
      reference: 38,
      difference: -8,
      citation: 'High mids width \u22128.0 points of width vs reference 1',
    });
    expect(rows.map((r) => r.id)).toHaveLength(3 + 4 + 4);
  });

  it('says nothing of a band the reference has not', () => {
    expect(byId['band-highs']).toMatchObject({ difference: null, citation: null });
    expect(noteworthy(byId['band-highs'])).toBe(false);
  });

  it('points out only what a listener hears', () => {
    expect(noteworthy(byId['band-low'])).toBe(true);
    expect(noteworthy(byId['band-highMids'])).toBe(false);
    expect(noteworthy(byId['width-highMids'])).toBe(true);
    expect(noteworthy(byId['width-low'])).toBe(false);
    expect(noteworthy(byId.loudest)).toBe(false);
  });

  it('compares what it can when a side was not measured', () => {
    const none = compareToReference(
      mix,
      { integratedLufs: null, loudestShortTermLufs: null, loudnessRange: null, bands: null },
      'reference 2',
    );
    expect(none.every((r) => r.difference === null && r.citation === null)).toBe(true);
  });
});
