/**
 * Money out in the browser: a pro sees their balance in its parts, names the PayPal address they are paid
 * at and withdraws what is available, confirmed in a dialog; the local PayPal pays it. An admin then holds
 * the pro's payouts with a reason, which the pro sees on their profile, with Withdraw off.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { flows, type TestUser } from '../support/stack-kit.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { adminUserRow, expectAccessible, expectFitsWidth, expectLatestPayout } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const PAYPAL = `paulo-${randomUUID().slice(0, 8)}@example.test`;
let pro: TestUser;

/** The pro's profile, signed in (sign-in lands on the dashboard). */
async function profileOf(viewport: { width: number; height: number } = DESKTOP) {
  const page = await e2e.signedIn(pro, '/dashboard', viewport);
  await page.goto(`${stack.appUrl}/profile`);
  await page.getByTestId('payouts-card').waitFor();
  return page;
}

beforeAll(async () => {
  ({ user: pro } = await flows.proWithEarnings(stack, 50, { fullName: 'Paulo Payout', prefix: 'payout-pro' }));
});

describe('payouts', () => {
  it('a pro sets their PayPal address and withdraws what is available', async () => {
    const page = await profileOf();
    await page.getByTestId('earnings-parts').waitFor();
    expect(await page.getByTestId('earnings-parts').textContent()).toBe('Available $50.00, on hold $0.00, pending $0.00');
    const card = page.getByTestId('payouts-card');
    expect(await card.getByTestId('withdraw-block').textContent()).toBe('Add the PayPal address to be paid at first.');
    expect(await card.getByTestId('withdraw-button').isDisabled()).toBe(true);
    await card.getByLabel('PayPal e-mail to be paid at').fill(PAYPAL);
    await card.getByRole('button', { name: 'Save address' }).click();
    await card.getByTestId('payout-address').getByText(PAYPAL).waitFor();
    await expectAccessible(page, 'profile with payouts');

    await card.getByRole('button', { name: 'Withdraw $50.00' }).click();
    const dialog = page.getByTestId('withdraw-dialog');
    await dialog.getByText(`$50.00 will be sent to your PayPal account ${PAYPAL}.`).waitFor();
    await screenshot(page, 'payouts-withdraw-dialog');
    await dialog.getByRole('button', { name: 'Withdraw $50.00' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('payout-entry').first().waitFor();
    await expect.poll(() => page.getByTestId('earnings-parts').textContent()).toBe('Available $0.00, on hold $0.00, pending $0.00');

    // PayPal pays it: the history says so after a reload.
    await expectLatestPayout(page, 'Paid');
    expect(await page.getByTestId('payouts-card').getByTestId('withdraw-block').textContent()).toBe(
      'You can withdraw once at least $10.00 is available.',
    );
    await screenshot(page, 'payouts-paid');
    const phone = await profileOf(PHONE);
    await phone.getByTestId('payout-entry').first().waitFor();
    await screenshot(phone, 'payouts-paid');
  });

  it("the pro's monthly statement lists the correction and the payout with PayPal's transaction, prints and downloads as CSV", async () => {
    const page = await profileOf();
    await page.getByTestId('statement-link').click();
    const statement = page.getByTestId('statement');
    await statement.waitFor();
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Statement: ${month}`);
    const payout = statement.locator('[data-testid="statement-entry"][data-kind="payout"]');
    const line = (await payout.textContent())!;
    expect(line).toContain(`To ${PAYPAL}, PayPal transaction `);
    expect(line.endsWith('-$50.00')).toBe(true);
    expect(await statement.locator('[data-testid="statement-entry"][data-kind="adjustment"]').count()).toBe(1);
    expect(await page.getByTestId('statement-net').textContent()).toBe('$0.00');
    const download = page.waitForEvent('download');
    await page.getByTestId('statement-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^snip-statement-\d{4}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('date,kind,amount_cents,currency,description,state,available_at,payout_id,paypal_transaction');
    expect(csv).toMatch(/,payout,-5000,USD,.*,paid,,/);
    await expectAccessible(page, 'the monthly statement');
    await screenshot(page, 'statement');
    // The month before: nothing moved.
    await page.getByTestId('statement-previous').click();
    await page.getByTestId('statement-empty').waitFor();
    const phone = await e2e.signedIn(pro, '/dashboard', PHONE);
    await phone.goto(`${stack.appUrl}/profile/statements/${new Date().toISOString().slice(0, 7)}`);
    await phone.getByTestId('statement').waitFor();
    await expectFitsWidth(phone, 'the monthly statement');
    await screenshot(phone, 'statement');
  });

  it("an admin holds the pro's payouts with a reason; the pro sees it and cannot withdraw", async () => {
    const admin = await e2e.signedIn('admin@demo.test', '/admin/users');
    await admin.getByLabel('Search users').fill(pro.email);
    const row = adminUserRow(admin, pro.email);
    await row.waitFor();
    expect(await row.getByTestId('admin-user-payouts').textContent()).toBe('Allowed');
    await row.getByRole('button', { name: 'Hold Payouts' }).click();
    const dialog = admin.getByTestId('payout-hold-dialog');
    await dialog.getByLabel('Reason').fill('Checking a chargeback');
    await screenshot(admin, 'admin-hold-payouts');
    await expectAccessible(admin, 'hold payouts dialog');
    await dialog.getByRole('button', { name: 'Hold payouts' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-payouts').textContent(), { timeout: 15_000 }).toBe('On hold');

    const page = await profileOf();
    await page.getByTestId('payouts-held').getByText('An admin put your payouts on hold: Checking a chargeback').waitFor();
    expect(await page.getByTestId('withdraw-button').isDisabled()).toBe(true);

    await row.getByRole('button', { name: 'Release Payouts' }).click();
    await admin.getByTestId('payout-hold-dialog').getByRole('button', { name: 'Release payouts' }).click();
    await admin.getByTestId('payout-hold-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-payouts').textContent(), { timeout: 15_000 }).toBe('Allowed');
  });

  it('an admin sees the money by month, balanced, and downloads the ledger as CSV', async () => {
    const admin = await e2e.signedIn('admin@demo.test', '/admin/users');
    await admin.goto(`${stack.appUrl}/admin/settings`);
    await admin.getByTestId('money-link-panel').getByRole('link', { name: 'Open the books' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Money' }).waitFor();
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    const row = admin.getByTestId('books-month').first();
    await row.waitFor();
    expect(await row.getByRole('rowheader').textContent()).toBe(month);
    expect(await admin.getByTestId('books-balance').textContent()).toBe('The books balance: every movement has its two sides.');
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^snip-ledger-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    await admin.getByTestId('ledger-exported').waitFor();
    await expectAccessible(admin, 'the money page');
    await screenshot(admin, 'admin-money');
    const phone = await e2e.signedIn('admin@demo.test', '/admin/users', PHONE);
    await phone.goto(`${stack.appUrl}/admin/money`);
    await phone.getByTestId('books-month').first().waitFor();
    await expectFitsWidth(phone, 'the money page');
    await screenshot(phone, 'admin-money');
  });
});
