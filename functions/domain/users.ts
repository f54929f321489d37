/** Use cases of the user account: lookups at sign-up, the record behind each identity, onboarding. */
import { suggestUsername } from '../../shared/username.js';
import type { UserView } from '../../shared/schemas/users.js';
import { usernameField } from '../../shared/schemas/users.js';
import type { UserType } from '../../shared/constants.js';
import { accountExistsForEmail, getAccountAttributes } from '../data/identities.js';
import { createUser, getUser, updateUser, usernameTaken, type UserRecord } from '../data/users.js';
import { isAdminIdentity, type Identity } from '../lib/identity.js';
import { Conflict, Forbidden } from '../lib/errors.js';

const USERNAME_ATTEMPTS = 8;

export const emailExists = (email: string) => accountExistsForEmail(email.toLowerCase());

export const usernameExists = (username: string) => usernameTaken(username);

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
  const fullName = account.name.trim() || email.split('@')[0];
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

/**
 * The caller's record. It is normally made when the account is confirmed (the PostConfirmation
 * trigger); accounts made otherwise (by an operator, or before the trigger existed) get theirs here, on
 * first sight. Someone an operator has since put in the admin group becomes an admin here too.
 */
export async function ensureUser(identity: Identity): Promise<UserRecord> {
  const admin = isAdminIdentity(identity);
  const existing = await getUser(identity.sub);
  if (existing) return admin && existing.type !== 'admin' ? updateUser(existing, { type: 'admin', typeChosen: true }) : existing;

  // Read the sign-up attributes from the directory: the token may not carry name and username.
  const account = await getAccountAttributes(identity.cognitoUsername);
  return createUserRecord({
    sub: identity.sub,
    email: account.email || identity.email,
    name: account.name || identity.fullName,
    preferredUsername: account.preferredUsername ?? identity.preferredUsername,
    admin,
  });
}

export function toUserView(user: UserRecord, isAdmin: boolean): UserView {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    username: user.username,
    type: user.type,
    typeChosen: user.typeChosen,
    isAdmin,
    genres: user.genres,
    costRange: user.costRange,
    experience: user.experience,
    feedbackPriceCents: user.feedbackPriceCents,
    balanceCents: user.balanceCents,
    bio: user.bio,
    createdAt: user.createdAt,
  };
}

export async function chooseType(user: UserRecord, type: UserType): Promise<UserRecord> {
  if (user.type === 'admin') throw new Forbidden('Admins do not choose a user type');
  // The choice can still change until onboarding is complete; afterwards only an admin changes it.
  if (user.typeChosen && user.genres.length > 0 && user.type !== type) {
    throw new Conflict('Your account type is already set. An admin can change it.', 'type_already_chosen');
  }
  return updateUser(user, { type, typeChosen: true });
}

export const saveGenres = (user: UserRecord, genres: string[]) => updateUser(user, { genres });

export const saveProProfile = (
  user: UserRecord,
  profile: { genres: string[]; costRange: { min: number; max: number }; experience: number },
) => updateUser(user, profile);
