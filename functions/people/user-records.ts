/**
 * The record behind a confirmed account, made from what the directory knows of it. Apart from users.ts
 * so that the PostConfirmation trigger, which has the attributes in its event, does not carry the Cognito
 * client that users.ts reads the directory with.
 */
import { suggestUsername } from '../../shared/username.js';
import { usernameField } from '../../shared/schemas/users.js';
import { cleanText } from '../../shared/schemas/common.js';
import { createUser, getUser, type UserRecord } from './data/users.js';
import { Conflict } from '../lib/errors.js';

const USERNAME_ATTEMPTS = 8;

function validUsername(candidate: string | null): string | null {
  const parsed = usernameField.safeParse(candidate ?? '');
  return parsed.success ? parsed.data : null;
}

/** What the directory knows of a new account, from which its record is made. */
export interface NewAccount {
  sub: string;
  email: string;
  name: string;
  preferredUsername: string | null;
  admin: boolean;
}

/**
 * The record of a confirmed account (type musician, as at sign-up; admin for the admin group).
 * Idempotent: concurrent calls converge on one record, and a username taken meanwhile is replaced by
 * a fresh suggestion.
 */
export async function createUserRecord(account: NewAccount): Promise<UserRecord> {
  const email = account.email.toLowerCase();
  // The name comes from the directory, where a client can put anything: clean it as the forms do.
  const fullName = [...cleanText(account.name).trim()].slice(0, 100).join('').trim() || email.split('@')[0];
  const now = new Date().toISOString();
  let username = validUsername(account.preferredUsername) ?? suggestUsername(fullName);
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const record: UserRecord = {
      id: account.sub,
      email,
      fullName,
      username,
      type: account.admin ? 'admin' : 'musician',
      typeChosen: account.admin,
      genres: [],
      costRange: null,
      experience: null,
      feedbackPriceCents: null,
      balanceCents: 0,
      bio: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    const result = await createUser(record);
    if (result === 'created') return record;
    if (result === 'user_exists') return (await getUser(account.sub))!;
    username = suggestUsername(fullName);
  }
  throw new Conflict('Could not reserve a username. Please try again.', 'username_unavailable');
}
