import { describe, expect, it } from 'vitest';
import { localSuggester } from '../../../functions/providers/suggester.js';

describe('the local suggester', () => {
  it('anchors the draft on its time and categories and ends on a next step for the first category', async () => {
    const out = await localSuggester.suggest({ text: 'kick  too quiet', timestamp: 83, tags: ['#Mixing', '#Bassline'] });
    expect(out).toBe(
      'At 1:23 (Mixing, Bassline): Kick too quiet. To make it stronger, try balancing the levels and cutting competing frequencies so the focal element sits in front.',
    );
  });

  it('ends a draft cut off mid-sentence on one full stop', async () => {
    for (const text of ['muddy here;', 'muddy here,', 'muddy here -', 'muddy here:']) {
      expect(await localSuggester.suggest({ text, timestamp: null, tags: [] })).toMatch(/^Overall: Muddy here\. To make it stronger, /);
    }
    expect(await localSuggester.suggest({ text: 'Wow!', timestamp: null, tags: [] })).toMatch(/^Overall: Wow! To make/);
  });
});
