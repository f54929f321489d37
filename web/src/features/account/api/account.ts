import { confirmUserAttribute, updatePassword, updateUserAttribute } from 'aws-amplify/auth';
import type { UserView } from '@shared/schemas/users';
import type { MailPreferences } from '@shared/mail-preferences';
import { api, ApiError } from '@/lib/api';
import { useAccountChange } from '@/lib/account';
import { withAmplify } from '@/lib/amplify-ready';
import { errorName } from '@/lib/errors';

/** Turns kinds of e-mail on or off; the account comes back with every kind's setting. */
export const useSaveMailPreferences = () => useAccountChange((changes: Partial<MailPreferences>) => api('saveMailPreferences', changes));

/** Cognito's refusals of a password change, in the user's words. */
const PASSWORD_ERRORS: Record<string, string> = {
  NotAuthorizedException: 'Your current password is not right.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
};

/**
 * Changes the signed-in user's password with Cognito (the current one required); the session stays. Then
 * the server is asked to tell the account's address, which Cognito does not: that telling fails does not
 * undo or hide the change, so its error is not the user's.
 */
export async function changePassword(currentPassword: string, password: string): Promise<void> {
  try {
    await withAmplify(() => updatePassword({ oldPassword: currentPassword, newPassword: password }));
  } catch (err) {
    const known = PASSWORD_ERRORS[errorName(err)];
    throw known ? new Error(known) : err;
  }
  void tellPasswordChanged();
}

/** Asks the server to tell the account's address; again after a moment while it answers 503 (its e-mail failed). */
async function tellPasswordChanged(tries = 3): Promise<void> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      await api('passwordChanged');
      return;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 503) || attempt === tries) return;
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
}

/** Cognito's refusals of a new address or its code, in the user's words. */
const EMAIL_ERRORS: Record<string, string> = {
  AliasExistsException: 'An account with this e-mail already exists.',
  CodeMismatchException: 'Invalid code. Please try again.',
  ExpiredCodeException: 'This code has expired. Ask for a new one.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
};

const inWords = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    const known = EMAIL_ERRORS[errorName(err)];
    throw known ? new Error(known) : err;
  }
};

/** Asks Cognito for a code at the new address (the old one stays until the code is confirmed). */
export const sendEmailCode = (email: string) =>
  inWords(() => withAmplify(() => updateUserAttribute({ userAttribute: { attributeKey: 'email', value: email } })));

/** Confirms the code with Cognito, then has the account take the address Cognito now has. */
export async function confirmNewEmail(code: string): Promise<UserView> {
  await inWords(() => withAmplify(() => confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code })));
  return api('takeConfirmedEmail');
}
