/**
 * Cognito PostConfirmation trigger: the user record is made as soon as an account is confirmed, so every
 * confirmed account has one (listed, searchable, its chosen username reserved) before its first sign-in.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createUserRecord } from '../people/index.js';
import { log } from '../lib/observability.js';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email = '', name = '', preferred_username: preferredUsername = null } = event.request.userAttributes;
  try {
    await createUserRecord({ sub, email, name, preferredUsername, admin: false });
  } catch (err) {
    // Confirmation must not fail over this: the first signed-in call makes the record instead.
    log.error('User record not created at confirmation', err, { userId: sub });
  }
  return event;
}
