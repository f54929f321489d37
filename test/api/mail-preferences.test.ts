/**
 * E-mail preferences: chosen per kind on the account (PUT /users/me/mail-preferences) and honoured by the
 * server (an e-mail of a kind turned off is not sent); every e-mail of a kind carries an unsubscribe link
 * and List-Unsubscribe headers, which work without signing in: the link's page posts its token, and a mail
 * provider's one-click posts the form field RFC 8058 names. A wrong or altered token changes nothing.
 */
import { describe, expect, inject, it } from 'vitest';
import { callRoute, listEmails, startOfAWindow, type StoredEmail, waitForEmail } from '../support/stack-kit.js';
import { onboardedUser, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';
import { postFrom, randomLoopback } from '../support/loopback.js';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';

const stack = inject('stack');

const FREE_REQUEST = { context: 'mix_check', feedbackNotes: 'How is the low end?' };

const header = (mail: StoredEmail, name: string) => mail.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** The unsubscribe link of an e-mail: the app's page, its token and kind in the query. */
function unsubscribeLink(mail: StoredEmail): URL {
  const link = [...(mail.body.html ?? '').matchAll(/href="([^"]+)"/g)]
    .map((m) => new URL(m[1].replaceAll('&amp;', '&')))
    .find((u) => u.pathname === '/unsubscribe');
  if (!link) throw new Error(`No unsubscribe link in "${mail.subject}"`);
  return link;
}

describe('e-mail preferences', () => {
  it('start with every kind on but marketing, and save the kinds named, nothing else', async () => {
    const { user } = await onboardedUser(stack, 'musician');
    const me = await callRoute(stack.apiUrl, 'getMe', {}, user.idToken);
    expect(me.body.mailPreferences).toEqual({ requests: true, reviews: true, digests: true, payments: true, marketing: false });

    const saved = await callRoute(stack.apiUrl, 'saveMailPreferences', { digests: false, marketing: true }, user.idToken);
    expect(saved.status).toBe(200);
    expect(saved.body.mailPreferences).toEqual({ requests: true, reviews: true, digests: false, payments: true, marketing: true });

    const none = await callRoute(stack.apiUrl, 'saveMailPreferences', {}, user.idToken);
    expect(none.status).toBe(400);
    const unknown = await callRoute(stack.apiUrl, 'saveMailPreferences', { newsletter: false }, user.idToken);
    expect(unknown.status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'saveMailPreferences', { reviews: false })).status).toBe(401);
  });

  it('are honoured: a request e-mail carries its unsubscribe link and headers; once followed, the next is not sent', async () => {
    const musician = await onboardedUser(stack, 'musician');
    const peer = await onboardedUser(stack, 'musician');
    const first = await uploadTrack(stack, musician.user, 'Preferences one');
    let since = Date.now();
    expect((await requestFeedback(stack, musician.user, peer.id, first.id, FREE_REQUEST)).status).toBe(200);
    const mail = await waitForEmail(stack.mailUrl, peer.user.email, /Feedback requested: Preferences one/, { since });

    const link = unsubscribeLink(mail);
    expect(link.origin).toBe(stack.appUrl);
    expect(link.searchParams.get('kind')).toBe('requests');
    expect(mail.body.text).toContain(link.toString());
    // RFC 8058: the one-click address is the API's, posted to with the form field it names.
    const oneClick = header(mail, 'List-Unsubscribe')?.match(/^<(.+)>$/)?.[1];
    expect(oneClick).toBeDefined();
    expect(new URL(oneClick!).origin).toBe(new URL(stack.apiUrl).origin);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The link's page posts its token and kind, without signing in; the address is shown only in part.
    const token = link.searchParams.get('token')!;
    const off = await callRoute(stack.apiUrl, 'unsubscribe', { token, kind: 'requests' });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ kind: 'requests', subscribed: false, email: `${peer.user.email[0]}***@example.test` });
    expect((await callRoute(stack.apiUrl, 'getMe', {}, peer.user.idToken)).body.mailPreferences.requests).toBe(false);

    since = Date.now();
    const second = await uploadTrack(stack, musician.user, 'Preferences two');
    expect((await requestFeedback(stack, musician.user, peer.id, second.id, FREE_REQUEST)).status).toBe(200);
    // The request itself is there; only its e-mail is not.
    const inbox = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer' }, peer.user.idToken);
    expect(JSON.stringify(inbox.body)).toContain('Preferences two');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await listEmails(stack.mailUrl, peer.user.email)).filter((e) => /Preferences two/.test(e.subject))).toEqual([]);

    // A link only stops e-mails, and only its own kind: turning them back on, or stopping another kind, takes a sign-in.
    const on = await callRoute(stack.apiUrl, 'unsubscribe', { token, kind: 'requests', subscribed: true });
    expect(on).toMatchObject({ status: 403, body: { error: { code: 'sign_in_to_subscribe' } } });
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token, kind: 'payments' })).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, peer.user.idToken)).body.mailPreferences).toMatchObject({
      requests: false,
      payments: true,
    });
    expect((await callRoute(stack.apiUrl, 'saveMailPreferences', { requests: true }, peer.user.idToken)).status).toBe(200);
    since = Date.now();
    const third = await uploadTrack(stack, musician.user, 'Preferences three');
    expect((await requestFeedback(stack, musician.user, peer.id, third.id, FREE_REQUEST)).status).toBe(200);
    await waitForEmail(stack.mailUrl, peer.user.email, /Feedback requested: Preferences three/, { since });
  });

  it("take a mail provider's one-click POST (form-encoded, RFC 8058) at the header's address", async () => {
    const musician = await onboardedUser(stack, 'musician');
    const reviewer = await onboardedUser(stack, 'musician');
    const track = await uploadTrack(stack, musician.user, 'One click');
    const since = Date.now();
    const share = (await requestFeedback(stack, musician.user, reviewer.id, track.id, FREE_REQUEST)).body;
    await respondToShare(stack, reviewer.user, share.id, 'accepted');
    const done = await callRoute(stack.apiUrl, 'submitFeedback', { id: share.id, criteria: { energyImpact: 4 } }, reviewer.user.idToken);
    expect(done.status).toBe(200);
    const mail = await waitForEmail(stack.mailUrl, musician.user.email, /Feedback responded: One click/, { since });
    const oneClick = header(mail, 'List-Unsubscribe')!.slice(1, -1);
    expect(new URL(oneClick).searchParams.get('kind')).toBe('reviews');

    const res = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, musician.user.idToken)).body.mailPreferences.reviews).toBe(false);
    // Another route takes no form body.
    const form = await fetch(new URL('/users/email-exists', stack.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.test',
    });
    expect(form.status).toBe(400);
  });

  it('refuse a wrong, altered or incomplete token with a clear 404 or 400, changing nothing', async () => {
    const { user, id } = await onboardedUser(stack, 'musician');
    const wrong = await callRoute(stack.apiUrl, 'unsubscribe', { token: `${id}.${'x'.repeat(32)}`, kind: 'reviews' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toMatch(/not valid/);
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token: 'no-dot-here-at-all', kind: 'reviews' })).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token: `${id}.short`, kind: 'reviews' })).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token: `${id}.${'x'.repeat(32)}`, kind: 'everything' })).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { kind: 'reviews' })).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.mailPreferences.reviews).toBe(true);
  });

  it(`answers ${RATE_LIMITS.unsubscribe.limit} a minute per client address, then 429 rate_limited`, async () => {
    // The window is the clock's minute: the calls must fall in one.
    await startOfAWindow(30_000);
    const client = randomLoopback();
    const body = JSON.stringify({ token: 'nobody.xxxxxxxxxxxxxxxx', kind: 'reviews' });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.unsubscribe.limit; i++) {
      statuses.push((await postFrom(stack.apiUrl, '/mail/unsubscribe', body, client)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
