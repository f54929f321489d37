/**
 * Paid feedback in the browser, against the local PayPal stand-in: the demo musician asks the demo pro
 * (who charges $30) from Choose Your Pro, pays on the stand-in's approval page and lands on the success
 * page with what she bought; the pro finds the request under 'Tracks to Rate'. Cancelling on the
 * approval page lands on the cancel page with nothing charged. Other test files share these demo users,
 * so nothing here counts their shares: the request is told apart by its notes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot, SMALL_PHONE } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { expectAccessible, expectFitsWidth, pathOf, proCardNamed, showProCard, textOf, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const notes = `Is the 808 too loud under the hook? (${suffix})`;
const PRO = 'Paul Producer';
const TRACK = 'Sunrise Sketch';

/** On Choose Your Pro: chooses Paul, fills the request for a track and continues to the payment step. */
async function requestFromPaul(page: Page, track: string, shot: string) {
  await page.goto(`${stack.appUrl}/choose-pro`);
  await page.getByRole('heading', { name: 'Choose Your Pro', exact: true }).waitFor();
  const card = await showProCard(page, proCardNamed(page, PRO));
  expect(await card.getByTestId('pro-price').textContent()).toBe('$30 per feedback');
  const free = await showProCard(page, proCardNamed(page, 'Quinn Peer'));
  expect(await free.getByTestId('pro-free').textContent()).toBe('Free');
  await screenshot(page, `${shot}-choose-pro`);
  await card.getByRole('button', { name: 'Choose Pro' }).click();

  const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
  await dialog.waitFor();
  await dialog.getByLabel('Track', { exact: true }).selectOption({ label: track });
  await dialog.getByLabel('Feedback notes', { exact: true }).fill(notes);
  await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
  const next = dialog.getByRole('button', { name: 'Continue to Payment' });
  await next.click();

  const step = dialog.getByRole('region', { name: 'Review and Pay' });
  await step.waitFor();
  expect(await step.getByTestId('payment-price').textContent()).toBe('$30.00');
  expect(await step.getByTestId('payment-pro').textContent()).toBe(PRO);
  expect(await step.getByTestId('payment-track').textContent()).toBe(track);
  expect(await step.getByTestId('payment-next').textContent()).toBe(
    `You pay now; if ${PRO} declines or does not answer within 48 hours, you are refunded in full.`,
  );
  // The payment button is PayPal's gold and 45 px high, across the dialog.
  const pay = step.getByRole('button', { name: 'Pay with PayPal' });
  const look = await pay.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, height: el.getBoundingClientRect().height, width: el.getBoundingClientRect().width };
  });
  expect(look.background).toBe('rgb(255, 196, 57)');
  expect(look.height).toBe(45);
  expect(look.width).toBeGreaterThan(250);
  await screenshot(page, `${shot}-payment-step`);
  return { dialog, step, pay };
}

/** The stand-in's approval page for the order just opened. */
async function approvalPage(page: Page) {
  await page.waitForURL((url) => url.pathname === '/checkoutnow', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Pay $30.00 to Snip with PayPal' }).waitFor();
}

describe('paid feedback with PayPal', () => {
  it('the musician pays the pro from Choose Your Pro and sees what she bought', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard', DESKTOP);
    const { step, pay } = await requestFromPaul(page, TRACK, 'pay');

    // Go Back keeps what was written; continuing again shows the same price.
    await step.getByRole('button', { name: 'Go Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
    expect(await dialog.getByLabel('Feedback notes', { exact: true }).inputValue()).toBe(notes);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await pay.waitFor();

    await pay.click();
    await approvalPage(page);
    await screenshot(page, 'pay-approval');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    await waitForPath(page, '/feedback/success', 20_000);
    const card = page.getByTestId('payment-summary');
    await card.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Payment Successful');
    expect(await textOf(page, 'payment-lead')).toBe(`Your request is on its way to ${PRO}.`);
    expect(await textOf(page, 'summary-pro')).toBe(PRO);
    expect(await textOf(page, 'summary-track')).toBe(TRACK);
    expect(await textOf(page, 'summary-amount')).toBe('$30.00');
    expect(new URL(page.url()).searchParams.get('token')).toMatch(/^[A-Z0-9]+$/);
    // Choose Your Pro follows the summary.
    await page.getByRole('heading', { name: 'Choose Your Pro', exact: true }).waitFor();
    await screenshot(page, 'pay-success');

    await card.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
  });

  it("the pro finds the paid request under 'Tracks to Rate'", async () => {
    const page = await e2e.signedIn('pro@demo.test', '/dashboard', DESKTOP);
    const tab = page.getByRole('tab', { name: /Tracks to Rate/ });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const items = page
      .getByTestId('to-rate-list')
      .getByTestId('share-item')
      .filter({ has: page.getByTestId('share-title').getByText(TRACK, { exact: true }) })
      .filter({ has: page.getByText('Shared by Mia Musician', { exact: true }) });
    // Newest first: the request just paid for.
    const item = items.first();
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('share-status').textContent()).toBe('Pending');
    await item.getByRole('button', { name: `Open ${TRACK}` }).click();
    expect(await item.getByTestId('request-notes').textContent()).toBe(notes);
    expect(await item.getByTestId('share-paid').textContent()).toBe('Paid $30.00');
    await screenshot(page, 'pay-pro-to-rate');

    // The earning, on the pro's profile: $30 less the margin in force (the demo's 20%; the API test of
    // the margin may be trying 25% at the same moment), the two adding up.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    const card = page.getByTestId('earnings-card');
    await card.getByRole('heading', { name: 'Current Balance' }).waitFor();
    const entry = card
      .getByTestId('earnings-entry')
      .filter({ hasText: `on "${TRACK}"` })
      .first();
    await entry.waitFor();
    const [, percent, earned] = /(\d+(?:\.\d)?)% margin on \$30\.00.*\+\$(\d+\.\d\d)/.exec((await entry.textContent())!)!;
    // Not available yet: the review is not delivered.
    expect(await entry.getByTestId('earning-state').textContent()).toBe('Pending: available 7 days after you deliver the review');
    expect(Math.round(Number(earned) * 100)).toBe(Math.round(3000 * (1 - Number(percent) / 100)));
    await screenshot(page, 'pay-pro-earnings');
  });

  it('the musician finds the payment under Billing & Plan, with a receipt to print', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard', DESKTOP);
    await page.goto(`${stack.appUrl}/settings`);
    const panel = page.getByTestId('payments-panel');
    // Newest first: the payment just made.
    const row = panel
      .getByTestId('payment-row')
      .filter({ hasText: `Feedback from ${PRO} on “${TRACK}”` })
      .first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('payment-status').textContent()).toBe('Paid');
    await expectAccessible(page, 'settings with payments');
    await screenshot(page, 'settings-payments');
    await row.getByRole('link', { name: `Receipt for feedback from ${PRO} on ${TRACK}` }).click();
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await receipt.getByRole('heading', { level: 1 }).textContent()).toBe('Receipt');
    expect(await textOf(page, 'receipt-total')).toBe('$30.00');
    expect(await textOf(page, 'receipt-status')).toBe('Paid');
    expect(await receipt.textContent()).toContain('Billed toMia Musician');
    await expectAccessible(page, 'receipt');
    await screenshot(page, 'receipt');
    const url = page.url();
    const phone = await e2e.signedIn('musician@demo.test', '/dashboard', SMALL_PHONE);
    await phone.goto(url);
    await phone.getByTestId('receipt').waitFor();
    await expectFitsWidth(phone, 'the receipt');
    await screenshot(phone, 'receipt');
  });

  it('cancelling on the approval page lands on the cancel page, with nothing charged (375 px)', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard', SMALL_PHONE);
    const { pay } = await requestFromPaul(page, 'Midnight Drive', 'pay-phone');
    await pay.click();
    await approvalPage(page);
    await screenshot(page, 'pay-phone-approval');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    const given = page.waitForResponse((r) => r.url().endsWith('/paypal/cancel-order') && r.request().method() === 'POST');
    await waitForPath(page, '/feedback/cancel', 20_000);
    expect(new URL(page.url()).searchParams.get('token')).toMatch(/^[A-Z0-9]+$/);
    // The page gives the order up, so it no longer counts among the musician's open payments.
    const cancelled = await given;
    expect(cancelled.status()).toBe(200);
    expect(await cancelled.json()).toMatchObject({ orderId: new URL(page.url()).searchParams.get('token'), status: 'failed' });
    await page.getByRole('heading', { name: 'Payment Cancelled', exact: true }).waitFor();
    const card = page.getByTestId('payment-cancelled');
    expect(await card.textContent()).toContain('Nothing was charged.');
    expect(await card.textContent()).toContain('Your request was not sent. You can send it again at any time.');
    await page.getByRole('heading', { name: 'Choose Your Pro', exact: true }).waitFor();
    await screenshot(page, 'pay-phone-cancel');
    expect(pathOf(page)).toBe('/feedback/cancel');
  });
});
