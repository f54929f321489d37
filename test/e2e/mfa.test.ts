/**
 * TOTP MFA of admin accounts in the browser: a new admin sets it up right after the password on the
 * first sign-in (QR code and key, a wrong code refused), and every later sign-in asks for a code.
 * The codes are computed from the key shown on the screen, as an authenticator app would.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/browser.js';
import { totpCode } from '../support/totp.js';
import { cognitoClient, createConfirmedUser, TEST_PASSWORD } from '../support/users.js';
import { browserTests } from './fixtures.js';
import { expectFitsWidth, pathOf, submitSignIn, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

async function passwordStep(page: Page, email: string, loginPath = '/admin/login') {
  await page.goto(`${stack.appUrl}${loginPath}`);
  await submitSignIn(page, email, TEST_PASSWORD);
}

/** A code that is not the key's current one (nor the adjacent ones). */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((stepOffset) => totpCode(secret, Date.now(), { stepOffset })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

const mfaSettings = async (email: string) =>
  (await cognitoClient(stack).send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }))).UserMFASettingList ?? [];

describe('admin MFA', () => {
  it('sets TOTP up on the first admin sign-in, then asks for a code on the next', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, mfa: false, fullName: 'Tess Totp', prefix: 'mfa-ui' });
    const page = await e2e.page();
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await page.goto(`${stack.appUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    // The QR code's encoder is not part of the login page.
    expect(chunks.filter((p) => /qr-code/.test(p))).toEqual([]);

    await passwordStep(page, admin.email);
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    const secretText = page.getByTestId('totp-secret');
    await expect.poll(() => secretText.textContent()).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    const secret = (await secretText.textContent())!.replace(/\s/g, '');
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    const uri = `otpauth://totp/Snip:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Snip&algorithm=SHA1&digits=6&period=30`;
    expect(await qr.getAttribute('data-qr-value')).toBe(uri);
    expect(await page.getByTestId('totp-uri').getAttribute('href')).toBe(uri);
    expect(chunks.some((p) => /qr-code/.test(p))).toBe(true);
    // Signed in with the password alone: not yet in the app.
    expect(pathOf(page)).toBe('/admin/login');
    expect(await mfaSettings(admin.email)).toEqual([]);

    const code = page.getByLabel('6-digit code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await screenshot(page, 'admin-mfa-setup');

    await code.fill(wrongCode(secret));
    await code.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid code. Please try again.');
    expect(await mfaSettings(admin.email)).toEqual([]);
    await screenshot(page, 'admin-mfa-setup-invalid');

    // The right code, with Enter: TOTP is on and the admin is in.
    await code.fill(totpCode(secret));
    await code.press('Enter');
    await waitForPath(page, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await mfaSettings(admin.email)).toEqual(['SOFTWARE_TOKEN_MFA']);

    // Next time: the password, then a code.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/');
    await passwordStep(page, admin.email);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await page.getByText('Enter the 6-digit code from your authenticator app.').isVisible()).toBe(true);
    await screenshot(page, 'admin-mfa-code');
    await page.getByLabel('6-digit code').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid code. Please try again.').waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByLabel('6-digit code').press('Enter');
    await waitForPath(page, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  });

  it('asks an admin with TOTP for the code on the regular login too, on a phone', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'mfa-phone' });
    const page = await e2e.page(PHONE);
    await passwordStep(page, admin.email, '/login');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expectFitsWidth(page);
    await screenshot(page, 'admin-mfa-code');
    await page.getByLabel('6-digit code').fill(totpCode(admin.totpSecret!));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/admin/users');
  });

  it('shows the setup on a phone without overflow, and Cancel leaves no session behind', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, mfa: false, prefix: 'mfa-cancel' });
    const page = await e2e.page(PHONE);
    await passwordStep(page, admin.email);
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectFitsWidth(page);
    await screenshot(page, 'admin-mfa-setup');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')));
    expect(stored).toEqual([]);
    await page.goto(`${stack.appUrl}/admin/users`);
    await waitForPath(page, '/admin/login');
  });
});
