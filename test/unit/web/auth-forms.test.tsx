// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => import('./amplify-mock').then((m) => m.amplifyAuth));
vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', () => import('./amplify-mock').then((m) => m.signedOut));
vi.mock('../../../web/src/lib/auth-context', () => import('./amplify-mock').then((m) => m.signedOut));

import { AdminLoginForm } from '../../../web/src/features/auth/components/admin-login-form';
import { ForgotPasswordForm } from '../../../web/src/features/auth/components/forgot-password-form';
import { LoginForm } from '../../../web/src/features/auth/components/login-form';
import { ResetPasswordForm } from '../../../web/src/features/auth/components/reset-password-form';
import { SignUpForm } from '../../../web/src/features/auth/components/signup-form';
import { LoginRoute } from '../../../web/src/app/routes/auth';
import { amplifyAuth as amplify, apiMock, refresh } from './amplify-mock';
import { testRuntime } from './fixtures';
import { renderUi, Where } from './render';

const wrap = (ui: ReactNode, url = '/') => renderUi(ui, { url });
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** Fills in the sign-up form and sends it. */
const signUp = (name: string, email: string, password: string) => {
  type('Full Name', name);
  type('Email Address', email);
  type('Password', password);
  click('Sign Up');
};

beforeEach(() => {
  vi.clearAllMocks();
  testRuntime('local');
});

describe('LoginForm', () => {
  it('shows the spec validation messages and clears them on edit', async () => {
    wrap(<LoginForm />);
    click('Sign In');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Email', 'not-an-email');
    expect(screen.queryByText('Email is required')).toBeNull();
    type('Password', '123');
    click('Sign In');
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('signs in with USER_PASSWORD_AUTH, shows "Please wait..." and then refreshes the session', async () => {
    let finish: (v: unknown) => void = () => {};
    amplify.signIn.mockImplementation(() => new Promise((r) => (finish = r)));
    const onSignedIn = vi.fn();
    wrap(<LoginForm onSignedIn={onSignedIn} />);
    type('Email', 'mia@demo.test');
    type('Password', 'demo-pass');
    click('Sign In');
    // Busy, it keeps the focus (aria-disabled, not disabled) and a second press sends nothing.
    const busy = await screen.findByRole('button', { name: 'Please wait...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(busy);
    // Once the sign-in code (loaded with the first edit) is there.
    await waitFor(() =>
      expect(amplify.signIn).toHaveBeenCalledWith({
        username: 'mia@demo.test',
        password: 'demo-pass',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    );
    expect(amplify.signIn).toHaveBeenCalledTimes(1);
    await act(async () => finish({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(refresh).toHaveBeenCalled();
  });

  it('signs in with SRP in AWS, where the pool allows no plain password flow', async () => {
    testRuntime('aws');
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    wrap(<LoginForm onSignedIn={vi.fn()} />);
    type('Email', 'mia@demo.test');
    type('Password', 'demo-pass');
    click('Sign In');
    await waitFor(() =>
      expect(amplify.signIn).toHaveBeenCalledWith({
        username: 'mia@demo.test',
        password: 'demo-pass',
        options: { authFlowType: 'USER_SRP_AUTH' },
      }),
    );
  });

  it("shows the service's message on a wrong password, in the form's own words (an e-mail, not a username)", async () => {
    amplify.signIn.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    wrap(<LoginForm />);
    type('Email', 'mia@demo.test');
    type('Password', 'wrong-pass');
    click('Sign In');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
  });

  it('opens the check-your-email panel for an unconfirmed account, with resend', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    amplify.resendSignUpCode.mockResolvedValue({});
    wrap(<LoginForm />);
    type('Email', 'new@demo.test');
    type('Password', 'secret1');
    click('Sign In');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByTestId('check-email-address').textContent).toBe('new@demo.test');
    expect(screen.getByText("Didn't receive the email? Check your spam folder or try resending.")).toBeTruthy();
    click('Resend confirmation email');
    expect(await screen.findByText('Confirmation email resent successfully')).toBeTruthy();
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'new@demo.test' });
    click('Go Back');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('confirms with the typed code and signs in', async () => {
    amplify.signIn
      .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true });
    const onSignedIn = vi.fn();
    wrap(<LoginForm onSignedIn={onSignedIn} />);
    type('Email', 'new@demo.test');
    type('Password', 'secret1');
    click('Sign In');
    await screen.findByRole('heading', { name: 'Check your email' });
    type('Confirmation code', '123456');
    click('Confirm Email');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'new@demo.test', confirmationCode: '123456' });
  });
});

describe('SignUpForm', () => {
  it('requires the full name', async () => {
    wrap(<SignUpForm />);
    click('Sign Up');
    expect(await screen.findByText('Full name is required')).toBeTruthy();
  });

  it('refuses an e-mail that is already registered', async () => {
    apiMock.mockResolvedValue({ exists: true });
    wrap(<SignUpForm />);
    signUp('Mia Musician', 'musician@demo.test', 'demo-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('A user with this email address has already been registered');
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('creates the account with a free username and shows "Check your email"', async () => {
    apiMock.mockImplementation(async (name: string, input: { username?: string }) => {
      if (name === 'emailExists') return { exists: false };
      if (name === 'usernameExists') return { exists: apiMock.mock.calls.filter((c) => c[0] === 'usernameExists').length === 1 };
      throw new Error(`unexpected ${name} ${JSON.stringify(input)}`);
    });
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    wrap(<SignUpForm />);
    signUp('Nina New', 'nina@demo.test', 'secret1');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const usernameCalls = apiMock.mock.calls.filter((c) => c[0] === 'usernameExists');
    expect(usernameCalls).toHaveLength(2);
    const attrs = amplify.signUp.mock.calls[0][0].options.userAttributes;
    expect(attrs).toMatchObject({ email: 'nina@demo.test', name: 'Nina New' });
    expect(attrs.preferred_username).toMatch(/^ninanew\d{4}$/);
    expect(attrs.preferred_username).toBe(usernameCalls[1][1].username);
  });

  it("reports a failed existence check with the server's message", async () => {
    apiMock.mockRejectedValue(new Error('Service unavailable'));
    wrap(<SignUpForm />);
    signUp('Nina New', 'nina@demo.test', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
  });
});

describe('ForgotPasswordForm', () => {
  it('sends the reset and shows "Check your email"', async () => {
    amplify.resetPassword.mockResolvedValue({});
    wrap(<ForgotPasswordForm />);
    expect(screen.getByLabelText('Email')).toHaveProperty('required', true);
    type('Email', 'mia@demo.test');
    click('Reset Password');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/reset instructions/)).toBeTruthy();
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'mia@demo.test' });
  });
});

describe('ResetPasswordForm', () => {
  it('checks that the passwords match', async () => {
    wrap(<ResetPasswordForm />, '/reset-password?email=mia%40demo.test&code=123456');
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    type('New Password', 'secret12');
    type('Confirm New Password', 'secret13');
    click('Reset Password');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('asks for the code and e-mail when the link has none, then confirms and redirects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      amplify.confirmResetPassword.mockResolvedValue(undefined);
      wrap(<ResetPasswordForm />, '/reset-password');
      type('Email', 'mia@demo.test');
      type('Reset Code', '654321');
      type('New Password', 'secret12');
      type('Confirm New Password', 'secret12');
      click('Reset Password');
      expect(await screen.findByText('Password Updated')).toBeTruthy();
      expect(screen.getByText('Your password has been successfully reset. Redirecting to login...')).toBeTruthy();
      expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
        username: 'mia@demo.test',
        confirmationCode: '654321',
        newPassword: 'secret12',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('after a password reset', () => {
  it('login says the password was changed, with the e-mail filled in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      amplify.confirmResetPassword.mockResolvedValue(undefined);
      renderUi(<ResetPasswordForm />, {
        url: '/reset-password?email=mia%40demo.test&code=123456',
        path: '/reset-password',
        routes: { '/login': <LoginRoute /> },
        extra: <Where />,
      });
      type('New Password', 'secret12');
      type('Confirm New Password', 'secret12');
      click('Reset Password');
      await screen.findByText('Password Updated');
      await act(async () => vi.advanceTimersByTime(3000));
      const notice = await screen.findByTestId('password-changed');
      expect(screen.getByTestId('where').textContent).toBe('/login?email=mia%40demo.test&reset=done');
      expect(notice.getAttribute('role')).toBe('status');
      expect(notice.textContent).toBe('Password UpdatedYour password has been successfully reset. Sign in with your new password.');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('mia@demo.test');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a plain visit to login says nothing of it', () => {
    renderUi(<LoginRoute />, { url: '/login?email=mia%40demo.test' });
    expect(screen.getByTestId('login-form')).toBeTruthy();
    expect(screen.queryByTestId('password-changed')).toBeNull();
  });
});

describe('AdminLoginForm', () => {
  it('refuses a member of no admin group and signs them out', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: { sub: 'u' } } } });
    wrap(<AdminLoginForm />);
    type('Email', 'musician@demo.test');
    type('Password', 'demo-pass');
    click('Sign In');
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied. Admin privileges required.');
    expect(amplify.signOut).toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('lets an admin in', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: { 'cognito:groups': ['admin'] } } } });
    amplify.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    wrap(<AdminLoginForm />);
    type('Email', 'admin@demo.test');
    type('Password', 'demo-pass');
    click('Sign In');
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(amplify.signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to regular login' }).getAttribute('href')).toBe('/login');
  });

  it("says 'Failed to sign in' when no user came back", async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    wrap(<AdminLoginForm />);
    type('Email', 'admin@demo.test');
    type('Password', 'demo-pass');
    click('Sign In');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign in');
  });
});
