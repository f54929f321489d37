/** The realtime channel: a change to a user's tracks reaches that user's open connections, and only theirs. */
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { callRoute, createConfirmedUser, flows, type TestUser } from '../support/stack-kit.js';

const stack = inject('stack');

function open(token?: string): Promise<{ ws: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(token ? `${stack.realtimeUrl}?token=${encodeURIComponent(token)}` : stack.realtimeUrl);
    const messages: unknown[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const uploadTrack = (user: TestUser, title: string) => flows.uploadTrack(stack, user, title, { seconds: 1, envelope: 'ramp' });

describe('realtime channel', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow(/401/);
    await expect(open('not.a.token')).rejects.toThrow(/401/);
  });

  it('tells every connection of the owner about their track changes, and nobody else', async () => {
    const [owner, other] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken);
    const tabA = await open(owner.idToken);
    const tabB = await open(owner.idToken);
    const stranger = await open(other.idToken);
    try {
      const track = await uploadTrack(owner, 'Live');
      const inserted = { type: 'change', entity: 'track', id: track.id, action: 'insert' };
      await waitFor(() => (tabA.messages.some((m) => JSON.stringify(m) === JSON.stringify(inserted)) ? true : undefined));
      await waitFor(() => (tabB.messages.some((m) => JSON.stringify(m) === JSON.stringify(inserted)) ? true : undefined));

      await callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, owner.idToken);
      await waitFor(() => (tabA.messages.some((m) => (m as { action: string }).action === 'remove') ? true : undefined));
      expect(stranger.messages).toEqual([]);
    } finally {
      for (const c of [tabA, tabB, stranger]) c.ws.close();
    }
  });
});

describe('a review not yet submitted', () => {
  it('tells the reviewer of each draft comment and the musician nothing until the review is submitted', async () => {
    const musician = await flows.onboardedUser(stack, 'musician');
    const reviewer = await flows.onboardedUser(stack, 'musician');
    const track = await uploadTrack(musician.user, 'Drafted');
    const shareId = (
      await flows.requestFeedback(stack, musician.user, reviewer.id, track.id, { feedbackNotes: 'Mix?', context: 'mix_check' })
    ).body.id;
    await flows.respondToShare(stack, reviewer.user, shareId, 'accepted');
    const mine = await open(musician.user.idToken);
    const theirs = await open(reviewer.user.idToken);
    const comments = (m: unknown) => (m as { entity: string; id: string }).entity === 'comment' && (m as { id: string }).id === shareId;
    try {
      const draft = await callRoute(
        stack.apiUrl,
        'addComment',
        { id: shareId, timestamp: 0, text: 'Draft: the hats are harsh', tags: [] },
        reviewer.user.idToken,
      );
      expect(draft.status).toBe(200);
      await callRoute(stack.apiUrl, 'deleteComment', { id: shareId, commentId: draft.body.id }, reviewer.user.idToken);
      await waitFor(() => (theirs.messages.filter(comments).length >= 2 ? true : undefined));
      // The musician's own question still reaches both sides, and it arrives after the draft's events.
      await callRoute(
        stack.apiUrl,
        'addComment',
        { id: shareId, timestamp: null, text: 'Is the intro too long?', tags: [] },
        musician.user.idToken,
      );
      await waitFor(() => (mine.messages.some(comments) ? true : undefined));
      await waitFor(() => (theirs.messages.filter(comments).length >= 3 ? true : undefined));
      expect(mine.messages.filter(comments)).toEqual([{ type: 'change', entity: 'comment', id: shareId, action: 'insert' }]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
