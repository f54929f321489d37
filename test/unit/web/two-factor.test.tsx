// @vitest-environment happy-dom
/** The sign-in's two-factor steps: the code of an account with TOTP on, and an admin's TOTP setup. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => import('./amplify-mock').then((m) => m.amplifyAuth));
vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', () => import('./amplify-mock').then((m) => m.signedOut));
vi.mock('../../../web/src/lib/auth-context', () => import('./amplify-mock').then((m) => m.signedOut));

import { AdminLoginForm } from '../../../web/src/features/auth/components/admin-login-form';
import { LoginForm } from '../../../web/src/features/auth/components/login-form';
import { ApiError } from '../../../web/src/lib/api-client';
import { amplifyAuth as amplify, apiMock, refresh } from './amplify-mock';
import { testRuntime } from './fixtures';
import { renderUi } from './render';

/** The API's authenticator routes, by name. */
const routes = { startAuthenticatorSetup: vi.fn(), confirmAuthenticator: vi.fn(), getAuthenticator: vi.fn() };
const wrap = (ui: ReactNode) => renderUi(ui);
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** Types a code into the code step and sends it. */
const enterCode = (code: string) => {
  type('6-digit code', code);
  click('Verify');
};
const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });
const adminSession = {
  tokens: { idToken: { payload: { sub: 'a', 'cognito:groups': ['admin'] } }, accessToken: { toString: () => 'access.token.jwt' } },
};
const ENROLLED_AT = '2030-01-01T00:00:00.000Z';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function signInWithPassword(email = 'admin@demo.test') {
  type('Email', email);
  type('Password', 'demo-pass');
  click('Sign In');
}

beforeEach(() => {
  vi.clearAllMocks();
  apiMock.mockImplementation((name: string, input: unknown) => (routes as Record<string, (input: unknown) => unknown>)[name]?.(input));
  routes.startAuthenticatorSetup.mockResolvedValue({ secret: SECRET });
  routes.confirmAuthenticator.mockResolvedValue({ totpOn: true, enrolledAt: ENROLLED_AT });
  routes.getAuthenticator.mockResolvedValue({ totpOn: true, enrolledAt: ENROLLED_AT });
  amplify.fetchMFAPreference.mockResolvedValue({});
  testRuntime('local');
});

describe('the code step', () => {
  it('asks for the code after the password, checks it, says when it is wrong and signs in with the right one', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    const onSignedIn = vi.fn();
    wrap(<LoginForm onSignedIn={onSignedIn} />);
    await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    const input = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    // In a form with a submit button: Enter submits.
    expect(input.form?.querySelector('button[type="submit"]')?.textContent).toBe('Verify');
    expect(refresh).not.toHaveBeenCalled();

    click('Verify');
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    type('6-digit code', '12a34');
    expect(input.value).toBe('1234');
    click('Verify');
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();

    let refuse: (e: unknown) => void = () => {};
    amplify.confirmSignIn.mockImplementationOnce(() => new Promise((_, rej) => (refuse = rej)));
    type('6-digit code', '123 456');
    fireEvent.submit(input.form!);
    const verifying = (await screen.findByRole('button', { name: 'Verifying...' })) as HTMLButtonElement;
    expect([verifying.getAttribute('aria-disabled'), verifying.disabled]).toEqual(['true', false]);
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    await act(async () => refuse(serviceError('CodeMismatchException', 'Invalid code received for user')));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code. Please try again.');
    expect(input.value).toBe('');

    amplify.confirmSignIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    enterCode('654321');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(refresh).toHaveBeenCalled();
  });

  it('goes back to the password when the sign-in expired', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn.mockRejectedValue(serviceError('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    wrap(<LoginForm />);
    await signInWithPassword();
    await screen.findByLabelText('6-digit code');
    enterCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in took too long. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('never asks a user who is not an admin about MFA', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: { sub: 'm' } } } });
    const onSignedIn = vi.fn();
    wrap(<LoginForm onSignedIn={onSignedIn} />);
    await signInWithPassword('mia@demo.test');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(amplify.fetchMFAPreference).not.toHaveBeenCalled();
  });
});

describe('TOTP setup of an admin', () => {
  it('shows the key the API made as a QR code and as text, refuses a wrong code, then has the API turn TOTP on and signs in again with the code', async () => {
    amplify.signIn
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })
      .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.fetchAuthSession.mockResolvedValue(adminSession);
    wrap(<AdminLoginForm />);
    await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const uri = `otpauth://totp/Snip:admin%40demo.test?secret=${SECRET}&issuer=Snip&algorithm=SHA1&digits=6&period=30`;
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('data-qr-value')).toBe(uri);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('link', { name: /authenticator app/ }).getAttribute('href')).toBe(uri);
    // The session's access token goes to the API, which makes the account's Cognito calls with it.
    expect(routes.startAuthenticatorSetup).toHaveBeenCalledTimes(1);
    expect(routes.startAuthenticatorSetup).toHaveBeenCalledWith({ accessToken: 'access.token.jwt' });
    expect(refresh).not.toHaveBeenCalled();

    routes.confirmAuthenticator.mockRejectedValueOnce(new ApiError(400, 'invalid_code', 'Invalid code. Please try again.'));
    enterCode('111111');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code. Please try again.');
    expect(amplify.signIn).toHaveBeenCalledTimes(1);

    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    enterCode('222222');
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(routes.confirmAuthenticator).toHaveBeenLastCalledWith({ accessToken: 'access.token.jwt', code: '222222' });
    // The API signed every session out; this one is dropped, and the new one passes the challenge with the same code.
    expect(amplify.signOut).toHaveBeenCalledWith();
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '222222' });
  });

  it('sets the authenticator up again after a code the API has no set-up on record for', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue(adminSession);
    routes.getAuthenticator.mockResolvedValue({ totpOn: true, enrolledAt: null });
    wrap(<AdminLoginForm />);
    await signInWithPassword();
    await screen.findByLabelText('6-digit code');
    enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('asks for a fresh code when the one used for setup is refused at the sign-in after it', async () => {
    amplify.signIn
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })
      .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.fetchAuthSession.mockResolvedValue(adminSession);
    amplify.confirmSignIn.mockRejectedValueOnce(serviceError('CodeMismatchException', 'Invalid code received for user'));
    wrap(<AdminLoginForm />);
    await signInWithPassword();
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    enterCode('222222');
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Two-factor authentication is on. Enter the next code from your app to finish signing in.')).toBeTruthy();
    amplify.confirmSignIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    enterCode('333333');
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('signs the half-done session out on Cancel', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue(adminSession);
    wrap(<AdminLoginForm />);
    await signInWithPassword();
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' });
    click('Cancel');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(amplify.signOut).toHaveBeenCalledWith();
    expect(refresh).not.toHaveBeenCalled();
  });
});
