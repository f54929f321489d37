import { describe, expect, it } from 'vitest';
import { localSuggester, withoutAnchor } from '../../../functions/providers/suggester.js';

describe('the local suggester', () => {
  it('rewrites the draft without repeating the time and categories the comment carries, ending on a next step for the first category', async () => {
    const out = await localSuggester.suggest({ text: 'kick  too quiet', timestamp: 83, tags: ['#Mixing', '#Bassline'] });
    expect(out).toBe(
      'Kick too quiet. To make it stronger, try balancing the levels and cutting competing frequencies so the focal element sits in front.',
    );
    const melody = await localSuggester.suggest({ text: 'the hook repeats', timestamp: 3, tags: ['#Melody'] });
    expect(melody).toMatch(/^The hook repeats\. To make it stronger, /);
    expect(melody).not.toContain('0:03');
    expect(melody).not.toContain('(Melody)');
  });

  it('ends a draft cut off mid-sentence on one full stop', async () => {
    for (const text of ['muddy here;', 'muddy here,', 'muddy here -', 'muddy here:']) {
      expect(await localSuggester.suggest({ text, timestamp: null, tags: [] })).toMatch(/^Muddy here\. To make it stronger, /);
    }
    expect(await localSuggester.suggest({ text: 'Wow!', timestamp: null, tags: [] })).toMatch(/^Wow! To make/);
  });

  it('does not carry over a time or category label the draft itself starts with', async () => {
    const out = await localSuggester.suggest({ text: 'At 0:03 (Melody): the hook repeats', timestamp: 3, tags: ['#Melody'] });
    expect(out).toMatch(/^The hook repeats\. To make it stronger, /);
  });
});

describe('a suggestion without its anchor', () => {
  it("drops a leading time, time range, category label or 'Overall', as a model may still write them", () => {
    for (const text of [
      'At 0:03 (Melody): The hook repeats.',
      'at 0:03 (Melody, Harmony): the hook repeats.',
      'At 1:05-1:10: The hook repeats.',
      '0:03 - The hook repeats.',
      '(Melody): The hook repeats.',
      '[Melody]: The hook repeats.',
      'Overall: The hook repeats.',
      '  At 0:03: (Melody): the hook repeats.',
    ]) {
      expect(withoutAnchor(text), text).toBe('The hook repeats.');
    }
  });

  it('keeps a time that is part of the sentence, and a text that is nothing else', () => {
    expect(withoutAnchor('At 0:03 the snare is too loud; pull it down 2 dB.')).toBe('At 0:03 the snare is too loud; pull it down 2 dB.');
    expect(withoutAnchor('Overall, the low end needs room.')).toBe('Overall, the low end needs room.');
    expect(withoutAnchor('(quietly) the pad swells')).toBe('(quietly) the pad swells');
    expect(withoutAnchor('At 0:03:')).toBe('At 0:03:');
  });
});
