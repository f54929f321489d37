import { updatePassword } from 'aws-amplify/auth';
import type { MailPreferences } from '@shared/mail-preferences';
import { api } from '@/lib/api';
import { useAccountChange } from '@/lib/account';
import { errorName } from '@/lib/errors';

/** Turns kinds of e-mail on or off; the account comes back with every kind's setting. */
export const useSaveMailPreferences = () => useAccountChange((changes: Partial<MailPreferences>) => api('saveMailPreferences', changes));

/** Cognito's refusals of a password change, in the user's words. */
const PASSWORD_ERRORS: Record<string, string> = {
  NotAuthorizedException: 'Your current password is not right.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
};

/** Changes the signed-in user's password with Cognito (the current one required); the session stays. */
export async function changePassword(currentPassword: string, password: string): Promise<void> {
  try {
    await updatePassword({ oldPassword: currentPassword, newPassword: password });
  } catch (err) {
    const known = PASSWORD_ERRORS[errorName(err)];
    throw known ? new Error(known) : err;
  }
}
