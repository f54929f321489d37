/**
 * 'Your Journey to Pro' (GET /users/me/progress): a musician's own figures, added to as each review of
 * theirs completes: tracks, reviews received, each criterion's average by month, the tags reviewers' comments
 * carry most. Nobody reads another's; comments the musician writes are not counted as reviewers'.
 */
import { describe, expect, inject, it } from 'vitest';
import { callRoute } from '../support/api.js';
import { acceptedRequest, onboardedUser, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';

const stack = inject('stack');
const FREE_REQUEST = { context: 'mix_check', feedbackNotes: 'How is the low end?' };

describe('a musician’s progress', () => {
  it('starts empty, counts tracks, and adds each completed review: averages by month and the tags reviewers used', async () => {
    const musician = await onboardedUser(stack, 'musician');
    const reviewer = await onboardedUser(stack, 'pro');
    const empty = await callRoute(stack.apiUrl, 'getProgress', {}, musician.user.idToken);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      tracks: 0,
      reviews: 0,
      averages: { mixingMastering: null, compositionArrangement: null, vocalsLyrics: null, energyImpact: null },
      months: [],
      categories: [],
    });

    const reviews: { criteria: Record<string, number>; tags: string[][] }[] = [
      { criteria: { mixingMastering: 2, energyImpact: 4 }, tags: [['#Mixing'], ['#Mixing', '#Vocal'], []] },
      { criteria: { mixingMastering: 4, energyImpact: 5, vocalsLyrics: 3 }, tags: [['#Mixing', '#Rhythm']] },
    ];
    for (const [i, review] of reviews.entries()) {
      const track = await uploadTrack(stack, musician.user, `Journey ${i}`, { seconds: 1 });
      const share = (await requestFeedback(stack, musician.user, reviewer.id, track.id, FREE_REQUEST)).body;
      expect((await respondToShare(stack, reviewer.user, share.id, 'accepted')).status).toBe(200);
      for (const tags of review.tags) {
        const added = await callRoute(
          stack.apiUrl,
          'addComment',
          { id: share.id, timestamp: null, text: 'A note', tags },
          reviewer.user.idToken,
        );
        expect(added.status).toBe(200);
      }
      // The musician's own question on the request is not a reviewer's comment.
      await callRoute(
        stack.apiUrl,
        'addComment',
        { id: share.id, timestamp: null, text: 'Why?', tags: ['#Harmony'] },
        musician.user.idToken,
      );
      // Submitted twice at once (a double click, two tabs): one wins, both are answered with it, and the review is counted once.
      const submit = () => callRoute(stack.apiUrl, 'submitFeedback', { id: share.id, criteria: review.criteria }, reviewer.user.idToken);
      const done = await Promise.all([submit(), submit()]);
      expect(done.map((d) => d.status)).toEqual([200, 200]);
      // Another review after it is refused.
      const other = await callRoute(stack.apiUrl, 'submitFeedback', { id: share.id, criteria: { energyImpact: 1 } }, reviewer.user.idToken);
      expect(other.body.error.code).toBe('completed');
    }
    // A track with a request still open counts as a track, not as a review.
    const open = await uploadTrack(stack, musician.user, 'Journey open', { seconds: 1 });
    await requestFeedback(stack, musician.user, reviewer.id, open.id, FREE_REQUEST);

    const res = await callRoute(stack.apiUrl, 'getProgress', {}, musician.user.idToken);
    expect(res.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const averages = { mixingMastering: 3, compositionArrangement: null, vocalsLyrics: 3, energyImpact: 4.5 };
    expect(res.body).toEqual({
      tracks: 3,
      reviews: 2,
      averages,
      months: [{ month, averages }],
      categories: [
        { tag: '#Mixing', count: 3 },
        { tag: '#Rhythm', count: 1 },
        { tag: '#Vocal', count: 1 },
      ],
    });

    // The reviewer's own progress is theirs: none of the musician's figures.
    const theirs = await callRoute(stack.apiUrl, 'getProgress', {}, reviewer.user.idToken);
    expect(theirs.body).toMatchObject({ tracks: 0, reviews: 0, categories: [] });
    expect((await callRoute(stack.apiUrl, 'getProgress', {})).status).toBe(401);
  });
});

describe('AI Suggest usage', () => {
  it('counts each suggestion given to the user, read back by them alone', async () => {
    const pro = await onboardedUser(stack, 'pro');
    const other = await onboardedUser(stack, 'pro');
    const shareId = await acceptedRequest(stack, pro.user, pro.id);
    expect((await callRoute(stack.apiUrl, 'getSuggestionUsage', {}, pro.user.idToken)).body).toEqual({ used: 0, lastUsedAt: null });
    for (let i = 0; i < 2; i++) {
      expect((await callRoute(stack.apiUrl, 'suggestComment', { text: 'kick buried', shareId }, pro.user.idToken)).status).toBe(200);
    }
    // Refused input is no use of it.
    expect((await callRoute(stack.apiUrl, 'suggestComment', { text: '', shareId }, pro.user.idToken)).status).toBe(400);
    const usage = await callRoute(stack.apiUrl, 'getSuggestionUsage', {}, pro.user.idToken);
    expect(usage.body.used).toBe(2);
    expect(Date.now() - Date.parse(usage.body.lastUsedAt)).toBeLessThan(60_000);
    expect((await callRoute(stack.apiUrl, 'getSuggestionUsage', {}, other.user.idToken)).body.used).toBe(0);
    expect((await callRoute(stack.apiUrl, 'getSuggestionUsage', {})).status).toBe(401);
  });
});
