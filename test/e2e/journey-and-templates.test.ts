/**
 * 'Your Journey to Pro' shows a musician's own figures (an empty state before the first review), and a
 * pro's AI Feedback Assistant says how often AI Suggest was used and manages their comment templates, one
 * of which 'Insert template' puts in the comment box from the keyboard. At desktop and phone widths, axe-clean.
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
const REQUEST = { feedbackNotes: 'Is the low end too heavy?', context: 'mix_check' };

let mia: TestUser;
let newcomer: TestUser;
let quinn: TestUser;
/** A request Quinn has accepted and not answered: where the template is inserted. */
let openShareId: string;

beforeAll(async () => {
  [mia, newcomer, quinn] = await Promise.all([
    createConfirmedUser(stack, { fullName: `Mia Journey${suffix}`, prefix: 'jrn-m' }),
    createConfirmedUser(stack, { fullName: `Nia New${suffix}`, prefix: 'jrn-n' }),
    createConfirmedUser(stack, { fullName: `Quinn Journey${suffix}`, prefix: 'jrn-q' }),
  ]);
  await Promise.all([onboard(stack, mia, 'musician'), onboard(stack, newcomer, 'musician')]);
  const quinnId = await onboard(stack, quinn, 'pro');
  const reviewed = await uploadTrack(stack, mia, `Reviewed ${suffix}`, { seconds: 2 });
  const open = await uploadTrack(stack, mia, `Mixdown ${suffix}`, { seconds: 6 });
  const share = (await requestFeedback(stack, mia, quinnId, reviewed.id, REQUEST)).body;
  openShareId = (await requestFeedback(stack, mia, quinnId, open.id, REQUEST)).body.id;
  await respondToShare(stack, quinn, share.id, 'accepted');
  await respondToShare(stack, quinn, openShareId, 'accepted');
  for (const tags of [['#Mixing'], ['#Mixing', '#Bassline'], ['#Vocal']]) {
    await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: null, text: 'A note on this', tags }, quinn.idToken);
  }
  const criteria = { mixingMastering: 3, compositionArrangement: 4, vocalsLyrics: 2, energyImpact: 5 };
  expect((await callRoute(stack.apiUrl, 'submitFeedback', { id: share.id, criteria }, quinn.idToken)).status).toBe(200);
  expect((await callRoute(stack.apiUrl, 'suggestComment', { text: 'kick is buried', shareId: openShareId }, quinn.idToken)).status).toBe(
    200,
  );
});

describe('Your Journey to Pro', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)("shows the musician's figures, the chart and its table, and what the application asks for (%s)", async (name, viewport) => {
    const page = await e2e.signedIn(mia, '/dashboard', viewport);
    const panel = page.getByTestId('journey-to-pro');
    await panel.getByTestId('journey-chart').waitFor();
    expect(await panel.getByTestId('journey-stat').allTextContents()).toEqual(['2', '1', '3.5 / 5', 'Mixing']);
    expect(await panel.getByTestId('journey-categories').locator('li').allTextContents()).toEqual([
      'Mixing2 comments',
      'Bassline1 comment',
      'Vocal1 comment',
    ]);
    expect(await panel.getByRole('table').locator('tbody tr').count()).toBe(1);
    await panel.getByRole('link', { name: 'Apply on your profile' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await expectFitsWidth(page);
    await expectAccessible(page, `journey to pro (${name})`);
    await screenshot(page, `journey-to-pro-${name}`);
  });

  it('tells a musician without reviews what will show, and takes them to the application', async () => {
    const page = await e2e.signedIn(newcomer, '/dashboard', PHONE);
    const panel = page.getByTestId('journey-to-pro');
    await panel.getByTestId('journey-empty').waitFor();
    expect(await panel.getByTestId('journey-stat').first().textContent()).toBe('0');
    await expectAccessible(page, 'journey to pro, empty');
    await screenshot(page, 'journey-to-pro-empty-phone');
    await panel.getByRole('link', { name: 'Apply on your profile' }).click();
    await page.getByTestId('application-card').waitFor();
  });
});

describe("the pro's AI Feedback Assistant", () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('says how often AI Suggest was used and manages templates (%s)', async (name, viewport) => {
    const page = await e2e.signedIn(quinn, '/dashboard', viewport);
    const usage = page.getByTestId('suggestion-usage');
    await usage.filter({ hasText: 'You have used AI Suggest' }).waitFor();
    expect(await usage.textContent()).toMatch(/^You have used AI Suggest (once|twice|\d+ times), last on /);
    const card = page.getByTestId('feedback-templates');
    const title = `Low end ${name}`;
    await card.getByTestId('template-add').click();
    await card.getByTestId('template-title').fill(title);
    await card.getByTestId('template-text').fill('The kick and the bass fight around 80 Hz: sidechain the bass to the kick.');
    await card.getByTestId('template-save').click();
    await card.getByTestId('template-item').filter({ hasText: title }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectFitsWidth(page);
    await expectAccessible(page, `AI Feedback Assistant (${name})`);
    await screenshot(page, `ai-assistant-${name}`);

    // Edited, then deleted once confirmed.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await card.getByTestId('template-text').fill('Sidechain the bass.');
    await card.getByTestId('template-save').click();
    await card.getByText('Sidechain the bass.').waitFor();
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await card.getByTestId('template-item').filter({ hasText: title }).waitFor({ state: 'detached' });
  });

  it("inserts a template into the review's comment box from the keyboard", async () => {
    const made = await callRoute(stack.apiUrl, 'createTemplate', { title: 'Vocals', text: 'Ride the vocal in the chorus.' }, quinn.idToken);
    expect(made.status).toBe(200);
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await e2e.signedIn(quinn, '/dashboard', viewport);
      const request = page.locator(`[data-testid="share-item"][data-share-id="${openShareId}"]`).first();
      await request.getByRole('button', { name: `Open Mixdown ${suffix}` }).click();
      const composer = request.getByTestId('comment-composer');
      // The box keeps what was typed in it as part of the draft: the first pass's text comes back on the second.
      await composer.getByTestId('comment-input').fill('');
      const toggle = composer.getByTestId('template-insert');
      await toggle.focus();
      await page.keyboard.press('Enter');
      const option = composer.getByTestId('template-option').filter({ hasText: 'Vocals' });
      await option.waitFor();
      await expectFitsWidth(page);
      await expectAccessible(page, `insert template (${name})`);
      await screenshot(page, `insert-template-${name}`);
      await option.focus();
      await page.keyboard.press('Enter');
      expect(await composer.getByTestId('comment-input').inputValue()).toBe('Ride the vocal in the chorus.');
      expect(await composer.getByTestId('comment-input').evaluate((el) => el === document.activeElement)).toBe(true);
    }
  });
});
