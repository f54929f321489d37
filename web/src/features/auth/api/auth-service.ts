import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { ADMIN_GROUP } from '@shared/constants';
import { signInWaitMs } from '@shared/authenticator';
import { suggestUsername } from '@shared/username';
import { api, ApiError } from '@/lib/api';
import { withAmplify } from '@/lib/amplify-ready';
import { clearStoredSession } from '@/lib/stored-session';
import { errorMessage, errorName } from '@/lib/errors';
import { passwordSignIn, signInWithEmail, type SignInResult } from './sign-in';

/** The message for a code the pool refused. */
export const INVALID_CODE = 'Invalid code. Please try again.';

/** A code refused as wrong (at sign-in: Cognito's CodeMismatchException; at setup: the API's invalid_code). */
export const isInvalidCode = (err: unknown) =>
  errorName(err) === 'CodeMismatchException' || (err instanceof ApiError && err.code === 'invalid_code');

/** The sign-in's challenge outlived its session (3 minutes) or was answered already: start again. */
export class SignInExpiredError extends Error {
  constructor() {
    super('Your sign-in took too long. Please sign in again.');
    this.name = 'SignInExpiredError';
  }
}

/** Answers the sign-in's TOTP challenge with the code from the authenticator app. */
export async function confirmTotpCode(code: string): Promise<void> {
  let out;
  try {
    out = await withAmplify(() => confirmSignIn({ challengeResponse: code }));
  } catch (err) {
    const name = errorName(err);
    if (name === 'SignInException' || (name === 'NotAuthorizedException' && /session/i.test(errorMessage(err, '')))) {
      throw new SignInExpiredError();
    }
    throw err;
  }
  if (!out.isSignedIn) throw new Error('Failed to sign in');
}

/** The name authenticator apps show for the account. */
const TOTP_ISSUER = 'Snip';

export interface TotpSetup {
  /** The key, base32, for typing into the app by hand. */
  secret: string;
  /** The otpauth:// URI of the key (what the QR code holds). */
  uri: string;
}

/** The session's access token: the API makes the account's own set-up calls with it. */
async function accessToken(): Promise<string> {
  const token = (await withAmplify(() => fetchAuthSession())).tokens?.accessToken?.toString();
  if (!token) throw new SignInExpiredError();
  return token;
}

/**
 * Starts TOTP setup for the signed-in admin: a new key, through the API (which records the set-up, so
 * that only sessions signed in after it are admins; functions/people/admin-mfa.ts).
 */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  const { secret } = await api('startAuthenticatorSetup', { accessToken: await accessToken() });
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}`;
  const uri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=6&period=30`;
  return { secret, uri };
}

/**
 * Finishes setup with the first code from the app: the API turns TOTP on, records the set-up and signs
 * the account out everywhere (this session too: it began before the set-up). The admin signs in again,
 * now with the TOTP challenge, from the whole second after the set-up (a sign-in counts only then),
 * answered with the code just typed while it is still valid; 'totpCode' when a fresh code is needed.
 */
export async function finishTotpSetup(email: string, password: string, code: string): Promise<'signedIn' | 'totpCode'> {
  const { enrolledAt } = await api('confirmAuthenticator', { accessToken: await accessToken(), code });
  await signOutQuietly();
  await new Promise((resolve) => setTimeout(resolve, signInWaitMs(enrolledAt!)));
  const again = await passwordSignIn(email, password);
  if (again !== 'totpCode') throw new Error('Failed to sign in');
  try {
    await confirmTotpCode(code);
    return 'signedIn';
  } catch (err) {
    if (isInvalidCode(err)) return 'totpCode';
    throw err;
  }
}

/** Signs out, never failing: the tokens are cleared locally even when the revoke call fails. */
export async function signOutQuietly(): Promise<void> {
  try {
    await withAmplify(() => signOut());
  } catch {
    clearStoredSession(); // Amplify clears them even when the revoke fails; without Amplify, here
  }
}

export class AccessDeniedError extends Error {
  constructor() {
    super('Access denied. Admin privileges required.');
    this.name = 'AccessDeniedError';
  }
}

/**
 * After a sign-in with a code: whether the admin's authenticator still has to be set up through the API
 * (TOTP was turned on past it, or before it recorded set-ups), without which admin routes stay shut.
 */
export async function authenticatorUnrecorded(): Promise<boolean> {
  const { tokens } = await withAmplify(() => fetchAuthSession());
  const groups = tokens?.idToken?.payload['cognito:groups'];
  if (!Array.isArray(groups) || !groups.includes(ADMIN_GROUP)) return false;
  const { totpOn, enrolledAt } = await api('getAuthenticator', {});
  return !totpOn || !enrolledAt;
}

/** Keeps only members of the admin group signed in; anyone else is signed out again. */
export async function assertAdminSession(): Promise<void> {
  const { tokens } = await withAmplify(() => fetchAuthSession());
  if (!tokens?.idToken) throw new Error('Failed to sign in');
  const groups = tokens.idToken.payload['cognito:groups'];
  if (!Array.isArray(groups) || !groups.includes(ADMIN_GROUP)) {
    await signOutQuietly();
    throw new AccessDeniedError();
  }
}

/** Admin sign-in: only members of the admin group get in (after their code, when TOTP asks for one). */
export async function adminSignIn(email: string, password: string): Promise<SignInResult> {
  const result = await signInWithEmail(email, password);
  if (result === 'signedIn') await assertAdminSession();
  return result;
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
    const out = await withAmplify(() =>
      signUp({
        username: input.email,
        password: input.password,
        options: {
          userAttributes: { email: input.email, name: input.fullName, preferred_username: username },
        },
      }),
    );
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
  await withAmplify(() => resendSignUpCode({ username: email }));
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  await withAmplify(() => confirmSignUp({ username: email, confirmationCode: code.trim() }));
}

export async function requestPasswordReset(email: string): Promise<void> {
  await withAmplify(() => resetPassword({ username: email }));
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await withAmplify(() => confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword }));
}
