/**
 * A completed review's read-only link: its musician makes it from the request's page, a reader without an
 * account opens it in a fresh browser (the review, its comments on the waveform, no audio), and once the
 * musician turns it off the link shows that it is no longer available. At desktop and phone widths, axe-clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';
import { expectAccessible, expectFitsWidth } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const title = `Open Review ${suffix}`;

let mia: TestUser;
let shareId: string;
let url: string;

beforeAll(async () => {
  mia = await createConfirmedUser(stack, { fullName: `Mia Open${suffix}`, prefix: 'pub-m' });
  const quinn = await createConfirmedUser(stack, { fullName: `Quinn Open${suffix}`, prefix: 'pub-q' });
  await onboard(stack, mia, 'musician');
  const quinnId = await onboard(stack, quinn, 'musician');
  const track = await uploadTrack(stack, mia, title, { seconds: 8 });
  shareId = (await requestFeedback(stack, mia, quinnId, track.id, { feedbackNotes: 'Is the hook strong?', context: 'mix_check' })).body.id;
  await respondToShare(stack, quinn, shareId, 'accepted');
  await callRoute(stack.apiUrl, 'addComment', { id: shareId, timestamp: 3, text: 'The hook lands here', tags: ['#Melody'] }, quinn.idToken);
  const done = await callRoute(
    stack.apiUrl,
    'submitFeedback',
    { id: shareId, criteria: { compositionArrangement: 4, energyImpact: 5 }, comment: 'Catchy; the second verse drags.' },
    quinn.idToken,
  );
  expect(done.status).toBe(200);
});

describe("a review's read-only link", () => {
  it('is made from the request page and copied from its dialog', async () => {
    const page = await e2e.signedIn(mia, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByTestId('public-link-open').click();
    const dialog = page.getByTestId('public-link-dialog');
    await dialog.getByTestId('public-link-make').click();
    const field = dialog.getByTestId('public-link-url');
    await field.waitFor();
    url = await field.inputValue();
    expect(new URL(url).pathname).toMatch(/^\/review\/[A-Za-z0-9_-]{32}$/);
    await dialog.getByText(/Works until/).waitFor();
    await expectAccessible(page, 'public link dialog');
    await screenshot(page, 'public-link-dialog');
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('opens for a reader without an account: the review, its comments, no audio (%s)', async (name, viewport) => {
    const page = await e2e.page(viewport);
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: `Feedback on “${title}”` }).waitFor();
    await page.getByText(`By Quinn Open${suffix}`, { exact: false }).waitFor();
    await page.getByText('The hook lands here').waitFor();
    await page.getByText('Catchy; the second verse drags.').waitFor();
    // How each comment was made travels with the review.
    expect(await page.getByTestId('public-review-made').textContent()).toBe('1 comment: 1 typed');
    expect(await page.getByText('0:03').count()).toBeGreaterThan(0);
    expect(await page.locator('audio, video').count()).toBe(0);
    await expectFitsWidth(page);
    await expectAccessible(page, `public review (${name})`);
    await screenshot(page, `public-review-${name}`);
  });

  it('is no longer available once the musician turns it off', async () => {
    const page = await e2e.signedIn(mia, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByTestId('public-link-open').click();
    const dialog = page.getByTestId('public-link-dialog');
    await dialog.getByTestId('public-link-revoke').click();
    await dialog.getByTestId('public-link-make').waitFor();

    const reader = await e2e.page();
    await reader.goto(url);
    await reader.getByRole('heading', { name: 'This review is not available' }).waitFor();
    await reader.getByText('This review link has expired or was turned off.').waitFor();
    expect(await reader.getByText('The hook lands here').count()).toBe(0);
  });
});
