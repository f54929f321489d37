/**
 * 'Download my data' (GET /users/me/data): the caller's account, their tracks' metadata, the requests they
 * made and received with reviews and comments (a reviewer's with the AI suggestions given them), and their
 * payments; nothing of anyone else's, no storage key or secret; refused to an admin acting as the user;
 * limited per user.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPERSONATION_HEADER } from '../../shared/api/route.js';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard, onboardedUser, requestFeedback, respondToShare, testAdmin, uploadTrack } from '../support/flows.js';

const stack = inject('stack');

let mia: TestUser;
let miaId: string;
let quinn: TestUser;
let shareId: string;
let trackId: string;

beforeAll(async () => {
  mia = await createConfirmedUser(stack, { fullName: 'Mia Exporter' });
  miaId = await onboard(stack, mia, 'musician');
  const reviewer = await onboardedUser(stack, 'musician', { fullName: 'Quinn Reviewer' });
  quinn = reviewer.user;
  const track = await uploadTrack(stack, mia, 'Export me', { seconds: 2 });
  trackId = track.id;
  shareId = (await requestFeedback(stack, mia, reviewer.id, track.id, { feedbackNotes: 'Kick too loud?', context: 'mix_check' })).body.id;
  await respondToShare(stack, quinn, shareId, 'accepted');
  await callRoute(
    stack.apiUrl,
    'addComment',
    { id: shareId, timestamp: 1, text: 'The kick masks the bass here', tags: ['#Mixing'] },
    quinn.idToken,
  );
  const done = await callRoute(stack.apiUrl, 'submitFeedback', { id: shareId, criteria: { energyImpact: 4 } }, quinn.idToken);
  expect(done.status).toBe(200);
  // Someone else's track, which Mia's export must not name.
  const other = await onboardedUser(stack, 'musician');
  await uploadTrack(stack, other.user, 'Not Mia', { seconds: 1 });
});

describe('GET /users/me/data', () => {
  it("gives the account, tracks' metadata, the request with its review and comments, and nothing else", async () => {
    const res = await callRoute(stack.apiUrl, 'exportMyData', {}, mia.idToken);
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.account).toMatchObject({ id: miaId, email: mia.email, fullName: 'Mia Exporter' });
    expect(data.tracks).toEqual([expect.objectContaining({ id: trackId, title: 'Export me', status: 'ready', version: 1 })]);
    expect(data.requestsMade).toHaveLength(1);
    expect(data.requestsMade[0]).toMatchObject({ id: shareId, status: 'completed', trackTitle: 'Export me' });
    expect(data.requestsMade[0].comments.map((c: { text: string }) => c.text)).toEqual(['The kick masks the bass here']);
    expect(data.requestsReceived).toEqual([]);
    expect(data.payments).toEqual([]);
    expect(data.ledger).toEqual([]);
    expect(data.payouts).toEqual([]);
    expect(data.templates).toEqual([]);
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);

    const text = JSON.stringify(data);
    expect(text).not.toContain('Not Mia');
    // No storage key, waveform or secret of the account.
    expect(text).not.toMatch(/"(audioKey|uploadKey|peaks|mailKey|audioUrl)":/);

    const theirs = await callRoute(stack.apiUrl, 'exportMyData', {}, quinn.idToken);
    expect(theirs.body.requestsReceived.map((r: { id: string }) => r.id)).toEqual([shareId]);
    expect(theirs.body.requestsReceived[0].comments).toHaveLength(1);
    expect(theirs.body.tracks).toEqual([]);
    expect((await callRoute(stack.apiUrl, 'exportMyData', {})).status).toBe(401);
  });

  it("keeps a review's draft comments out of the musician's export until the review is submitted", async () => {
    const reviewer = await onboardedUser(stack, 'musician');
    const track = await uploadTrack(stack, mia, 'Drafting', { seconds: 2 });
    const drafted = (await requestFeedback(stack, mia, reviewer.id, track.id, { feedbackNotes: 'Vocals?', context: 'mix_check' })).body.id;
    await respondToShare(stack, reviewer.user, drafted, 'accepted');
    const draft = { id: drafted, timestamp: 1, text: 'Draft: the vocal sits low', tags: [] };
    expect((await callRoute(stack.apiUrl, 'addComment', draft, reviewer.user.idToken)).status).toBe(200);
    const question = { id: drafted, timestamp: null, text: 'Mia asks: too long?', tags: [] };
    expect((await callRoute(stack.apiUrl, 'addComment', question, mia.idToken)).status).toBe(200);
    const asked = { text: 'vocal low', timestamp: 1, shareId: drafted };
    const suggested = await callRoute(stack.apiUrl, 'suggestComment', asked, reviewer.user.idToken);
    expect(suggested.status).toBe(200);
    const commentsIn = (list: { id: string; comments: { text: string }[] }[]) =>
      list.find((r) => r.id === drafted)!.comments.map((c) => c.text);

    // What the request's own view shows each side, the export shows them.
    const mine = await callRoute(stack.apiUrl, 'exportMyData', {}, mia.idToken);
    expect(commentsIn(mine.body.requestsMade)).toEqual(['Mia asks: too long?']);
    const view = await callRoute(stack.apiUrl, 'getShare', { id: drafted }, mia.idToken);
    expect(view.body.comments.map((c: { text: string }) => c.text)).toEqual(['Mia asks: too long?']);
    const theirs = await callRoute(stack.apiUrl, 'exportMyData', {}, reviewer.user.idToken);
    expect(commentsIn(theirs.body.requestsReceived)).toEqual(['Draft: the vocal sits low', 'Mia asks: too long?']);

    // The suggestions AI Suggest gave the reviewer are theirs to take; the musician's export has none.
    const received = theirs.body.requestsReceived.find((r: { id: string }) => r.id === drafted);
    expect(received.suggestions).toEqual([suggested.body.text]);
    expect(mine.body.requestsMade.find((r: { id: string }) => r.id === drafted).suggestions).toBeUndefined();
  });

  it('gives a pro their ledger, as their earnings show it, and their payouts', async () => {
    const admin = await testAdmin(stack);
    const pro = await createConfirmedUser(stack, { fullName: 'Pia Payout' });
    const proId = await onboard(stack, pro, 'pro');
    const call = (user: TestUser, name: Parameters<typeof callRoute>[1], input: Record<string, unknown>) =>
      callRoute(stack.apiUrl, name, input, user.idToken);
    expect((await call(admin, 'adjustBalance', { id: proId, balance: 20, expectedBalanceCents: 0, reason: 'Paid outside' })).status).toBe(
      200,
    );
    expect((await call(pro, 'setPayoutAccount', { email: 'pia@example.test' })).status).toBe(200);
    const payout = await call(pro, 'createPayout', { amountCents: 2000, idempotencyKey: crypto.randomUUID() });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);

    const data = (await call(pro, 'exportMyData', {})).body;
    expect(data.ledger).toEqual([
      expect.objectContaining({ kind: 'adjustment', amountCents: 2000 }),
      expect.objectContaining({ kind: 'payout', amountCents: -2000, description: 'Paid out to your PayPal account' }),
    ]);
    expect(data.payouts).toEqual([expect.objectContaining({ id: payout.body.id, amountCents: 2000, email: 'pia@example.test' })]);
    // The pro's own: nothing of the platform's side of the same moves.
    expect(JSON.stringify(data)).not.toMatch(/"accountId":/);
  });

  it('is refused to an admin acting as the user', async () => {
    const admin = await testAdmin(stack);
    const started = await callRoute(stack.apiUrl, 'impersonate', { userId: miaId }, admin.idToken);
    expect(started.status).toBe(200);
    const res = await callRoute(stack.apiUrl, 'exportMyData', {}, admin.idToken, undefined, { [IMPERSONATION_HEADER]: started.body.token });
    expect(res.status).toBe(403);
    // Said, not an end to the impersonation (impersonation_forbidden would end it in the app).
    expect(res.body.error).toEqual({
      code: 'not_while_impersonating',
      message: "Download my data is not available while impersonating: it is the user's to ask for.",
    });
  });

  it(`answers ${RATE_LIMITS.dataExport.limit} an hour per user, then 429 rate_limited`, async () => {
    const { user } = await onboardedUser(stack, 'musician');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.dataExport.limit; i++)
      statuses.push((await callRoute(stack.apiUrl, 'exportMyData', {}, user.idToken)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
