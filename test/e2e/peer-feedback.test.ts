/**
 * Free peer feedback between two musicians, in two browsers: one asks another musician (found with the
 * search's Musicians filter), who finds the request in their own Feedback Hub, accepts, comments, rates
 * and submits; the first sees it complete without a reload and asks for clarification, which the
 * reviewer answers.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from '../support/browser.js';
import { onboard, uploadTrack } from '../support/flows.js';
import { createConfirmedUser, type TestUser } from '../support/users.js';
import { browserTests } from './fixtures.js';
import { hubItemTitled, submitReview } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const title = `Peer Song ${suffix}`;
const reviewerName = `Bea Peer${suffix}`;
const askerName = `Alex Asker${suffix}`;

let asker: TestUser;
let reviewer: TestUser;
let a: Page;
let b: Page;

const hubItem = (page: Page): Locator => hubItemTitled(page, title);

beforeAll(async () => {
  [asker, reviewer] = await Promise.all([
    createConfirmedUser(stack, { fullName: askerName, prefix: 'peer-a' }),
    createConfirmedUser(stack, { fullName: reviewerName, prefix: 'peer-b' }),
  ]);
  await onboard(stack, asker, 'musician');
  await onboard(stack, reviewer, 'musician');
  await uploadTrack(stack, asker, title, { seconds: 12 });
});
const askerSession = e2e.signedInForAll(() => asker, '/dashboard', DESKTOP);
const reviewerSession = e2e.signedInForAll(() => reviewer, '/dashboard', DESKTOP);
beforeAll(() => {
  [a, b] = [askerSession.page, reviewerSession.page];
});

describe('peer feedback between musicians', () => {
  it('a musician asks another musician, found with the Musicians filter', async () => {
    await a.getByRole('button', { name: `Get feedback on ${title}` }).click();
    const dialog = a.getByRole('dialog', { name: 'Request Feedback' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Musicians', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Share with' }).fill(reviewerName.slice(0, 8));
    await dialog.getByRole('option').filter({ hasText: reviewerName }).click();
    await dialog.getByLabel('Feedback notes', { exact: true }).fill('Is the hook catchy enough?');
    await dialog.getByLabel('Context', { exact: true }).selectOption('first_draft');
    await dialog.getByTestId('share-submit').click();
    await dialog.getByText('Feedback Request Sent!').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const item = hubItem(a);
    await item.waitFor();
    expect(await item.getByTestId('share-who').textContent()).toBe(`Shared with ${reviewerName}`);
  });

  it('the other musician finds it in their own hub, accepts and reviews it', async () => {
    const item = hubItem(b);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('share-who').textContent()).toBe(`Shared by ${askerName}`);
    expect(await item.getByTestId('share-status').textContent()).toBe('Pending');
    await item.getByRole('button', { name: `Open ${title}` }).click();
    await item.getByRole('button', { name: 'Accept' }).click();

    const form = item.getByTestId('reviewer-form');
    await form.waitFor();
    const box = form.getByTestId('comment-composer').getByTestId('comment-input');
    // A musician reviewing gets the reviewer's prompts.
    expect(await box.getAttribute('placeholder')).toBe('What do you hear at this moment? What works, and what would you change?');
    await box.fill('The hook lands; the second verse drags a little.');
    await form.getByTestId('comment-composer').getByRole('button', { name: 'Arrangement' }).click();
    await box.press('Control+Enter');
    await form.getByTestId('comment-card').waitFor();
    await form.getByRole('group', { name: 'Energy & Impact' }).getByRole('button', { name: '4 stars' }).click();
    await form.getByLabel('General comment', { exact: true }).fill('Keep the hook, tighten verse two.');
    await screenshot(b, 'peer-review');
    await submitReview(b, form);
    await item.getByTestId('share-status').getByText('Completed').waitFor({ timeout: 15_000 });
  });

  it('the asker sees it complete without a reload and can ask for clarification', async () => {
    const item = hubItem(a);
    await item.getByTestId('share-status').getByText('Completed').waitFor({ timeout: 15_000 });
    await item.getByRole('button', { name: `Open ${title}` }).click();
    await item.getByTestId('criteria-bars').waitFor();
    expect(await item.getByTestId('comment-tag').allTextContents()).toEqual(['Arrangement']);
    expect(await item.getByTestId('general-feedback-text').textContent()).toBe('Keep the hook, tighten verse two.');
    const box = item.getByTestId('comment-input');
    expect(await box.getAttribute('placeholder')).toBe('Ask your mentor for clarification on any part of the feedback...');
    await box.fill('Which part of verse two exactly?');
    await box.press('Control+Enter');
    await item.getByTestId('comment-card').filter({ hasText: 'Which part of verse two exactly?' }).waitFor();
    await item.getByTestId('rating-form').waitFor();
    await screenshot(a, 'peer-feedback-received');
  });

  it('the reviewer sees the question live and answers it; the submitted review stays as it was', async () => {
    const item = hubItem(b);
    const question = item.getByTestId('comment-card').filter({ hasText: 'Which part of verse two exactly?' });
    await question.waitFor({ timeout: 15_000 });
    expect(await item.getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
    const box = item.getByTestId('comment-input');
    expect(await box.getAttribute('placeholder')).toBe(`Answer ${askerName}'s questions, or add a note...`);
    await box.fill('The pre-chorus: the drums stay too busy.');
    await box.press('Control+Enter');
    await hubItem(a)
      .getByTestId('comment-card')
      .filter({ hasText: 'The pre-chorus: the drums stay too busy.' })
      .waitFor({ timeout: 15_000 });
  });
});
