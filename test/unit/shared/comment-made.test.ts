/** How a comment was made (shared/comment-made.ts): the server's reading of a comment against what it gave and keeps. */
import { describe, expect, it } from 'vitest';
import { drewOn, howMade, keptOf, madeLabel, madeSummary } from '../../../shared/comment-made.js';

const TEMPLATE = 'Sidechain the bass under the kick.';
const SUGGESTION = 'The kick is buried under the bass at the drop: sidechain the bass so the kick punches through.';
const known = { templates: [TEMPLATE], suggestions: [SUGGESTION] };

describe('how a comment was made', () => {
  it('a suggestion taken whole or mostly kept is AI-assisted, with the share kept; a little of it is not', () => {
    expect(howMade(SUGGESTION, known)).toEqual({ how: 'ai', kept: 1 });
    const edited = 'The kick is buried under the bass at the drop: duck the bass so the kick comes through.';
    expect(howMade(edited, known)).toMatchObject({ how: 'ai', kept: expect.any(Number) });
    expect(howMade(edited, known).kept!).toBeLessThan(1);
    expect(howMade('The kick is quiet here.', known)).toEqual({ how: 'typed' });
    expect(keptOf(SUGGESTION, '')).toBe(0);
  });

  it("a template's words whole and in order are from a template, inside other words too; the client's word counts only for a paste", () => {
    expect(howMade(TEMPLATE, known)).toEqual({ how: 'template' });
    expect(howMade(`At the drop: ${TEMPLATE.toLowerCase()} It clears the low end.`, known)).toEqual({ how: 'template' });
    expect(howMade('Sidechain the bass.', known)).toEqual({ how: 'typed' });
    expect(howMade('My own words about the snare.', { ...known, pasted: true })).toEqual({ how: 'pasted' });
    // A template pasted in is still a template: the server knows it, whatever the editor saw.
    expect(howMade(TEMPLATE, { ...known, pasted: true })).toEqual({ how: 'template' });
  });

  it("a line a reference's measured difference offers, figures unchanged, is from analysis while it is most of the comment", () => {
    const citation = 'Low band +3.1 dB vs reference 1';
    const measured = { ...known, citations: [citation] };
    expect(howMade(citation, measured)).toEqual({ how: 'analysis' });
    expect(howMade(`${citation}:  too   much kick.`, { ...measured, pasted: true })).toEqual({ how: 'analysis' });
    // The reviewer's own words around it, or an AI suggestion beside it, make it theirs or the suggestion's.
    expect(howMade(`${citation}: the kick and the bass sit on top of everything else in the chorus.`, measured)).toEqual({ how: 'typed' });
    expect(howMade(`${SUGGESTION} ${citation}`, measured)).toMatchObject({ how: 'ai' });
    // Its figures changed, it is the reviewer's own.
    expect(howMade('Low band +5.0 dB vs reference 1', measured)).toEqual({ how: 'typed' });
    expect(howMade('Low band \u22123.1 dB vs reference 1', measured)).toEqual({ how: 'typed' });
    // Another reference's line, whose number begins with this one's, is not this one.
    expect(howMade('Low band +3.1 dB vs reference 12', measured)).toEqual({ how: 'typed' });
    expect(howMade('Low band +3.1 dB vs reference 1.', measured)).toEqual({ how: 'analysis' });
  });

  it('says what the review drew on besides the ear only where its comments did', () => {
    const typed = { made: { how: 'typed' as const } };
    const finding = { finding: 'clip-1', made: { how: 'analysis' as const } };
    const encoder = { finding: 'codecOver-12300', made: { how: 'analysis' as const } };
    const cited = { made: { how: 'analysis' as const } };
    expect(drewOn([typed, finding], 'you')).toEqual([]);
    expect(drewOn([typed, encoder, encoder, cited], 'you')).toEqual([
      '2 comments on where streaming encoders take your master over full scale',
      '1 comment comparing your mix with your reference tracks',
    ]);
    expect(drewOn([cited, cited], 'anyone')).toEqual(["2 comments comparing the mix with the musician's reference tracks"]);
  });

  it('says it per comment and as one line for the review, largest first', () => {
    expect(madeLabel({ how: 'ai', kept: 0.8 })).toBe('AI-assisted (80% of the suggestion kept)');
    expect(madeLabel({ how: 'template' })).toBe('From a template');
    const made = [
      ...Array.from({ length: 9 }, () => ({ how: 'typed' as const })),
      { how: 'analysis' as const },
      { how: 'analysis' as const },
      { how: 'ai' as const, kept: 0.9 },
      undefined,
    ];
    expect(madeSummary(made)).toBe('12 comments: 9 typed, 2 from analysis, 1 AI-assisted');
    expect(madeSummary([{ how: 'template' }])).toBe('1 comment: 1 from a template');
    expect(madeSummary([undefined, null])).toBeNull();
  });
});
