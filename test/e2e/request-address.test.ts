/**
 * Every request has an address: the e-mail about a request links to /feedback/{id}, which opens it for its
 * participant (and keeps it on reload); anyone else gets 'Access Denied', then the dashboard, never its
 * content. The Feedback Hub's rows link there too. At desktop and phone widths, axe-clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { onboard, requestFeedback, uploadTrack } from '../support/flows.js';
import { createConfirmedUser, linkIn, type TestUser, waitForEmail } from '../support/stack-kit.js';
import { expectAccessible, expectFitsWidth, waitForPath } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const title = `Deep Link ${suffix}`;

let mia: TestUser;
let quinn: TestUser;
let shareId: string;
let link: string;

beforeAll(async () => {
  mia = await createConfirmedUser(stack, { fullName: `Mia Link${suffix}`, prefix: 'link-m' });
  quinn = await createConfirmedUser(stack, { fullName: `Quinn Link${suffix}`, prefix: 'link-q' });
  await onboard(stack, mia, 'musician');
  const quinnId = await onboard(stack, quinn, 'musician');
  const track = await uploadTrack(stack, mia, title, { seconds: 12 });
  const since = Date.now();
  shareId = (await requestFeedback(stack, mia, quinnId, track.id, { feedbackNotes: 'Is the drop too long?', context: 'mix_check' })).body
    .id;
  const mail = await waitForEmail(stack.mailUrl, quinn.email, new RegExp(`Feedback requested: ${title}`), { since });
  link = linkIn(mail, `/feedback/${shareId}`);
  expect(mail.body.html).toContain('Open the request');
});

describe('a request of its own address', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)("opens from the e-mail's link for its reviewer, and stays on reload (%s)", async (name, viewport) => {
    const page = await e2e.signedIn(quinn, '/dashboard', viewport);
    await page.goto(link);
    const request = page.getByTestId('feedback-request');
    await request.getByRole('heading', { level: 2, name: title }).waitFor();
    const item = request.getByTestId('share-item');
    expect(await item.getAttribute('data-share-id')).toBe(shareId);
    await item.and(page.locator('.is-open')).waitFor();
    await page.reload();
    await request.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/feedback/${shareId}`);
    await expectFitsWidth(page);
    await expectAccessible(page, `request page (${name})`);
    await screenshot(page, `request-page-${name}`);
  });

  it('is linked from the Feedback Hub, and back returns there', async () => {
    const page = await e2e.signedIn(mia, '/dashboard');
    const row = page.locator(`[data-testid="share-item"][data-share-id="${shareId}"]`).first();
    await row.getByRole('link', { name: title }).click();
    await waitForPath(page, `/feedback/${shareId}`);
    await page.getByTestId('feedback-request').getByRole('heading', { level: 2, name: title }).waitFor();
    await page.goBack();
    await waitForPath(page, '/dashboard');
  });

  it("shows anyone else 'Access Denied', never the request, then the dashboard", async () => {
    const other = await createConfirmedUser(stack, { fullName: `Olga Other${suffix}`, prefix: 'link-o' });
    await onboard(stack, other, 'musician');
    const page = await e2e.signedIn(other, '/dashboard');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    expect(await page.getByText('Is the drop too long?').count()).toBe(0);
    await waitForPath(page, '/dashboard', 10_000);
  });
});
