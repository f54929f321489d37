/**
 * Snip Pro in the browser: a musician asks Snip to find her reviewer from Choose Your Pro (whose tiers say
 * what each buys), pays $15 with PayPal and sees her request finding its reviewer; a pro who takes pool work
 * in the genre takes it from 'Requests for you' and reviews it; she rates the review. The pool's genre here
 * (World / Cultural) is this file's own, so no other file's pros are offered the request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { callRoute, createConfirmedUser, flows, type TestUser } from '../support/stack-kit.js';
import { browserTests, onboardedMusician } from './fixtures.js';
import { expectAccessible, expectFitsWidth, fillField, hubItemTitled, textOf, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const title = `Pool Proof ${Math.floor(1000 + Math.random() * 9000)}`;
const notes = `Does the groove sit right? (${title})`;

let musician: TestUser;
let pro: TestUser;

beforeAll(async () => {
  musician = await onboardedMusician('Sade Pooler', 'sade', 'Afrobeats');
  await flows.uploadTrack(stack, musician, title, { seconds: 4 });
  pro = await createConfirmedUser(stack, { fullName: 'Tayo Taker', prefix: 'tayo' });
  await flows.onboard(stack, pro, 'pro');
  const saved = await callRoute(
    stack.apiUrl,
    'saveProProfile',
    { genres: ['Amapiano'], costRange: { min: 0, max: 50 }, experience: 6 },
    pro.idToken,
  );
  expect(saved.status).toBe(200);
});

describe('Snip Pro: a reviewer found for the musician', () => {
  it('the musician asks Snip to choose, pays $15 and sees her request finding its reviewer', async () => {
    // The pro opts in on their profile first, so that the request has someone to be offered to.
    const proPage = await e2e.signedIn(pro, '/profile', DESKTOP);
    const toggle = proPage.getByTestId('pool-work-toggle');
    await toggle.check();
    await proPage.getByTestId('pool-work-card').getByRole('checkbox', { checked: true }).waitFor();
    // And says what they review best: requests asking about it come to them first.
    const focus = proPage.getByTestId('pool-focus');
    await focus.getByRole('button', { name: 'Rhythm' }).click();
    await focus.getByRole('button', { name: 'Rhythm', pressed: true }).waitFor();
    await expect.poll(async () => (await callRoute(stack.apiUrl, 'getMe', {}, pro.idToken)).body.focusAreas).toEqual(['rhythm']);
    await expectAccessible(proPage, 'profile with Snip Pro requests');
    await screenshot(proPage, 'snip-pro-focus-areas');

    const page = await e2e.signedIn(musician, '/choose-pro', DESKTOP);
    const tier = page.getByTestId('tier-pro');
    await tier.waitFor();
    expect(await tier.textContent()).toContain('Snip finds your reviewer');
    expect(await page.getByTestId('tier-choose-pro').textContent()).toContain('48 hours to accept');
    await expectAccessible(page, 'Choose Your Pro with its tiers');
    await screenshot(page, 'snip-pro-tiers');
    await tier.getByRole('button', { name: 'Let Snip choose' }).click();

    const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
    await dialog.getByTestId('snip-pro-how').waitFor();
    await dialog.getByLabel('Track', { exact: true }).selectOption({ label: title });
    // The genre is asked for: without it, the request cannot be matched.
    await fillField(dialog.getByLabel('Feedback notes', { exact: true }), notes);
    await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByText('Choose the genre of the track').waitFor();
    await dialog.getByLabel('Genre of the track', { exact: true }).selectOption('World / Cultural');
    await expectAccessible(page, 'share dialog, Snip Pro');
    await screenshot(page, 'snip-pro-request');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    const step = dialog.getByRole('region', { name: 'Review and Pay' });
    await step.waitFor();
    expect(await step.getByTestId('payment-pro').textContent()).toBe('Snip Pro');
    expect(await step.getByTestId('payment-price').textContent()).toBe('$15.00');
    expect(await step.getByTestId('payment-next').textContent()).toBe(
      'You pay now; if no Snip Pro takes it within 48 hours, you are refunded in full.',
    );
    await step.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL((url) => url.pathname === '/checkoutnow', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Pay $15.00 to Snip with PayPal' }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    await waitForPath(page, '/feedback/success', 20_000);
    await page.getByTestId('payment-pooled').waitFor({ timeout: 20_000 });
    expect(await textOf(page, 'payment-lead')).toBe('Finding your reviewer: your request is offered to the Snip Pros who fit it.');
    await screenshot(page, 'snip-pro-paid');

    for (const viewport of [DESKTOP, PHONE]) {
      const home = await e2e.signedIn(musician, '/dashboard', viewport);
      const waiting = home.getByTestId('finding-reviewer').getByTestId('pool-waiting').filter({ hasText: title });
      await waiting.waitFor({ timeout: 15_000 });
      expect(await waiting.textContent()).toContain('World / Cultural · offered to 1 of 1 pro so far');
      await expectAccessible(home, `finding your reviewer at ${viewport.width} px`);
      await expectFitsWidth(home);
      await screenshot(home, `snip-pro-finding-${viewport.width}`);
    }
    // Withdraw asks first, saying the refund; cancelled here, so the request goes on to the pro.
    const home = await e2e.signedIn(musician, '/dashboard', DESKTOP);
    await home.getByRole('button', { name: `Withdraw the request for "${title}"` }).click();
    const confirm = home.getByTestId('withdraw-pool-dialog');
    expect(await confirm.textContent()).toContain('goes back to your PayPal account in full');
    await expectAccessible(home, 'withdrawing a Snip Pro request');
    await screenshot(home, 'snip-pro-withdraw');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
  });

  it("the pro takes it from 'Requests for you' and reviews it", async () => {
    const page = await e2e.signedIn(pro, '/dashboard', PHONE);
    const offer = page.getByTestId('requests-for-you').getByTestId('pool-offer').filter({ hasText: title });
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.textContent()).toContain('World / Cultural · from Sade Pooler');
    expect(await offer.textContent()).toMatch(/You earn \$\d+\.\d\d/);
    await expectAccessible(page, 'requests for you');
    await expectFitsWidth(page);
    await screenshot(page, 'snip-pro-requests-390');
    await offer.getByRole('button', { name: `Take the request for "${title}"` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/feedback/'), { timeout: 15_000 });
    const shareId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByTestId('reviewer-form').waitFor();
    await screenshot(page, 'snip-pro-taken-390');
    // The review itself as any paid one is written (the browser's review form has its own tests).
    expect((await flows.fullReview(stack, pro, shareId, 4)).status).toBe(200);

    const desk = await e2e.signedIn(pro, '/dashboard', DESKTOP);
    await desk.getByTestId('pool-offers-empty').waitFor();
    await screenshot(desk, 'snip-pro-requests-1280');
  });

  it('the musician rates the review', async () => {
    const page = await e2e.signedIn(musician, '/dashboard', DESKTOP);
    await page.getByTestId('finding-reviewer').waitFor({ state: 'detached' });
    const item = hubItemTitled(page, title);
    await item.waitFor({ timeout: 15_000 });
    await item.getByRole('button', { name: `Open ${title}` }).click();
    expect(await item.textContent()).toContain('Tayo Taker');
    const rating = item.getByTestId('rating-form');
    await rating.getByRole('button', { name: '5 stars' }).click();
    await rating.getByRole('button', { name: 'Submit Rating' }).click();
    await item.getByText('Thank you for your feedback!!').waitFor();
    await screenshot(page, 'snip-pro-rated');
  });
});
