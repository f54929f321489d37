import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { ADMIN_GROUP } from '../../../../../shared/constants';
import { suggestUsername } from '../../../../../shared/username';
import { api } from '../../../lib/api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { errorMessage, errorName } from '../../../lib/errors';

export type SignInResult = 'signedIn' | 'confirmSignUp';

/**
 * Password sign-in: SRP in AWS (the password never leaves the browser); USER_PASSWORD_AUTH locally, as
 * cognito-local has no SRP. An unconfirmed e-mail is a result, not an error.
 */
export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const authFlowType = getRuntimeConfig().mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await signIn({ username: email, password, options: { authFlowType } });
      if (out.isSignedIn) return 'signedIn';
      if (out.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
      throw new Error('Failed to sign in');
    } catch (err) {
      const name = errorName(err);
      if (name === 'UserNotConfirmedException') return 'confirmSignUp';
      if (name === 'UserAlreadyAuthenticatedException' && attempt === 0) {
        // Another account is still signed in on this device: replace it.
        await signOut();
        continue;
      }
      throw err;
    }
  }
}

export class AccessDeniedError extends Error {
  constructor() {
    super('Access denied. Admin privileges required.');
    this.name = 'AccessDeniedError';
  }
}

/** Admin sign-in: only members of the admin group get in; anyone else is signed out again. */
export async function adminSignIn(email: string, password: string): Promise<SignInResult> {
  const result = await signInWithEmail(email, password);
  if (result !== 'signedIn') return result;
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error('Failed to sign in');
  const groups = tokens.idToken.payload['cognito:groups'];
  if (!Array.isArray(groups) || !groups.includes(ADMIN_GROUP)) {
    try {
      await signOut();
    } catch {
      // Tokens are cleared locally regardless.
    }
    throw new AccessDeniedError();
  }
  return 'signedIn';
}

/** A free username derived from the full name (the spec's suggestion rule), checked with the API. */
export async function pickUsername(fullName: string, tries = 5): Promise<string> {
  let candidate = suggestUsername(fullName);
  for (let i = 0; i < tries; i++) {
    const { exists } = await api('usernameExists', { username: candidate });
    if (!exists) return candidate;
    candidate = suggestUsername(fullName);
  }
  throw new Error('Failed to create account');
}

/**
 * Sign-up: the e-mail must be new, then a username is chosen, then the account is created.
 * Returns whether the account still needs its e-mail confirmed.
 */
export async function registerAccount(input: { fullName: string; email: string; password: string }): Promise<{
  needsConfirmation: boolean;
}> {
  let username: string;
  try {
    const { exists } = await api('emailExists', { email: input.email });
    if (exists) throw new EmailTakenError();
    username = await pickUsername(input.fullName);
  } catch (err) {
    if (err instanceof EmailTakenError) throw err;
    throw new Error(errorMessage(err, 'Failed to check user existence'));
  }
  try {
    const out = await signUp({
      username: input.email,
      password: input.password,
      options: {
        userAttributes: { email: input.email, name: input.fullName, preferred_username: username },
      },
    });
    return { needsConfirmation: !out.isSignUpComplete };
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to create account'));
  }
}

export class EmailTakenError extends Error {
  constructor() {
    super('A user with this email address has already been registered');
    this.name = 'EmailTakenError';
  }
}

export async function resendConfirmation(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code.trim() });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email });
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
}
