/**
 * A completed review's read-only link: only its musician makes, reads and ends it (one at a time, for 30
 * days); anyone holding it reads the review without an account: scores, the overall comment and the
 * reviewer's comments, never the audio, the musician's own comments or anyone's account. A link turned off,
 * replaced or past its time opens nothing; guessing is limited per client address.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import { callRoute, localDynamo, startOfAWindow, type TestUser } from '../support/stack-kit.js';
import { onboardedUser, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';
import { getFrom, randomLoopback } from '../support/loopback.js';

const stack = inject('stack');
const DAY_MS = 86_400_000;

let mia: TestUser;
let quinn: TestUser;
let other: TestUser;
let shareId: string;
let openShareId: string;

const publicReview = (token: string) => callRoute(stack.apiUrl, 'getPublicReview', { token });

beforeAll(async () => {
  mia = (await onboardedUser(stack, 'musician', { fullName: 'Mia Sharer' })).user;
  const reviewer = await onboardedUser(stack, 'musician', { fullName: 'Quinn Critic' });
  quinn = reviewer.user;
  other = (await onboardedUser(stack, 'musician')).user;
  const track = await uploadTrack(stack, mia, 'Shared Review', { seconds: 3 });
  shareId = (await requestFeedback(stack, mia, reviewer.id, track.id, { feedbackNotes: 'Mix ok?', context: 'mix_check' })).body.id;
  await respondToShare(stack, quinn, shareId, 'accepted');
  for (const [timestamp, text] of [
    [2, 'The snare is too bright here'],
    [1, 'Lovely intro pad'],
  ] as const) {
    expect((await callRoute(stack.apiUrl, 'addComment', { id: shareId, timestamp, text, tags: ['#Mixing'] }, quinn.idToken)).status).toBe(
      200,
    );
  }
  const done = await callRoute(
    stack.apiUrl,
    'submitFeedback',
    { id: shareId, criteria: { mixingMastering: 3, energyImpact: 5 }, comment: 'A strong idea; tame the highs.' },
    quinn.idToken,
  );
  expect(done.status).toBe(200);
  expect(
    (await callRoute(stack.apiUrl, 'addComment', { id: shareId, timestamp: 1, text: 'Private reply from Mia', tags: [] }, mia.idToken))
      .status,
  ).toBe(200);
  const open = await uploadTrack(stack, mia, 'Not yet reviewed', { seconds: 1 });
  openShareId = (await requestFeedback(stack, mia, reviewer.id, open.id, { feedbackNotes: 'Later', context: 'mix_check' })).body.id;
});

describe("a review's read-only link", () => {
  it('is made by its musician once, read by anyone without the audio or the musician’s comments, and turned off', async () => {
    expect((await callRoute(stack.apiUrl, 'getPublicLink', { id: shareId }, mia.idToken)).body).toEqual({ link: null });
    const made = await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, mia.idToken);
    expect(made.status).toBe(200);
    expect(made.body.path).toMatch(/^\/review\/[A-Za-z0-9_-]{32}$/);
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // A second click gives the same link.
    expect((await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, mia.idToken)).body.token).toBe(made.body.token);
    expect((await callRoute(stack.apiUrl, 'getPublicLink', { id: shareId }, mia.idToken)).body.link.token).toBe(made.body.token);

    const read = await publicReview(made.body.token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      trackTitle: 'Shared Review',
      reviewerName: 'Quinn Critic',
      criteria: { mixingMastering: 3, energyImpact: 5 },
      comment: 'A strong idea; tame the highs.',
    });
    expect(read.body.comments.map((c: { timestamp: number; text: string }) => [c.timestamp, c.text])).toEqual([
      [1, 'Lovely intro pad'],
      [2, 'The snare is too bright here'],
    ]);
    // Each says how it was made, as the musician's own view does.
    expect(read.body.comments.map((c: { made?: unknown }) => c.made)).toEqual([{ how: 'typed' }, { how: 'typed' }]);
    const text = JSON.stringify(read.body);
    expect(text).not.toContain('Private reply from Mia');
    expect(text).not.toMatch(/audio|userId|email|username|"id":/i);

    expect((await callRoute(stack.apiUrl, 'revokePublicLink', { id: shareId }, mia.idToken)).body).toEqual({ revoked: true });
    const gone = await publicReview(made.body.token);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('This review link has expired or was turned off.');
    expect((await callRoute(stack.apiUrl, 'revokePublicLink', { id: shareId }, mia.idToken)).body).toEqual({ revoked: false });

    // A new link is a new token; the old one stays dead.
    const again = await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, mia.idToken);
    expect(again.body.token).not.toBe(made.body.token);
    expect((await publicReview(again.body.token)).status).toBe(200);
    expect((await publicReview(made.body.token)).status).toBe(404);
  });

  it('is its musician’s alone to make or see, and only of a completed review', async () => {
    expect((await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, quinn.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'getPublicLink', { id: shareId }, quinn.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'revokePublicLink', { id: shareId }, other.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId })).status).toBe(401);
    const open = await callRoute(stack.apiUrl, 'makePublicLink', { id: openShareId }, mia.idToken);
    expect(open.status).toBe(409);
    expect(open.body.error.code).toBe('not_completed');
    expect((await publicReview('not a token')).status).toBe(400);
    expect((await publicReview('x'.repeat(32))).status).toBe(404);
  });

  it('opens nothing past its 30 days, and a new one replaces it', async () => {
    const current = (await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, mia.idToken)).body;
    // Its time over: both items as they would stand after 30 days (the table's TTL is slower than a read).
    const { doc } = localDynamo(stack);
    const past = Math.floor((Date.now() - DAY_MS) / 1000);
    const item = {
      token: current.token,
      shareId,
      createdAt: new Date(Date.now() - 31 * DAY_MS).toISOString(),
      expiresAt: past,
      entity: 'publicLink',
    };
    await doc.send(new PutCommand({ TableName: stack.tableName, Item: { PK: `SHARE#${shareId}`, SK: 'PUBLICLINK', ...item } }));
    await doc.send(new PutCommand({ TableName: stack.tableName, Item: { PK: `PUBLICREVIEW#${current.token}`, SK: 'LINK', ...item } }));
    expect((await publicReview(current.token)).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'getPublicLink', { id: shareId }, mia.idToken)).body).toEqual({ link: null });
    const fresh = await callRoute(stack.apiUrl, 'makePublicLink', { id: shareId }, mia.idToken);
    expect(fresh.status).toBe(200);
    expect(fresh.body.token).not.toBe(current.token);
    expect((await publicReview(fresh.body.token)).status).toBe(200);
  });

  it(`answers ${RATE_LIMITS.publicReview.limit} reads a minute per client address, then 429`, async () => {
    // The window is the clock's minute: the calls must fall in one.
    await startOfAWindow(30_000);
    const client = randomLoopback();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.publicReview.limit; i++)
      statuses.push((await getFrom(stack.apiUrl, `/public/reviews/${'y'.repeat(32)}`, client)).status);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
