import { fetchAuthSession, fetchMFAPreference, signIn, signOut } from 'aws-amplify/auth';
import { ADMIN_GROUP } from '@shared/constants';
import { withAmplify } from '@/lib/amplify-ready';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { errorName } from '@/lib/errors';

/**
 * What a password sign-in leads to: signed in; the e-mail still to confirm; the code of the account's
 * authenticator app (TOTP is on for it); or, for an admin without TOTP, setting it up first.
 */
export type SignInResult = 'signedIn' | 'confirmSignUp' | 'totpCode' | 'totpSetup';

const COGNITO_WRONG_PASSWORD = 'Incorrect username or password.';
export const WRONG_PASSWORD = 'Incorrect email or password.';

/**
 * Password sign-in: SRP in AWS (the password never leaves the browser); USER_PASSWORD_AUTH locally, as
 * cognito-local has no SRP. An unconfirmed e-mail is a result, not an error.
 */
export async function passwordSignIn(email: string, password: string): Promise<Exclude<SignInResult, 'totpSetup'>> {
  const authFlowType = getRuntimeConfig().mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await withAmplify(() => signIn({ username: email, password, options: { authFlowType } }));
      if (out.isSignedIn) return 'signedIn';
      if (out.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
      if (out.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
      throw new Error('Failed to sign in');
    } catch (err) {
      const name = errorName(err);
      if (name === 'UserNotConfirmedException') return 'confirmSignUp';
      if (name === 'UserAlreadyAuthenticatedException' && attempt === 0) {
        // Another account is still signed in on this device: replace it.
        await withAmplify(() => signOut());
        continue;
      }
      // The pool's own words speak of a username: the form asked for an e-mail.
      if (name === 'NotAuthorizedException' && err instanceof Error && err.message === COGNITO_WRONG_PASSWORD)
        throw new Error(WRONG_PASSWORD);
      throw err;
    }
  }
}

/** The groups of the signed-in session's ID token. */
async function sessionGroups(): Promise<string[]> {
  const session = await withAmplify(() => fetchAuthSession());
  const groups = session?.tokens?.idToken?.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}

/**
 * Signs in with e-mail and password. Admin accounts use TOTP MFA: Cognito asks for the code once TOTP is
 * on, and an admin who signed in without one has no TOTP yet and sets it up before going on.
 */
export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const result = await passwordSignIn(email, password);
  if (result !== 'signedIn' || !(await sessionGroups()).includes(ADMIN_GROUP)) return result;
  const mfa = await withAmplify(() => fetchMFAPreference());
  return mfa.enabled?.includes('TOTP') ? 'signedIn' : 'totpSetup';
}
