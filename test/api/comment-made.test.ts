/**
 * Every reviewer's comment says how it was made, decided by the server through the API on the local stack:
 * from one of their templates, from an AI suggestion it gave them for this request (with the share kept),
 * pasted (the editor's word), or typed, whatever the client claims otherwise. The musician's own comments
 * carry nothing, and a suggestion is kept only for a request its caller reviews.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callerOn, flows, type TestUser } from '../support/stack-kit.js';

const stack = inject('stack');
const call = callerOn(stack);
const TEMPLATE = 'Sidechain the bass under the kick at the drop.';

let musician: TestUser;
let musicianId: string;
let reviewer: TestUser;
let shareId: string;

const comment = (timestamp: number | null, text: string, extra: Record<string, unknown> = {}) =>
  call(reviewer, 'addComment', { id: shareId, timestamp, text, tags: [], ...extra });

beforeAll(async () => {
  ({ user: musician, id: musicianId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mona Made' }));
  // A pro who takes free requests: templates are a pro's.
  const peer = await flows.onboardedUser(stack, 'pro', { fullName: 'Rex Reviewer' });
  reviewer = peer.user;
  const track = await flows.uploadTrack(stack, musician, 'Made How', { seconds: 3 });
  shareId = (await flows.requestFeedback(stack, musician, peer.id, track.id, { feedbackNotes: 'Low end?', context: 'mix_check' })).body.id;
  await flows.respondToShare(stack, reviewer, shareId, 'accepted');
  expect((await call(reviewer, 'createTemplate', { title: 'Low end', text: TEMPLATE })).status).toBe(200);
});

describe('how a comment was made', () => {
  it('a template inserted is from a template, though the client says nothing of it', async () => {
    const made = await comment(0, TEMPLATE);
    expect(made.body.made).toEqual({ how: 'template' });
  });

  it('a suggestion given for this request and kept is AI-assisted; none is given for no request, to be pasted as typed', async () => {
    const given = await call(reviewer, 'suggestComment', { text: 'snare loud', timestamp: 1, shareId });
    expect(given.status).toBe(200);
    expect((await comment(1, given.body.text)).body.made).toEqual({ how: 'ai', kept: 1 });

    const loose = await call(reviewer, 'suggestComment', { text: 'vocal buried in the bridge', timestamp: 2, tags: ['#Vocal'] });
    expect(loose.status).toBe(400);
    expect(loose.body.text).toBeUndefined();
    // (Another kind of note, so that its wording shares little with the suggestion kept above.)
    expect((await comment(2, 'The vocal is buried in the bridge: ride it up 2 dB.')).body.made).toEqual({ how: 'typed' });
  });

  it('an edit is judged again: a typed comment replaced by a suggestion becomes AI-assisted', async () => {
    const typed = await comment(2.5, 'The vocal hides behind the guitars here.');
    expect(typed.body.made).toEqual({ how: 'typed' });
    const given = await call(reviewer, 'suggestComment', { text: typed.body.text, timestamp: 2.5, shareId });
    const edited = await call(reviewer, 'updateComment', { id: shareId, commentId: typed.body.id, text: given.body.text, tags: [] });
    expect(edited.body.made).toEqual({ how: 'ai', kept: 1 });
  });

  it("takes the editor's word only for a paste; the musician's comments say nothing", async () => {
    expect((await comment(null, 'Notes I wrote elsewhere about the low end.', { pasted: true })).body.made).toEqual({ how: 'pasted' });
    const asked = await call(musician, 'addComment', { id: shareId, timestamp: 1, text: 'Which snare?', tags: [] });
    expect(asked.status).toBe(200);
    expect(asked.body.made).toBeUndefined();
  });

  it('keeps a suggestion only for a request its caller reviews: 404 for the musician and a stranger', async () => {
    const stranger = (await flows.onboardedUser(stack, 'musician')).user;
    for (const user of [musician, stranger]) {
      const refused = await call(user, 'suggestComment', { text: 'more bass', shareId });
      expect(refused.status).toBe(404);
    }
  });

  it('the musician sees each comment and the review as they were made, once it is submitted', async () => {
    expect((await call(reviewer, 'submitFeedback', { id: shareId, criteria: { energyImpact: 4 } })).status).toBe(200);
    const seen = await call(musician, 'getShare', { id: shareId });
    const hows = seen.body.comments
      .filter((c: { userId: string }) => c.userId !== musicianId)
      .map((c: { made?: { how: string } }) => c.made?.how);
    expect(hows.sort()).toEqual(['ai', 'ai', 'pasted', 'template', 'typed']);
  });
});
