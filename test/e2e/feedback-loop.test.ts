/**
 * The feedback loop in two browsers on the local stack: a musician uploads a track, finds a pro without a
 * price by search and on Choose Your Pro, and shares the track; the pro accepts, comments on exact seconds
 * (one comment by keyboard), edits one, takes an AI suggestion, rates and submits; the musician sees it all
 * arrive live once submitted (and none of it before), seeks from a comment, and rates the feedback. The e-mails link to the dashboard.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Bytes } from '../support/audio.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { linkIn, type StoredEmail, type TestUser, waitForEmail } from '../support/stack-kit.js';
import { browserTests, onboardedMusician, scratchFiles } from './fixtures.js';
import { proCardNamed, showProCard, signedInPage, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const PRO_EMAIL = 'pro3@demo.test';
const PRO_NAME = 'Quinn Peer';
const PRICED_PRO_NAME = 'Paul Producer';
const TRACK_SECONDS = 20;

const files = scratchFiles('snip-loop-');
let trackFile: string;
let musician: TestUser;
const title = `Loop Song ${Math.floor(1000 + Math.random() * 9000)}`;
const startedAt = Date.now();

let mus: Page;
let proCtx: BrowserContext | undefined;
let pro: Page;

/** The share of this test's track in a list (the hub or a tab). */
const shareItem = (page: Page): Locator =>
  page.getByTestId('share-item').filter({ has: page.getByTestId('share-title').getByText(title, { exact: true }) });

const sliderValue = async (item: Locator) => Number(await item.getByTestId('player-waveform').getAttribute('aria-valuenow'));

/** Waits until the playhead (the player's slider value, whole seconds) satisfies `check`. */
async function waitForSlider(item: Locator, check: (v: number) => boolean, what: string, timeout = 10_000): Promise<number> {
  const deadline = Date.now() + timeout;
  let v = await sliderValue(item);
  while (!check(v)) {
    if (Date.now() > deadline) throw new Error(`playhead ${v} never ${what}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await sliderValue(item);
  }
  return v;
}

async function waitForText(locator: Locator, expected: string | RegExp, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let text = '';
  while (Date.now() < deadline) {
    text = ((await locator.textContent().catch(() => '')) ?? '').trim();
    if (typeof expected === 'string' ? text === expected : expected.test(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`text "${text}" never became ${expected}`);
}

async function waitForAttr(locator: Locator, name: string, expected: string, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let value: string | null = null;
  while (Date.now() < deadline) {
    value = await locator.getAttribute(name).catch(() => null);
    if (value === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name}="${value}" never became "${expected}"`);
}

async function waitForValue(locator: Locator, expected: string, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let value = '';
  while (Date.now() < deadline) {
    value = await locator.inputValue();
    if (value === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`value "${value}" never became "${expected}"`);
}

/** The e-mail's link to the request's own page (/feedback/{id}), on the app's origin. */
function requestLink(email: StoredEmail): string {
  const html = email.body.html ?? '';
  const id = html.match(/\/feedback\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`No link to a request in e-mail "${email.subject}"`);
  const link = linkIn(email, `/feedback/${id}`);
  expect(new URL(link).origin).toBe(new URL(stack.appUrl).origin);
  return link;
}

beforeAll(async () => {
  trackFile = files.write(`${title}.mp3`, mp3Bytes({ seconds: TRACK_SECONDS, frequency: 392 }));
  musician = await onboardedMusician('Nina Loop', 'loop', 'Indie Rock');
});
const musicianSession = e2e.signedInForAll(() => musician, '/dashboard', DESKTOP);
beforeAll(() => {
  mus = musicianSession.page;
});
afterAll(async () => {
  await proCtx?.close();
});

describe('the feedback loop', () => {
  it('the musician uploads a track and finds a pro without a price by search', async () => {
    await mus.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await mus.getByTestId('feedback-hub').getByTestId('shares-empty').waitFor();
    await mus.getByTestId('upload-open').click();
    await mus.getByTestId('upload-file-input').setInputFiles(trackFile);
    await mus.getByLabel('Track title').fill(title);
    await mus.getByTestId('upload-submit').click();
    await mus.getByRole('dialog', { name: 'Upload Track' }).waitFor({ state: 'detached', timeout: 30_000 });

    await mus.getByRole('button', { name: `Get feedback on ${title}` }).click();
    const dialog = mus.getByRole('dialog', { name: 'Request Feedback' });
    await dialog.waitFor();
    // The track of the row is picked; nothing can be sent before a user is chosen.
    expect(await dialog.getByLabel('Track', { exact: true }).locator('option:checked').textContent()).toBe(title);
    expect(await dialog.getByTestId('share-submit').isDisabled()).toBe(true);

    const search = dialog.getByRole('combobox', { name: 'Share with' });
    await search.fill('zzqx');
    await dialog.getByText('No pros found').waitFor();
    await dialog.getByRole('button', { name: 'Pros', exact: true }).click();
    await search.fill('quin');
    const option = dialog.getByRole('option').filter({ hasText: PRO_NAME });
    await option.waitFor();
    // At most 2 genres per result, and no price for this pro.
    expect(await option.getByTestId('user-genres').textContent()).toBe(' · Indie Rock, Indie Folk');
    expect(await option.getByTestId('user-price').count()).toBe(0);
    await screenshot(mus, 'feedback-user-search');
    await option.click();
    expect(await dialog.getByTestId('share-user-selected').textContent()).toContain(PRO_NAME);
    expect(await dialog.getByTestId('share-submit').isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shares it with that pro from Choose Your Pro; a priced pro is flagged before anything is typed', async () => {
    await mus.getByTestId('sidebar').getByRole('link', { name: 'Choose Pro' }).click();
    await waitForPath(mus, '/choose-pro');
    await mus.getByRole('heading', { name: 'Choose Your Pro' }).waitFor();
    const quinn = proCardNamed(mus, PRO_NAME);
    const paul = proCardNamed(mus, PRICED_PRO_NAME);
    await showProCard(mus, quinn);
    await showProCard(mus, paul);
    expect(await quinn.getByTestId('pro-price').count()).toBe(0);
    expect(await paul.getByTestId('pro-price').textContent()).toBe('$30 per feedback');
    // Three columns on a wide screen.
    const columns = await mus.getByTestId('pro-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    // 'More about' is a popover on hover here.
    const panel = quinn.getByTestId('pro-more-panel');
    expect(await panel.isVisible()).toBe(false);
    await quinn.getByRole('button', { name: `More about ${PRO_NAME}` }).hover();
    await panel.waitFor({ state: 'visible' });
    expect(await panel.textContent()).toContain('GenresIndie Rock, Indie Folk, Singer-Songwriter');
    await screenshot(mus, 'feedback-choose-pro');
    await mus.mouse.move(0, 0);
    await panel.waitFor({ state: 'hidden' });

    // Opened by a click it stays open, clear of Choose Pro, and closes with Esc or a click elsewhere.
    const more = quinn.getByRole('button', { name: `More about ${PRO_NAME}` });
    const onChoose = async () => {
      const box = (await quinn.getByRole('button', { name: 'Choose Pro' }).boundingBox())!;
      return mus.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="pro-choose"]') != null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    };
    await more.click();
    await mus.mouse.move(0, 0);
    await panel.waitFor({ state: 'visible' });
    expect(await onChoose()).toBe(true);
    await mus.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    await more.click();
    await mus.getByRole('heading', { name: 'Choose Your Pro' }).click();
    await panel.waitFor({ state: 'hidden' });

    // The priced pro: said up front, and the request goes on to payment (test/e2e/payments.test.ts pays).
    await paul.getByRole('button', { name: 'Choose Pro' }).click();
    let dialog = mus.getByRole('dialog', { name: 'Request Feedback' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('share-price').textContent()).toBe('$30 per feedback');
    expect(await dialog.getByTestId('share-paid').textContent()).toContain('You pay on the next step, with PayPal.');
    await dialog.getByLabel('Track', { exact: true }).selectOption({ label: title });
    await dialog.getByLabel('Feedback notes', { exact: true }).fill('Is it ready?');
    await dialog.getByLabel('Context', { exact: true }).selectOption('pre_release');
    expect(await dialog.getByTestId('share-submit').textContent()).toBe('Continue to Payment');
    // The notes typed would be lost: closing asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await mus.getByRole('alertdialog', { name: 'Discard this request?' }).getByTestId('confirm-button').click();
    await dialog.waitFor({ state: 'detached' });

    // Every frame painted from here on: the dialog opened for Quinn never shows, even once, Paul's details.
    await mus.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenChosen: string[] }).seenChosen = seen;
      const look = () => {
        const chosen = document.querySelector('[data-testid="share-user-selected"]')?.textContent;
        if (chosen && seen.at(-1) !== chosen) seen.push(chosen);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await quinn.getByRole('button', { name: 'Choose Pro' }).click();
    dialog = mus.getByRole('dialog', { name: 'Request Feedback' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('share-user-selected').textContent()).toContain(PRO_NAME);
    // A busy machine may not have drawn a frame yet: wait for the first one the dialog is in.
    await mus.waitForFunction(() => (window as unknown as { seenChosen: string[] }).seenChosen.length > 0);
    const painted = await mus.evaluate(() => (window as unknown as { seenChosen: string[] }).seenChosen);
    expect(painted.every((text) => text.includes(PRO_NAME))).toBe(true);
    await dialog.getByLabel('Track', { exact: true }).selectOption({ label: title });
    await dialog.getByLabel('Feedback notes', { exact: true }).fill('Does the chorus lift enough? Be honest about the vocals.');
    await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
    await dialog.getByLabel('Reference track (optional)', { exact: true }).fill('https://example.test/reference');
    await dialog.getByRole('group', { name: 'Feedback categories' }).getByRole('button', { name: 'Vocal' }).click();
    await dialog.getByRole('group', { name: 'Feedback categories' }).getByRole('button', { name: 'Mixing' }).click();
    await dialog.getByLabel('Track purpose', { exact: true }).selectOption({ label: 'Streaming Release' });
    await screenshot(mus, 'feedback-share-modal');
    await dialog.getByTestId('share-submit').click();
    await dialog.getByText('Feedback Request Sent!').waitFor();
    await screenshot(mus, 'feedback-share-sent');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Back home, the hub lists the request as pending; opened, it waits for the pro.
    await mus.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await waitForPath(mus, '/dashboard');
    const item = shareItem(mus);
    await item.waitFor();
    expect(await item.getByTestId('share-who').textContent()).toBe(`Shared with ${PRO_NAME}`);
    expect(await item.getByTestId('share-status').textContent()).toBe('Pending');
    await item.getByRole('button', { name: `Open ${title}` }).click();
    await item.getByTestId('feedback-waiting').waitFor();
  });

  it('e-mails the pro, who opens the link, finds it under Tracks to Rate and accepts it', async () => {
    const requested = await waitForEmail(stack.mailUrl, PRO_EMAIL, /requested/i, { since: startedAt });
    expect(requested.subject).toContain(title);
    // Open from here to the end of the file: the next tests go on in it.
    ({ context: proCtx, page: pro } = await signedInPage(e2e.browser, PRO_EMAIL, '/dashboard', DESKTOP));
    // The link opens the request's own page; from there, back to the dashboard.
    await pro.goto(requestLink(requested));
    await pro.getByTestId('feedback-request').getByRole('heading', { level: 2, name: title }).waitFor();
    await pro.getByRole('link', { name: 'Back to the dashboard' }).click();
    await waitForPath(pro, '/dashboard');
    await pro.getByRole('heading', { name: 'Pro Experience' }).waitFor();
    expect(await pro.getByRole('tab', { name: 'Tracks to Rate' }).getAttribute('aria-selected')).toBe('true');
    const item = shareItem(pro);
    await item.waitFor();
    expect(await item.getByTestId('share-who').textContent()).toBe('Shared by Nina Loop');
    expect(await item.getByTestId('share-status').textContent()).toBe('Pending');
    await item.getByRole('button', { name: `Open ${title}` }).click();
    expect(await item.getByTestId('request-notes').textContent()).toBe('Does the chorus lift enough? Be honest about the vocals.');
    expect(await item.getByTestId('request-context').textContent()).toBe('Mix check');
    await item.getByRole('button', { name: 'Accept' }).click();
    await waitForText(item.getByTestId('share-status'), 'Accepted');
    await item.getByTestId('reviewer-form').waitFor();
    // The musician sees the answer without a reload.
    await waitForText(shareItem(mus).getByTestId('share-status'), 'Accepted');
  });

  it('the pro comments on exact seconds, by button and by keyboard, edits one and takes an AI suggestion', async () => {
    const item = shareItem(pro);
    const form = item.getByTestId('reviewer-form');
    const composer = form.getByTestId('comment-composer');
    const box = composer.getByTestId('comment-input');
    const cards = form.getByTestId('comment-card');

    // First comment: click a quarter into the waveform, start typing, the time is taken.
    const wave = form.getByTestId('player-waveform');
    // wavesurfer arrives when the pointer first comes over the player, and then draws the waveform.
    await wave.hover();
    await wave.and(pro.locator('[data-drawn="true"]')).waitFor();
    const box1 = (await wave.boundingBox())!;
    await pro.mouse.click(box1.x + box1.width * 0.25, box1.y + box1.height / 2);
    const t1 = await waitForSlider(form, (v) => v >= 3 && v <= 7, 'reached a quarter of the track');
    await box.fill('The kick and the bass fight each other here.');
    expect(await composer.getByTestId('comment-timestamp').textContent()).toBe(`0:${String(t1).padStart(2, '0')}`);
    await composer.getByRole('button', { name: 'Rhythm' }).click();
    await composer.getByRole('button', { name: 'Bassline' }).click();
    expect(await composer.getByTestId('category-status').textContent()).toBe('2 categories selected');
    await composer.getByTestId('comment-submit').click();
    await cards.first().waitFor();
    await waitForValue(box, '');
    expect(await composer.getByTestId('category-status').textContent()).toBe(
      'No categories selected - this will be general timestamped feedback',
    );

    // Second: the keyboard moves the playhead 10 s on; Ctrl+Enter sends it.
    await wave.focus();
    await pro.keyboard.press('ArrowRight');
    const t2 = await waitForSlider(form, (v) => v === t1 + 10, 'moved 10 s on');
    await box.fill('  Vocals sit too low in the chorus.  ');
    await composer.getByRole('button', { name: 'Vocal' }).click();
    expect(await composer.getByTestId('category-status').textContent()).toBe('1 category selected');
    await box.press('Control+Enter');
    await pro.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="reviewer-form"] [data-testid="comment-card"]').length === n,
      2,
    );
    expect(await cards.nth(1).getByTestId('comment-text').textContent()).toBe('Vocals sit too low in the chorus.');
    expect(await cards.nth(1).getByTestId('comment-time').textContent()).toBe(`0:${String(t2).padStart(2, '0')}`);
    expect(await cards.nth(1).getByTestId('comment-tag').allTextContents()).toEqual(['Vocal']);

    // Edit the first; Esc would cancel, Save keeps it.
    const first = cards.first();
    await first.getByRole('button', { name: 'Edit comment' }).click();
    const editor = first.getByTestId('comment-editor');
    await editor.getByTestId('comment-input').fill('The kick and the bass fight around 60 Hz: sidechain the bass.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await waitForText(first.getByTestId('comment-text'), 'The kick and the bass fight around 60 Hz: sidechain the bass.');
    expect(await first.getByTestId('comment-tag').allTextContents()).toEqual(['Rhythm', 'Bassline']);

    // AI Suggest on a third, at the end of the track.
    await pro.route('**/feedbacks/suggestion', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await wave.focus();
    await pro.keyboard.press('End');
    await waitForSlider(form, (v) => v >= TRACK_SECONDS - 1, 'reached the end');
    await box.fill('snare too loud');
    await composer.getByRole('button', { name: 'Mixing' }).click();
    await composer.getByTestId('ai-suggest').click();
    await waitForText(composer.getByTestId('ai-suggest'), 'Thinking...', 2000);
    const suggestion = await waitForText(composer.getByTestId('ai-suggestion-text'), /.{20,}/);
    expect(suggestion).not.toBe('snare too loud');
    await composer.getByRole('button', { name: 'Accept' }).click();
    await waitForValue(box, suggestion);
    await composer.getByTestId('comment-submit').click();
    await pro.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="reviewer-form"] [data-testid="comment-card"]').length === n,
      3,
    );
    expect(await form.getByTestId('player-marker').count()).toBe(3);

    // The review is the reviewer's until it is submitted: the musician's open view says it is in progress, and shows none of it.
    await waitForText(
      shareItem(mus).getByTestId('feedback-waiting'),
      'In progress: Quinn Peer is listening. The review appears here, all of it at once, when it is submitted.',
    );
    expect(await shareItem(mus).getByTestId('comment-card').count()).toBe(0);
  });

  it('the pro rates the criteria, writes the general comment and submits: the share is complete', async () => {
    const item = shareItem(pro);
    const form = item.getByTestId('reviewer-form');
    const submit = form.getByTestId('feedback-submit');
    const group = (name: string) => form.getByRole('group', { name });
    await group('Mixing & Mastering').getByRole('button', { name: '4 stars' }).click();
    await group('Energy & Impact').getByRole('button', { name: '5 stars' }).click();
    // Clicking the same star again clears it.
    await group('Vocals & Lyrics').getByRole('button', { name: '2 stars' }).click();
    expect(await group('Vocals & Lyrics').getAttribute('data-value')).toBe('2');
    await group('Vocals & Lyrics').getByRole('button', { name: '2 stars' }).click();
    expect(await group('Vocals & Lyrics').getAttribute('data-value')).toBe('0');
    await form.getByLabel('General comment', { exact: true }).fill('A strong song: fix the low end and lift the vocal, and it is ready.');
    await screenshot(pro, 'feedback-review');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await pro.getByRole('alertdialog', { name: 'Submit your feedback?' }).getByTestId('confirm-button').click();
    expect(await waitForText(pro.getByTestId('toast'), /Feedback sent to/)).toBe(`Feedback sent to ${musician.fullName}.`);

    // It leaves Tracks to Rate for the history, completed.
    await item.waitFor({ state: 'detached', timeout: 15_000 });
    await pro.getByRole('tab', { name: 'Your Feedback History' }).click();
    await waitForText(shareItem(pro).getByTestId('share-status'), 'Completed');
    const responded = await waitForEmail(stack.mailUrl, musician.email, /responded/i, { since: startedAt });
    expect(responded.subject).toContain(title);
  });

  it('the musician sees the completed feedback live, seeks from a comment and rates it 4 stars', async () => {
    const item = shareItem(mus);
    await waitForText(item.getByTestId('share-status'), 'Completed');
    await item.getByTestId('criteria-bars').waitFor({ timeout: 15_000 });
    const bars = item.getByTestId('criteria-bar');
    expect(await bars.evaluateAll((els) => els.map((e) => [e.getAttribute('data-criterion'), e.getAttribute('data-score')]))).toEqual([
      ['mixingMastering', '4'],
      ['energyImpact', '5'],
    ]);
    expect(await item.getByTestId('general-feedback-text').textContent()).toBe(
      'A strong song: fix the low end and lift the vocal, and it is ready.',
    );
    const cards = item.getByTestId('comment-card');
    const times = await cards.evaluateAll((els) => els.map((e) => e.querySelector('[data-testid="comment-time"]')?.textContent ?? null));
    expect(times).toHaveLength(3);
    const seconds = times.map((t) => (t ? Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]) : Infinity));
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(await cards.getByTestId('comment-author').allTextContents()).toEqual([PRO_NAME, PRO_NAME, PRO_NAME]);
    // Each comment says how it was made, as the server decided: the suggestion taken is AI-assisted.
    expect(await item.getByTestId('comments-made').textContent()).toBe('3 comments: 2 typed, 1 AI-assisted');
    expect(await cards.getByTestId('comment-made').allTextContents()).toContain('AI-assisted (100% of the suggestion kept)');
    expect(await item.getByTestId('player-marker').count()).toBe(3);
    // The musician cannot edit the pro's comments.
    expect(await item.getByRole('button', { name: 'Edit comment' }).count()).toBe(0);

    // Clicking the second comment seeks there and highlights it.
    const second = cards.nth(1);
    await second.getByTestId('comment-text').click();
    await waitForAttr(item.getByTestId('player-waveform'), 'aria-valuenow', String(seconds[1]));
    await waitForAttr(second, 'data-active', 'true');
    expect(await cards.nth(0).getAttribute('data-active')).toBe('false');
    expect(await item.locator('[data-testid="player-marker"][data-active="true"]').count()).toBeGreaterThanOrEqual(1);
    // Scrolled down to the last comment, the player is still in view, so the seek can be seen.
    await cards.nth(2).scrollIntoViewIfNeeded();
    await mus.mouse.wheel(0, 400);
    const wave = (await item.getByTestId('player-waveform').boundingBox())!;
    expect(wave.y).toBeGreaterThanOrEqual(0);
    expect(wave.y + wave.height).toBeLessThanOrEqual(DESKTOP.height);
    // A control that gets focus while it is behind the stuck player is brought out from under it.
    const firstTime = cards.nth(0).getByTestId('comment-time');
    await firstTime.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 10));
    await firstTime.focus();
    const [timeTop, playerBottom] = await firstTime.evaluate((el) => [
      el.getBoundingClientRect().top,
      el.closest('.feedback-detail')!.querySelector(':scope > .player')!.getBoundingClientRect().bottom,
    ]);
    expect(timeTop).toBeGreaterThanOrEqual(playerBottom - 1);
    // Its time link plays the comment's moment, not only moves there.
    expect(await firstTime.getAttribute('aria-label')).toMatch(/^Play from 0:\d\d$/);
    await firstTime.click();
    await item
      .getByTestId('player')
      .getByRole('button', { name: /^Pause / })
      .click();
    await item
      .getByTestId('player')
      .getByRole('button', { name: /^Play / })
      .waitFor();
    await second.scrollIntoViewIfNeeded();
    await screenshot(mus, 'feedback-view');

    const rating = item.getByTestId('rating-form');
    expect(await rating.getByRole('button', { name: 'Submit Rating' }).isDisabled()).toBe(true);
    await rating.getByRole('button', { name: '4 stars' }).click();
    await rating.getByLabel('Comment (optional)', { exact: true }).fill('Clear and specific, thank you.');
    await rating.getByRole('button', { name: 'Submit Rating' }).click();
    await item.getByText('Thank you for your feedback!!').waitFor();
    expect(await item.getByTestId('rating-form').count()).toBe(0);
    await screenshot(mus, 'feedback-rated');

    // The e-mail's link opens the request, with the rating given.
    const responded = await waitForEmail(stack.mailUrl, musician.email, /responded/i, { since: startedAt });
    await mus.goto(requestLink(responded));
    await mus.getByTestId('feedback-request').getByText('Thank you for your feedback!!').waitFor();
    await mus.goto(`${stack.appUrl}/dashboard`);
    await shareItem(mus).waitFor();
    // The pro sees the rating in the history.
    const done = shareItem(pro);
    await done.getByRole('button', { name: `Open ${title}` }).click();
    await done.getByTestId('rating-received').waitFor({ timeout: 15_000 });
  });

  it('shows the same screens on a phone', async () => {
    const phoneMus = await e2e.signedIn(musician, '/dashboard', PHONE);
    const phonePro = await e2e.signedIn(PRO_EMAIL, '/dashboard', PHONE);
    const item = shareItem(phoneMus);
    await item.getByRole('button', { name: `Open ${title}` }).click();
    await item.getByText('Thank you for your feedback!!').waitFor();
    await item.getByTestId('comment-card').first().getByTestId('comment-text').click();
    await screenshot(phoneMus, 'feedback-view');

    await phoneMus.goto(`${stack.appUrl}/choose-pro`);
    const quinn = proCardNamed(phoneMus, PRO_NAME);
    await showProCard(phoneMus, quinn);
    // One column, and 'More about' opens with a tap.
    const columns = await phoneMus.getByTestId('pro-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await quinn.getByRole('button', { name: `More about ${PRO_NAME}` }).click();
    await quinn.getByTestId('pro-more-panel').waitFor({ state: 'visible' });
    await screenshot(phoneMus, 'feedback-choose-pro');
    await quinn.getByRole('button', { name: 'Choose Pro' }).click();
    await phoneMus.getByRole('dialog', { name: 'Request Feedback' }).waitFor();
    await screenshot(phoneMus, 'feedback-share-modal');

    await phonePro.getByRole('tab', { name: 'Your Feedback History' }).click();
    const done = shareItem(phonePro);
    await done.getByRole('button', { name: `Open ${title}` }).click();
    await done.getByTestId('criteria-bars').waitFor();
    await screenshot(phonePro, 'feedback-review');
  });
});
