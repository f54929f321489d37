/** Use cases of the user account: lookups at sign-up, the record behind each identity, onboarding. */
import { IMAGES_PATH } from '../../shared/constants.js';
import type { UserView } from '../../shared/schemas/users.js';
import type { UserType } from '../../shared/constants.js';
import { accountExistsForEmail, getAccountAttributes, type AccountAttributes } from './data/identities.js';
import { changeUserType, getUser, PROFILE_TEXTS, updateUser, usernameTaken, type UserRecord } from './data/users.js';
import { pickOrNull } from '../lib/pick.js';
import { isAdminIdentity, type Identity } from '../lib/identity.js';
import { Conflict, Forbidden, Unauthorized } from '../lib/errors.js';
import { enforceRateLimit, RATE_LIMITS } from '../platform/index.js';
import { createUserRecord } from './user-records.js';
import { mailPreferences } from '../../shared/mail-preferences.js';

export { createUserRecord, type NewAccount } from './user-records.js';

/** E-mail lookups one client address may make per minute: a sign-up needs one or two. */
export const EMAIL_LOOKUPS_PER_MINUTE = RATE_LIMITS.emailLookup.limit;

/**
 * Sign-up's question: is this address already an account (confirmed or not, admins included, since
 * none of them can sign up again)? Only yes or no. The route is public, so it is limited per client
 * address; AWS WAF cannot attach to API Gateway HTTP APIs, so this limit is what protects it in AWS too.
 */
export async function emailExists(email: string, clientIp: string): Promise<boolean> {
  await enforceRateLimit('emailLookup', clientIp);
  return accountExistsForEmail(email.toLowerCase());
}

export const usernameExists = (username: string) => usernameTaken(username);

/**
 * The type follows the admin group: someone an operator puts in it becomes an admin, and someone taken
 * out of it gets back the type they had chosen before (or musician, with the type to choose again).
 * A token issued before the one that made the record's last such change reflects older groups and is
 * ignored (also in the write's condition), so tabs holding old and new tokens do not flip the record.
 */
async function followAdminGroup(user: UserRecord, identity: Identity): Promise<UserRecord> {
  const admin = isAdminIdentity(identity);
  if (admin === (user.type === 'admin')) return user;
  // The marker is the issue time of the token that last changed the type: only a token issued since may change it again.
  const groupSyncedAt = new Date(identity.issuedAt * 1000).toISOString();
  if (user.groupSyncedAt && groupSyncedAt < user.groupSyncedAt) return user;
  const prior = user.type === 'admin' ? null : user.typeChosen ? user.type : null;
  const changed = await changeUserType(
    user,
    admin
      ? { type: 'admin', typeChosen: true, typeBeforeAdmin: prior, groupSyncedAt }
      : { type: user.typeBeforeAdmin ?? 'musician', typeChosen: Boolean(user.typeBeforeAdmin), typeBeforeAdmin: null, groupSyncedAt },
  );
  // Null: a concurrent request changed the type first; its result is the record.
  return changed ?? (await getUser(user.id)) ?? user;
}

async function accountOf(identity: Identity): Promise<AccountAttributes> {
  try {
    return await getAccountAttributes(identity.cognitoUsername);
  } catch (err) {
    // A token outlives its account by up to an hour: a deleted account is signed out, not an error.
    if ((err as Error).name === 'UserNotFoundException') {
      throw new Unauthorized('This account no longer exists. Sign in to continue.');
    }
    throw err;
  }
}

/**
 * The caller's record. It is normally made when the account is confirmed (the PostConfirmation
 * trigger); accounts made otherwise (by an operator, or before the trigger existed) get theirs here, on
 * first sight. The type follows changes of the admin group.
 */
export async function ensureUser(identity: Identity): Promise<UserRecord> {
  const admin = isAdminIdentity(identity);
  const existing = await getUser(identity.sub);
  if (existing) return followAdminGroup(existing, identity);

  // Read the sign-up attributes from the directory: the token may not carry name and username.
  const account = await accountOf(identity);
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
    freeRechecks: Boolean(user.freeRechecks),
    worldClass: decisionView(user.worldClass),
    takesPoolWork: Boolean(user.takesPoolWork),
    focusAreas: user.focusAreas ?? [],
    balanceCents: user.balanceCents,
    bio: user.bio,
    ...pickOrNull(user, PROFILE_TEXTS),
    socialMedia: user.socialMedia ?? [],
    profileImage: imageUrl(user.profileImage),
    coverImage: imageUrl(user.coverImage),
    proApplication: user.proApplication ?? null,
    mailPreferences: mailPreferences(user.mailPreferences),
    createdAt: user.createdAt,
  };
}

/** An admin's standing decision about a user (a payout hold, a World-Class vetting) as views show it: why and since when. */
export const decisionView = (d: { reason: string; at: string } | undefined) => (d ? { reason: d.reason, at: d.at } : null);

/**
 * Where the CDN serves a public image: its bucket key (under `images/`) on the web app's own origin.
 * Only keys under that prefix are ever stored (people/images.ts).
 */
export const imageUrl = (key: string | null | undefined): string | null => (key?.startsWith(`${IMAGES_PATH}/`) ? `/${key}` : null);

/** The choice made at type onboarding: a pro is one already, or a musician about to apply. */
const chosenType = (user: UserRecord): UserType => (user.type === 'pro' || user.proApplication === 'draft' ? 'pro' : 'musician');

/**
 * Type onboarding. 'musician' is the type; 'pro' keeps the musician type and marks the application to
 * come (the pro onboarding form sends it): only an admin's approval makes someone a pro.
 */
export async function chooseType(user: UserRecord, type: UserType): Promise<UserRecord> {
  if (user.type === 'admin') throw new Forbidden('Admins do not choose a user type');
  // The choice can still change until onboarding is complete; afterwards only an admin changes it.
  if (user.typeChosen && user.genres.length > 0 && chosenType(user) !== type) {
    throw new Conflict('Your account type is already set. An admin can change it.', 'type_already_chosen');
  }
  if (type === 'pro') return user.type === 'pro' ? user : updateUser(user, { type: 'musician', typeChosen: true, proApplication: 'draft' });
  return updateUser(user, {
    type: 'musician',
    typeChosen: true,
    proApplication: user.proApplication === 'draft' ? null : (user.proApplication ?? null),
  });
}

export function saveGenres(user: UserRecord, genres: string[]) {
  if (user.type === 'admin') throw new Forbidden('Admins have no genres');
  return updateUser(user, { genres });
}

export const saveProProfile = (
  user: UserRecord,
  profile: { genres: string[]; costRange: { min: number; max: number }; experience: number },
) => updateUser(user, profile);
