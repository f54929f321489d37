/**
 * The admin's screens in the browser: the demo admin signs in at /admin/login, filters the users to pros,
 * finds a pro made for this test (the demo pros' prices and balances are left alone: other tests pay
 * Paul's $30), edits their price and balance, then opens Settings and is refused a margin over 100 %
 * (nothing is saved: other tests pay at the demo's 20 %). Two musicians made for this test apply to
 * become pros: the admin approves one (who becomes a pro) and declines the other with a reason.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SMALL_PHONE } from '../support/browser.js';
import { callRoute, createConfirmedUser, setAttributes, type TestUser } from '../support/stack-kit.js';
import { onboard, testAdmin } from '../support/flows.js';
import { browserTests } from './fixtures.js';
import { adminUserRow, expectAccessible, inSecondWindow, proCardNamed, showProCard } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

let pro: TestUser;

/** A pending application in the queue (oldest first, 20 a page): 'Load more' until it shows. */
async function applicationOf(p: Page, email: string): Promise<Locator> {
  const item = p.locator(`[data-testid="application"][data-user-email="${email}"]`);
  await p.locator('[data-testid="application-list"], [data-testid="applications-empty"]').first().waitFor();
  for (let pages = 0; pages < 50 && (await item.count()) === 0; pages++) {
    const more = p.getByTestId('applications-more');
    if (!(await more.isVisible())) break;
    await more.click();
    await p.waitForFunction(() => !document.querySelector('[data-testid="applications-more"][aria-busy="true"]'));
  }
  await item.waitFor({ timeout: 5000 });
  return item;
}

/** The same page at phone width with the same session: nothing may be wider than the screen. */
const phoneShot = (path: string, ready: (p: Page) => Promise<unknown>, name: string) =>
  inSecondWindow(session.page, SMALL_PHONE, path, ready, (small) => screenshot(small, name));

beforeAll(async () => {
  pro = await createConfirmedUser(stack, { fullName: 'Admin Test Pro', prefix: 'admin-pro' });
  await onboard(stack, pro, 'pro');
});
const session = e2e.signedInForAll('admin@demo.test', '/admin/users');

describe('admin users', () => {
  it('filters to pros, finds a new pro and edits their price and balance', async () => {
    const { page } = session;
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByTestId('admin-user').first().waitFor();
    expect(await page.getByTestId('user-count').textContent()).toMatch(/^\d+ users?$/);

    await page.getByRole('group', { name: 'User type' }).getByRole('button', { name: 'Pro' }).click();
    await page.getByLabel('Search users').fill(pro.email);
    const row = adminUserRow(page, pro.email);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('1 user');
    expect(await row.getByTestId('admin-user-name').textContent()).toBe('Admin Test Pro');
    expect(await row.getByTestId('admin-user-type').textContent()).toBe('Pro');
    expect(await row.getByTestId('admin-user-price').textContent()).toBe('Free');
    expect(await row.getByTestId('admin-user-balance').textContent()).toBe('$0.00');

    await row.getByRole('button', { name: 'Edit Price' }).click();
    await row.getByLabel('Feedback price (USD)').fill('12.50');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('price-editor').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-price').textContent()).toBe('$12.50 per feedback');

    await row.getByRole('button', { name: 'Edit Balance' }).click();
    await row.getByLabel('Balance (USD)').fill('5.00');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Reason is required').waitFor();
    await row.getByLabel('Reason').fill('Correction in a test');
    await screenshot(page, 'admin-users-balance-editor');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('balance-editor').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-balance').textContent()).toBe('$5.00');

    // Still so after a reload: the server kept both.
    await page.reload();
    await page.getByLabel('Search users').fill(pro.email);
    await adminUserRow(page, pro.email).waitFor();
    expect(await adminUserRow(page, pro.email).getByTestId('admin-user-price').textContent()).toBe('$12.50 per feedback');
    expect(await adminUserRow(page, pro.email).getByTestId('admin-user-balance').textContent()).toBe('$5.00');
    await page.getByLabel('Search users').fill('');
    await page.getByTestId('admin-user').nth(1).waitFor();
    await screenshot(page, 'admin-users-list');
    await phoneShot('/admin/users', (p) => p.getByTestId('admin-user').first().waitFor(), 'admin-users-list');
  });
});

describe('World-Class, vetted', () => {
  it('an admin vets a pro with their credits, who may then ask $90; musicians see the badge and the reason on their card', async () => {
    const vetted = await createConfirmedUser(stack, { fullName: 'Vera Vetted', prefix: 'world-class' });
    await onboard(stack, vetted, 'pro');
    const { page } = session;
    await page.goto(`${stack.appUrl}/admin/users`);
    await page.getByLabel('Search users').fill(vetted.email);
    const row = adminUserRow(page, vetted.email);
    await row.waitFor();
    expect(await row.getByTestId('admin-user-world-class').textContent()).toBe('No');
    await row.getByRole('button', { name: 'Make World-Class' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Vet Vera Vetted as World-Class?' });
    await dialog.getByLabel('Why (their credits, say)').fill('Engineered two Grammy-nominated albums');
    await expectAccessible(page, 'the World-Class vetting dialog');
    await screenshot(page, 'admin-users-world-class');
    await dialog.getByRole('button', { name: 'Make World-Class' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-world-class').textContent()).toBe('Yes: Engineered two Grammy-nominated albums');

    // Vetted, the pro asks the World-Class price; a musician sees it on the card, with the badge and the reason.
    expect((await callRoute(stack.apiUrl, 'setOwnPrice', { price: 90 }, vetted.idToken)).status).toBe(200);
    const musician = await e2e.signedIn('musician@demo.test', '/choose-pro');
    const card = await showProCard(musician, proCardNamed(musician, 'Vera Vetted'));
    expect(await card.getByTestId('pro-world-class').textContent()).toBe(
      'World-Class Vetted by Snip: Engineered two Grammy-nominated albums',
    );
    expect(await card.getByTestId('pro-tier').textContent()).toBe('World-Class DJs & Producers');
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(musician, 'Choose Your Pro with a World-Class pro');
    await screenshot(musician, 'choose-pro-world-class');
    await inSecondWindow(
      musician,
      SMALL_PHONE,
      '/choose-pro',
      (p) => showProCard(p, proCardNamed(p, 'Vera Vetted')).then((c) => c.scrollIntoViewIfNeeded()),
      (small) => screenshot(small, 'choose-pro-world-class'),
    );
  });
});

describe('admin settings', () => {
  it('shows the margin, refuses 150 % with an alert and cancels back', async () => {
    const { page } = session;
    await page.goto(`${stack.appUrl}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Admin Settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Profit margin per feedback' }).waitFor();
    // One decimal of a percent (the demo's 20.0%, unless an API test is trying another margin right now).
    const shown = await page.getByTestId('margin-value').textContent();
    expect(shown).toMatch(/^\d{1,3}\.\d%$/);
    expect(await page.getByTestId('margin-updated').textContent()).toMatch(/^Last Updated: (Never|[A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    await screenshot(page, 'admin-settings-margin');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Margin (%)').fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a valid percentage between 0 and 100');
    await screenshot(page, 'admin-settings-invalid');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('margin-value').waitFor();
    expect(await page.getByTestId('margin-value').textContent()).toMatch(/^\d{1,3}\.\d%$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await phoneShot('/admin/settings', (p) => p.getByTestId('margin-value').waitFor(), 'admin-settings-margin');
  });
});

describe('refunds to look at', () => {
  it('lists a refund PayPal kept refusing with what it said, and Try again hands it back to the checks', async () => {
    const { page } = session;
    const { useStackEnvironment } = await import('../support/in-process.js');
    useStackEnvironment(stack);
    const data = await import('../../functions/money/data/payments.js');
    const orderId = `E2ESTUCK${Date.now().toString(36).toUpperCase()}`;
    const at = new Date().toISOString();
    const stuck = {
      orderId,
      invoiceId: `inv-${orderId}`,
      payerId: 'e2e-payer',
      payerName: 'Stella Stuck',
      proUserId: 'e2e-pro',
      proName: 'Paul Producer',
      trackId: 'e2e-track',
      trackTitle: 'Refused Anthem',
      amountCents: 3000,
      shareOptions: { feedbackNotes: 'Mix?', context: 'mix_check' } as never,
      shareId: 'e2e-share',
      status: 'refunding' as const,
      captureId: `CAP${orderId}`,
      createdAt: at,
      updatedAt: at,
    };
    await data.putPayment(stuck);
    // Its tenth refusal: handed to an admin.
    const { refundRefused } = await import('../../functions/money/payment-checks.js');
    await refundRefused({ ...stuck, refundAttempts: 9 }, new Error('PayPal did not refund a capture: 422 REFUND_NOT_ALLOWED'), new Date());

    await page.goto(`${stack.appUrl}/admin/settings`);
    const panel = page.getByTestId('stuck-refunds-panel');
    await panel.getByRole('heading', { level: 2, name: 'Refunds to look at' }).waitFor();
    const item = panel.getByTestId('stuck-refund').filter({ hasText: orderId });
    await item.waitFor();
    const text = await item.textContent();
    expect(text).toContain('$30.00 to Stella Stuck for feedback from Paul Producer on \u201cRefused Anthem\u201d');
    expect(text).toContain('refused 10 times');
    expect(text).toContain('REFUND_NOT_ALLOWED');
    await screenshot(page, 'admin-settings-stuck-refunds');
    await phoneShot(
      '/admin/settings',
      (p) => p.getByTestId('stuck-refund').filter({ hasText: orderId }).waitFor(),
      'admin-settings-stuck-refunds',
    );

    await item.getByRole('button', { name: `Try the refund of order ${orderId} again` }).click();
    await item.waitFor({ state: 'detached' });
    expect((await data.getPayment(orderId))!.record.stuckAt).toBeUndefined();
  });
});

describe('payouts to look at', () => {
  it('lists a payout PayPal has not answered for hours, with what went wrong last', async () => {
    const { page } = session;
    const { useStackEnvironment } = await import('../support/in-process.js');
    useStackEnvironment(stack);
    const owed = await createConfirmedUser(stack, { fullName: 'Petra Pending' });
    const owedId = await onboard(stack, owed, 'pro');
    const admin = await testAdmin(stack);
    await callRoute(stack.apiUrl, 'adjustBalance', { id: owedId, balance: 42, expectedBalanceCents: 0, reason: 'Earnings' }, admin.idToken);
    await callRoute(stack.apiUrl, 'setPayoutAccount', { email: 'petra@example.test' }, owed.idToken);
    const providers = await import('../../functions/providers/payments.js');
    const { createPayout } = await import('../../functions/money/payouts.js');
    const { checkPayout } = await import('../../functions/money/payout-settlement.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    const real = providers.payments();
    providers.usePaymentProvider({
      ...real,
      createPayout: async () => {
        throw new providers.PaymentProviderError('PayPal did not send a payout: 503 SERVICE_UNAVAILABLE', 503);
      },
    });
    let payoutId: string;
    try {
      payoutId = (await createPayout((await getUser(owedId))!, { amountCents: 4200 })).id;
      // Hours of sends PayPal did not answer, the last of them now.
      await setAttributes(stack, { PK: `PAYOUT#${payoutId}`, SK: 'PAYOUT' }, { attempts: 8 });
      await checkPayout(payoutId);
    } finally {
      providers.usePaymentProvider(undefined);
    }

    await page.goto(`${stack.appUrl}/admin/settings`);
    const panel = page.getByTestId('stuck-payouts-panel');
    await panel.getByRole('heading', { level: 2, name: 'Payouts to look at' }).waitFor();
    const item = panel.getByTestId('stuck-payout').filter({ hasText: payoutId });
    await item.waitFor();
    const text = await item.textContent();
    expect(text).toContain('$42.00 to Petra Pending at petra@example.test');
    expect(text).toContain('sent 9 times, last: PayPal did not send a payout: 503 SERVICE_UNAVAILABLE');
    await screenshot(page, 'admin-settings-stuck-payouts');
    await phoneShot(
      '/admin/settings',
      (p) => p.getByTestId('stuck-payout').filter({ hasText: payoutId }).waitFor(),
      'admin-settings-stuck-payouts',
    );
    // PayPal answers again: the next send pays it, and the list lets it go.
    await checkPayout(payoutId);
    await page.reload();
    await panel.getByRole('heading', { level: 2, name: 'Payouts to look at' }).waitFor();
    await page.locator('[data-testid="stuck-payouts-empty"], [data-testid="stuck-payout"]').first().waitFor();
    expect(await panel.getByTestId('stuck-payout').filter({ hasText: payoutId }).count()).toBe(0);
  });
});

describe('pro applications', () => {
  let applicants: TestUser[];

  beforeAll(async () => {
    applicants = [
      await createConfirmedUser(stack, { fullName: 'Apply Approve', prefix: 'apply-ok' }),
      await createConfirmedUser(stack, { fullName: 'Apply Decline', prefix: 'apply-no' }),
      await createConfirmedUser(stack, { fullName: 'Apply Worldclass', prefix: 'apply-wc' }),
    ];
    for (const a of applicants) {
      await onboard(stack, a, 'musician');
      const applied = await callRoute(
        stack.apiUrl,
        'applyForPro',
        {
          genres: ['House', 'Techno'],
          costRange: { min: 20, max: 80 },
          experience: 7,
          credits: 'Two EPs on a small label.',
          featuredTrack: 'https://soundcloud.com/example/first, https://youtube.com/@example',
        },
        a.idToken,
      );
      expect(applied.status).toBe(200);
    }
  });

  it('approves one applicant, who becomes a pro, another as World-Class, and declines the third with a reason', async () => {
    const { page } = session;
    const [ok, no, vetted] = applicants;
    await page.goto(`${stack.appUrl}/admin/users`);
    await page.getByRole('heading', { level: 2, name: 'Pro applications' }).waitFor();
    const approveItem = await applicationOf(page, ok.email);
    expect(await approveItem.getByRole('heading', { level: 3 }).textContent()).toBe('Apply Approve');
    expect(await approveItem.getByTestId('application-genres').textContent()).toBe('House, Techno');
    expect(await approveItem.getByTestId('application-cost').textContent()).toBe('$20 - $80');
    expect(await approveItem.getByTestId('application-experience').textContent()).toBe('7 years');
    expect(await approveItem.getByTestId('application-credits').textContent()).toBe('Two EPs on a small label.');
    expect(await approveItem.getByTestId('application-submitted').textContent()).toMatch(/^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const links = approveItem.getByTestId('application-tracks').getByRole('link');
    expect(
      await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])),
    ).toEqual([
      ['https://soundcloud.com/example/first', '_blank', 'noopener noreferrer'],
      ['https://youtube.com/@example', '_blank', 'noopener noreferrer'],
    ]);
    await approveItem.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-applications');
    await phoneShot('/admin/users', (p) => p.getByTestId('application').first().waitFor(), 'admin-applications');

    await approveItem.getByRole('button', { name: 'Approve', exact: true }).click();
    await approveItem.waitFor({ state: 'detached' });
    expect(await page.getByTestId('applications-message').textContent()).toBe('Approved: Apply Approve is now a pro.');
    // The user list was read again: the applicant is a pro there.
    await page.getByRole('group', { name: 'User type' }).getByRole('button', { name: 'All' }).click();
    await page.getByLabel('Search users').fill(ok.email);
    await expect.poll(() => adminUserRow(page, ok.email).getByTestId('admin-user-type').textContent()).toBe('Pro');
    const me = await callRoute(stack.apiUrl, 'getMe', {}, ok.idToken);
    expect(me.body.type).toBe('pro');

    // Approved as World-Class: the reason starts as their credits, and can be said better.
    const vettedItem = await applicationOf(page, vetted.email);
    await vettedItem.getByRole('button', { name: 'Approve as World-Class' }).click();
    const dialog = page.getByTestId('approve-world-class-dialog');
    const why = dialog.getByLabel('Why (their credits, say)');
    expect(await why.inputValue()).toBe('Two EPs on a small label.');
    await why.fill('Two EPs on a small label; resident at Fabric.');
    await expectAccessible(page, 'approving an application as World-Class');
    await screenshot(page, 'admin-applications-world-class');
    await dialog.getByRole('button', { name: 'Approve as World-Class' }).click();
    await vettedItem.waitFor({ state: 'detached' });
    expect(await page.getByTestId('applications-message').textContent()).toBe(
      'Approved: Apply Worldclass is now a pro, vetted as World-Class.',
    );
    expect((await callRoute(stack.apiUrl, 'getMe', {}, vetted.idToken)).body).toMatchObject({
      type: 'pro',
      worldClass: { reason: 'Two EPs on a small label; resident at Fabric.' },
    });

    const declineItem = await applicationOf(page, no.email);
    await declineItem.getByRole('button', { name: 'Decline' }).click();
    const form = declineItem.getByTestId('decline-form');
    await form.getByRole('button', { name: 'Decline' }).click();
    await form.getByText('Give the applicant a reason (at least 3 characters)').waitFor();
    await form.getByLabel('Reason for declining').fill('Please add links to released work first.');
    await screenshot(page, 'admin-applications-decline');
    await form.getByRole('button', { name: 'Decline' }).click();
    await declineItem.waitFor({ state: 'detached' });
    expect(await page.getByTestId('applications-message').textContent()).toBe('Declined: Apply Decline will get your reason by e-mail.');
    const mine = await callRoute(stack.apiUrl, 'getMyApplication', {}, no.idToken);
    expect(mine.body.application).toMatchObject({ status: 'declined', reason: 'Please add links to released work first.' });
    const still = await callRoute(stack.apiUrl, 'getMe', {}, no.idToken);
    expect(still.body.type).toBe('musician');
  });
});
