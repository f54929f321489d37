/**
 * 'Delete my account' in the browser: a musician with a paid request still waiting is told what to settle
 * (with a link to it) and offered no delete; one with nothing open reads what the deletion does, must type
 * their e-mail, and lands on the front page signed out, which says the account is gone; the reviewer then
 * finds the review they wrote attributed to 'Deleted user'. At desktop and phone widths, axe-clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_TRACK, DELETED_USER } from '../../shared/constants.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { callRoute, flows, money, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { expectAccessible, expectFitsWidth, waitForPath } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);

let quinn: TestUser;
let quinnId: string;

/** A musician with one track and a review of it by Quinn; the request's id. */
async function reviewedMusician(name: string) {
  const { user } = await flows.onboardedUser(stack, 'musician', { fullName: name, prefix: 'del' });
  const track = await flows.uploadTrack(stack, user, `${name} demo`, { seconds: 2 });
  const asked = await flows.requestFeedback(stack, user, quinnId, track.id, money.REQUEST_OPTIONS);
  expect(asked.status).toBe(200);
  await flows.respondToShare(stack, quinn, asked.body.id, 'accepted');
  await callRoute(stack.apiUrl, 'addComment', { id: asked.body.id, timestamp: 1, text: 'Lovely chorus', tags: ['#Melody'] }, quinn.idToken);
  expect(
    (await callRoute(stack.apiUrl, 'submitFeedback', { id: asked.body.id, criteria: { energyImpact: 4 } }, quinn.idToken)).status,
  ).toBe(200);
  return { user, shareId: asked.body.id as string };
}

beforeAll(async () => {
  useStackEnvironment(stack);
  ({ user: quinn, id: quinnId } = await flows.onboardedUser(stack, 'musician', { fullName: `Quinn Keeps${suffix}`, prefix: 'del-q' }));
});

const openDialog = async (page: import('playwright-core').Page) => {
  await page.goto(`${stack.appUrl}/account`);
  await page.getByTestId('delete-account').click();
  const dialog = page.getByTestId('delete-account-dialog');
  await dialog.waitFor();
  return dialog;
};

describe('Delete my account', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('lists a paid request still waiting, with a link to it, and offers no delete (%s)', async (name, viewport) => {
    const { id: proId } = await flows.onboardedUser(stack, 'pro', { fullName: `Pam Pending${suffix}`, prefix: 'del-p' });
    await money.setPrice(stack, proId, 3000);
    const { user: max } = await flows.onboardedUser(stack, 'musician', { fullName: `Max Paid${suffix}`, prefix: 'del-m' });
    const { view } = await money.paidRequest(stack, max, { id: proId, priceCents: 3000 }, `Waiting ${name}`);

    const page = await e2e.signedIn(max, '/dashboard', viewport);
    const dialog = await openDialog(page);
    const blockers = dialog.getByTestId('deletion-blockers');
    await blockers.getByText(`"Waiting ${name}": your paid request to Pam Pending${suffix} waits for their answer`).waitFor();
    expect(await dialog.getByTestId('confirm-delete-account').count()).toBe(0);
    await expectFitsWidth(page, `deletion blockers (${name})`);
    await expectAccessible(page, `deletion blockers (${name})`);
    await screenshot(page, `account-deletion-blocked-${name}`);
    await blockers.getByRole('link', { name: 'Open the request' }).click();
    await waitForPath(page, `/feedback/${view.shareId}`);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'says what it does, asks for the e-mail, and ends on the front page; the reviewer keeps the review (%s)',
    async (name, viewport) => {
      const fullName = `Mia Leaves${suffix}${name}`;
      const { user: mia, shareId } = await reviewedMusician(fullName);
      const page = await e2e.signedIn(mia, '/dashboard', viewport);
      const dialog = await openDialog(page);
      const said = dialog.getByTestId('deletion-consequences');
      await said.getByText('1 track with their audio', { exact: false }).waitFor();
      await said.getByText(`keeps it, attributed to ‘${DELETED_USER}’`, { exact: false }).waitFor();
      await expectFitsWidth(page, `deletion dialog (${name})`);
      await expectAccessible(page, `deletion dialog (${name})`);
      await screenshot(page, `account-deletion-${name}`);

      // The wrong e-mail deletes nothing.
      await dialog.getByLabel(`Type ${mia.email} to confirm`).fill('someone@example.test');
      await dialog.getByTestId('confirm-delete-account').click();
      await dialog.getByText("Type your account's e-mail to confirm").waitFor();
      expect((await callRoute(stack.apiUrl, 'getMe', {}, mia.idToken)).status).toBe(200);

      await dialog.getByLabel(`Type ${mia.email} to confirm`).fill(mia.email);
      await dialog.getByTestId('confirm-delete-account').click();
      await page.getByTestId('account-deleted').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('account-deleted').innerText()).toBe('Your account was deleted. Thank you for making music with us.');
      expect(new URL(page.url()).pathname).toBe('/');
      const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => /\.(accessToken|idToken|refreshToken)$/.test(k)));
      expect(tokens).toEqual([]);
      await expectAccessible(page, `front page after deletion (${name})`);
      await screenshot(page, `account-deleted-front-${name}`);

      // Quinn opens the request from its address: his review, its author a deleted user.
      const other = await e2e.signedIn(quinn, '/dashboard', viewport);
      await other.goto(`${stack.appUrl}/feedback/${shareId}`);
      await other.getByTestId('feedback-detail').waitFor();
      await other.getByText(DELETED_TRACK).first().waitFor();
      await other.getByText(DELETED_USER).first().waitFor();
      expect(await other.getByText(fullName).count()).toBe(0);
      await other.getByText('Lovely chorus').waitFor();
      expect(await other.getByTestId('participant-left').innerText()).toBe(
        'The musician deleted their account: this conversation is closed.',
      );
      expect(await other.getByTestId('audio-closed').innerText()).toBe('The musician deleted their account, and this track with it.');
      expect(await other.getByTestId('feedback-reply').count()).toBe(0);
      await screenshot(other, `account-deleted-reviewer-${name}`);
    },
  );
});
