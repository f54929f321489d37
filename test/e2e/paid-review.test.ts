/**
 * A paid review in two browsers: Paul (the demo pro, $30) reviews a musician's paid request. The checklist
 * ticks off as he listens and writes, his draft survives a reload, the musician meanwhile sees only that it
 * is in progress and cannot delete the track from under him; once he submits, the review appears for her
 * all at once with the strip of what he heard. She reports it, and an admin refunds it from the queue.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { flows, money, type TestUser } from '../support/stack-kit.js';
import { browserTests, onboardedMusician } from './fixtures.js';
import { expectAccessible, submitReview, trackRow, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const PRO = 'Paul Producer';
const SECONDS = 8;
const title = `Paid Proof ${Math.floor(1000 + Math.random() * 9000)}`;
const general = flows.freshReviewText(44);

let musician: TestUser;
let shareId: string;

const shareItem = (page: Page): Locator =>
  page.getByTestId('share-item').filter({ has: page.getByTestId('share-title').getByText(title, { exact: true }) });

async function until(what: string, check: () => Promise<boolean>, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} never happened`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const done = (form: Locator, key: string) => form.getByTestId(`check-${key}`).getAttribute('data-done');

/** Paul's review of the request, opened in his Tracks to Rate. */
async function openAsPaul(page: Page): Promise<Locator> {
  const item = shareItem(page);
  await item.waitFor({ timeout: 15_000 });
  if ((await item.getByTestId('share-toggle').getAttribute('aria-expanded')) !== 'true') {
    await item.getByRole('button', { name: `Open ${title}` }).click();
  }
  return item;
}

/** Clicks the waveform at `fraction` of the track, then writes a comment there. */
async function commentAt(page: Page, form: Locator, fraction: number, text: string) {
  const wave = form.getByTestId('player-waveform');
  const box = (await wave.boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  const composer = form.getByTestId('comment-composer');
  await composer.getByTestId('comment-input').fill(text);
  await composer.getByTestId('comment-submit').click();
  await form.getByTestId('comment-card').filter({ hasText: text }).waitFor();
}

beforeAll(async () => {
  musician = await onboardedMusician('Mila Proof', 'proof', 'Indie Rock');
  const paul = (await flows.allPros(stack, musician.idToken)).find((p) => p.fullName === PRO);
  const paid = await money.paidRequest(stack, musician, { id: paul.id, priceCents: 3000 }, title, SECONDS);
  shareId = paid.view.shareId;
});

describe('a paid review to trust', () => {
  it('Paul accepts and listens: the checklist ticks as he listens and writes, his draft survives a reload', async () => {
    const pro = await e2e.signedIn('pro@demo.test', '/dashboard', DESKTOP);
    const item = await openAsPaul(pro);
    expect(await item.getByTestId('share-respond-by').textContent()).toMatch(/^Accept by \w{3} \d\d:\d\d$/);
    await item.getByRole('button', { name: 'Accept' }).click();
    const form = item.getByTestId('reviewer-form');
    await form.waitFor();
    // Paul promises 'Within 3 days' on his profile: his word is the deadline.
    expect(await item.getByTestId('share-respond-by').textContent()).toBe('Due in 2 days 23 h');
    expect(await done(form, 'listened')).toBe('false');
    expect(await form.getByTestId('check-listened').textContent()).toContain('(0:07 left)');
    expect(await form.getByTestId('feedback-submit').isDisabled()).toBe(true);
    await expectAccessible(pro, 'paid reviewer form');

    // A comment on a moment not heard yet is refused, and says why.
    await form.getByTestId('player-waveform').hover();
    await form.getByTestId('player-waveform').and(pro.locator('[data-drawn="true"]')).waitFor();
    const composer = form.getByTestId('comment-composer');
    await composer.getByTestId('comment-input').fill('Before listening');
    await composer.getByTestId('comment-submit').click();
    await composer.getByText(/Listen to 0:0\d before commenting on it/).waitFor();
    await composer.getByTestId('comment-input').fill('');

    // He plays it through: the player reports what he heard, and the first item ticks.
    await form.getByRole('button', { name: /^Play/ }).first().click();
    // 80% (7 of the 8 seconds) ticks the item while it still plays; the end of the track reports the rest.
    await until('the listening tick', async () => (await done(form, 'listened')) === 'true', (SECONDS + 15) * 1000);
    const summary = form.getByTestId('coverage-summary');
    await until(
      'the whole track heard',
      async () => (await summary.textContent()) === 'Listened to 100% (0:08 of 0:08), 1 session, reported by the player',
    );

    await commentAt(pro, form, 0.1, 'The intro is lovely');
    // A comment of praise alone is named, with why, until it says what was heard.
    await form.getByTestId('check-specific').getByText("'the intro is lovely'").waitFor();
    const thin = form.getByTestId('comment-card').filter({ hasText: 'The intro is lovely' });
    await thin.getByRole('button', { name: 'Edit comment' }).click();
    // The one editor open (the card's own text is not shown while it is edited).
    const editor = form.getByTestId('comment-editor');
    await editor.getByTestId('comment-input').fill('The intro hum is warm and wide');
    await editor.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('check-specific').waitFor({ state: 'detached' });
    await commentAt(pro, form, 0.45, 'The snare is too bright here, tame 5 kHz');
    expect(await done(form, 'comments')).toBe('false');
    await commentAt(pro, form, 0.8, 'The ending fades too fast');
    expect(await done(form, 'comments')).toBe('true');
    const group = (name: string) => form.getByRole('group', { name });
    for (const name of ['Mixing & Mastering', 'Composition & Arrangement', 'Vocals & Lyrics', 'Energy & Impact']) {
      await group(name).getByRole('button', { name: '4 stars' }).click();
    }
    expect(await done(form, 'criteria')).toBe('true');
    await form.getByLabel('General comment', { exact: true }).fill(general.split(' ').slice(0, 20).join(' '));
    // A comment begun at a moment, tagged, not yet sent.
    const wave = form.getByTestId('player-waveform');
    const box = (await wave.boundingBox())!;
    await pro.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    await composer.getByTestId('comment-input').fill('The bass swells from here');
    await composer.getByTestId('category-bassline').click();
    const unsentAt = await composer.getByTestId('comment-timestamp').innerText();
    expect(unsentAt).not.toBe('0:00');
    await form.getByTestId('draft-status').getByText('Saved').waitFor();
    expect(await done(form, 'general')).toBe('false');
    await screenshot(pro, 'paid-review-checklist');

    // A reload keeps the scores and the general comment (saved on the server, no one else's to read).
    await pro.reload();
    const again = await openAsPaul(pro);
    const form2 = again.getByTestId('reviewer-form');
    await form2.waitFor();
    expect(await form2.getByLabel('General comment', { exact: true }).inputValue()).toBe(general.split(' ').slice(0, 20).join(' '));
    expect(await form2.getByRole('group', { name: 'Energy & Impact' }).getAttribute('data-value')).toBe('4');
    expect(await form2.getByTestId('comment-card').count()).toBe(3);
    expect(await done(form2, 'listened')).toBe('true');
    // The unsent comment keeps its moment and its tag: sent now, it is not general feedback.
    const composer2 = form2.getByTestId('comment-composer');
    expect(await composer2.getByTestId('comment-input').inputValue()).toBe('The bass swells from here');
    expect(await composer2.getByTestId('comment-timestamp').innerText()).toBe(unsentAt);
    expect(await composer2.getByTestId('category-bassline').getAttribute('aria-pressed')).toBe('true');

    // Typed, and the tab closed at once, before the autosave's delay: the change still reaches the server.
    const last = general.split(' ').slice(0, 25).join(' ');
    await form2.getByLabel('General comment', { exact: true }).fill(last);
    await pro.close({ runBeforeUnload: true });
    const { useStackEnvironment } = await import('../support/in-process.js');
    useStackEnvironment(stack);
    const { getShareBundle } = await import('../../functions/feedback/data/shares.js');
    await until('the draft saved as the tab closed', async () => (await getShareBundle(shareId))?.draft?.comment === last, 10_000);
  });

  it('Mia meanwhile sees only that it is in progress, and cannot delete the track from under him', async () => {
    const page = await e2e.signedIn(musician, '/dashboard', DESKTOP);
    const item = shareItem(page);
    await item.waitFor({ timeout: 15_000 });
    await item.getByRole('button', { name: `Open ${title}` }).click();
    expect(await item.getByTestId('feedback-waiting').textContent()).toBe(
      `In progress: ${PRO} is listening. The review appears here, all of it at once, when it is submitted.`,
    );
    expect(await item.getByTestId('comment-card').count()).toBe(0);
    expect(await item.getByTestId('coverage').count()).toBe(0);
    await screenshot(page, 'paid-review-in-progress');

    await trackRow(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete track?' });
    await dialog.getByTestId('confirm-button').click();
    await dialog.getByText(new RegExp(`"${title}" cannot be deleted while ${PRO} is reviewing it \\(due \\w+ \\d+, \\d{4}\\)`)).waitFor();
    await screenshot(page, 'paid-review-delete-refused');
  });

  it('Paul finishes and submits; Mia then reads it all, with the strip of what he heard', async () => {
    const pro = await e2e.signedIn('pro@demo.test', '/dashboard', DESKTOP);
    const item = await openAsPaul(pro);
    const form = item.getByTestId('reviewer-form');
    await form.waitFor();
    await form.getByLabel('General comment', { exact: true }).fill(general);
    expect(await done(form, 'general')).toBe('true');
    await until(
      'the checklist done',
      async () => (await form.getByTestId('review-checklist').textContent())!.startsWith('Ready to submit'),
      5000,
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${await form.getByTestId('review-checklist').textContent()}`);
    });
    await submitReview(pro, form);
    await pro
      .getByTestId('toast')
      .getByText(/Feedback sent to/)
      .waitFor();

    const page = await e2e.signedIn(musician, '/dashboard', PHONE);
    const mine = shareItem(page);
    await mine.waitFor({ timeout: 15_000 });
    await mine.getByRole('button', { name: `Open ${title}` }).click();
    await mine.getByTestId('coverage').waitFor();
    expect(await mine.getByTestId('coverage-summary').textContent()).toBe(
      'Listened to 100% (0:08 of 0:08), 1 session, reported by the player',
    );
    expect(await mine.getByTestId('comment-card').count()).toBe(3);
    expect(await mine.getByTestId('general-feedback-text').textContent()).toBe(general);
    await screenshot(page, 'paid-review-delivered-phone');
    await expectAccessible(page, 'paid review delivered');
    expect(shareId).toEqual(expect.any(String));
  });

  it('Mia reports the review, and an admin refunds it from the queue', async () => {
    const page = await e2e.signedIn(musician, '/dashboard', DESKTOP);
    const mine = shareItem(page);
    await mine.waitFor({ timeout: 15_000 });
    await mine.getByRole('button', { name: `Open ${title}` }).click();
    await mine.getByTestId('report-review').click();
    const dialog = page.getByRole('alertdialog', { name: 'Report this review?' });
    await dialog.getByLabel('What is wrong with it?').selectOption('generic');
    await dialog.getByLabel('Tell us more (optional)').fill('It reads like a template.');
    await dialog.getByTestId('confirm-button').click();
    await mine
      .getByTestId('report-status')
      .getByText('You reported this review (Generic or copy-paste). An admin is looking at it.')
      .waitFor();

    const admin = await e2e.signedIn('admin@demo.test', '/admin/users');
    await admin.getByTestId('sidebar').getByRole('link', { name: 'Settings' }).click();
    await admin.getByTestId('disputes-link').click();
    await waitForPath(admin, '/admin/disputes');
    const report = admin.getByTestId('disputes-panel').locator(`[data-testid="dispute"][data-share-id="${shareId}"]`);
    await report.waitFor({ timeout: 15_000 });
    expect(await report.getByTestId('dispute-reason').textContent()).toBe('Generic or copy-paste');
    expect(await report.getByTestId('dispute-listening').textContent()).toBe(
      'Listened to 100% (0:08 of 0:08), 1 session, reported by the player',
    );
    await screenshot(admin, 'admin-disputes');
    await expectAccessible(admin, 'admin disputes');
    await report.getByTestId('dispute-refund').click();
    await admin.getByRole('alertdialog', { name: 'Refund this review?' }).getByTestId('confirm-button').click();
    await report.waitFor({ state: 'detached', timeout: 15_000 });
    // Out of the queue, among the decided reports with what was decided.
    const decided = admin.getByTestId('decided-disputes-panel').locator(`[data-testid="dispute"][data-share-id="${shareId}"]`);
    expect(await decided.getByTestId('dispute-decision').textContent()).toMatch(/^Refunded in full on /);
    await screenshot(admin, 'admin-disputes-decided');
    await expectAccessible(admin, 'admin disputes, one decided');

    await page.reload();
    const again = shareItem(page);
    // Closed, the request says so in its head: delivered (Completed), paid and refunded.
    await again.getByTestId('share-refunded').waitFor();
    expect(await again.getByTestId('share-paid').textContent()).toBe('Paid $30.00');
    expect(await again.getByTestId('share-status').getAttribute('data-status')).toBe('completed');
    await again.getByRole('button', { name: `Open ${title}` }).click();
    await again
      .getByTestId('report-status')
      .getByText(/it was refunded in full/)
      .waitFor({ timeout: 15_000 });
  });
});
