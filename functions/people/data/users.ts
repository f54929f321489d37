/**
 * User records. Keys:
 * - profile   PK USER#<id>        SK PROFILE   GSI3 TYPE#<type> / NAME#<lower name>#<id> (lists by type; the
 *             index holds the keys and the searched attributes only, so a balance or a bio written is no
 *             index write).
 * - counter   PK USERCOUNT        SK TYPE#<type>  `count`: the users of a type, moved in the transactions
 *             that create a user or change their type
 * - username  PK USERNAME#<name>  SK USERNAME  (uniqueness; written in the same transaction as the profile)
 * - search    PK USER#<id>        SK SEARCH#<term>  GSI2 SEARCH#<first 2 letters> / <term>#<id>
 *             one per prefix a person may type: the whole name, each later word of it, the username
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { cancellation, failedItem, retryConflicts, send, writeIf, type TransactItem } from '../../platform/data/index.js';
import { listAsPro, unlist } from './pro-listing.js';
import { poolMemberChanges } from './pool-members.js';
import { config } from '../../lib/config.js';
import type { FeedbackCategoryKey } from '../../../shared/feedback.js';
import { Conflict } from '../../lib/errors.js';
import type { UserType } from '../../../shared/constants.js';
import type { UserPlan } from '../../money/data/index.js';
import type { SocialLink } from '../../../shared/social.js';
import type { MailPreferences } from '../../../shared/mail-preferences.js';

export type StoredUserType = 'musician' | 'pro' | 'admin';

/**
 * The profile page's texts, absent until first saved: what Choose Your Pro and the 'More about' popover
 * show (featuredTrack holds comma-separated links).
 */
export const PROFILE_TEXTS = [
  'location',
  'keyCredits',
  'availability',
  'responseTime',
  'mentorshipStyle',
  'featuredTrack',
  'testimonials',
  'eventParticipation',
  'website',
] as const;
type ProfileTexts = { [K in (typeof PROFILE_TEXTS)[number]]?: string | null };

export interface UserRecord extends ProfileTexts {
  id: string;
  email: string;
  fullName: string;
  username: string;
  type: StoredUserType;
  typeChosen: boolean;
  genres: string[];
  costRange: { min: number; max: number } | null;
  experience: number | null;
  feedbackPriceCents: number | null;
  /** A pro who re-checks a later version for free (else at half their price: shared/recheck.ts). */
  freeRechecks?: boolean;
  balanceCents: number;
  /** The parts of the balance and the release totals (functions/money/data/ledger.ts MoneyPart); absent: none yet. */
  pendingCents?: number;
  heldCents?: number;
  availableCents?: number;
  releasedCents?: number;
  settledCents?: number;
  /** The PayPal account the pro is paid at; a changed one is paid to only after `payoutPausedUntil`. */
  payoutEmail?: string;
  payoutPausedUntil?: string;
  /** An admin's hold on the pro's payouts. */
  payoutsHeld?: { reason: string; at: string; by: string };
  /** An admin's vetting of the pro as World-Class (people/data/world-class.ts): only then may they ask its price. */
  worldClass?: { reason: string; at: string; by: string };
  /** A pro who takes Snip Pro requests from the pool (shared/pool.ts): listed by genre (pool-members.ts). */
  takesPoolWork?: boolean;
  /** The feedback categories the pro reviews best (people/pool-match.ts offers requests asking for them to them first). */
  focusAreas?: FeedbackCategoryKey[];
  bio: string | null;
  socialMedia?: SocialLink[];
  /** Keys in the public images bucket (served under /images/), set once the file has been checked. */
  profileImage?: string | null;
  coverImage?: string | null;
  /** The state of the user's application to become a pro (the application itself: people/data/applications.ts). */
  proApplication?: 'draft' | 'pending' | 'approved' | 'declined' | null;
  /** What an admin was before joining the admin group (when they had chosen), restored when they leave it. */
  typeBeforeAdmin?: UserType | null;
  /** When `type` last followed a change of the account's admin group membership. */
  groupSyncedAt?: string;
  /** The card provider's customer, once the user has started a checkout (functions/money/data/billing.ts). */
  stripeCustomerId?: string;
  /** The plan of the user's current subscription; absent or null: the free plan. */
  plan?: UserPlan | null;
  /**
   * When an admin's authenticator was last set up through the API (people/admin-mfa.ts: sessions signed in
   * before it have no admin rights); absent or null: none recorded.
   */
  totpEnrolledAt?: string | null;
  /** The kinds of e-mail the user chose on or off (shared/mail-preferences.ts); absent: the defaults. */
  mailPreferences?: Partial<MailPreferences>;
  /**
   * The secret of the user's unsubscribe links (people/mail-preferences.ts): set when the record is made
   * (scripts/migrate/mail-keys.ts gives one to older records), never shown in the app.
   */
  mailKey?: string;
  /** The directory's change the user was last told of as a password change (people/password-change.ts). */
  passwordNoticeFor?: string;
  /**
   * Moves by one with every write that derives something from the record as read (the list keys, the type
   * counters), each conditional on it: a write from a stale read is refused instead of undoing another.
   */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** 192 random bits: an unsubscribe link cannot be guessed from the user's id. */
export const newMailKey = () => randomBytes(24).toString('base64url');

export const userKey = (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' });
export const usernameKey = (username: string) => ({ PK: `USERNAME#${username}`, SK: 'USERNAME' });
/** Where a user is listed: their type's partition of GSI3, by name. */
export const typeIndexKeys = (u: Pick<UserRecord, 'type' | 'fullName' | 'id'>) => ({
  GSI3PK: `TYPE#${u.type}`,
  GSI3SK: `NAME#${u.fullName.toLowerCase()}#${u.id}`,
});
/** The partition of a type's list (what a cursor of that list must belong to). */
export const typePartition = (type: StoredUserType) => ({ GSI3PK: `TYPE#${type}` });
export const counterKey = (type: StoredUserType) => ({ PK: 'USERCOUNT', SK: `TYPE#${type}` });

type TransactUpdate = NonNullable<TransactItem['Update']>;
export const counterMove = (type: StoredUserType, by: number): TransactItem => ({
  Update: {
    TableName: config.tableName,
    Key: counterKey(type),
    UpdateExpression: 'ADD #count :by',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':by': by },
  },
});

/** The terms a user is found by: name, each later word of the name, username (lowercase). */
export function searchTerms(u: Pick<UserRecord, 'fullName' | 'username'>): string[] {
  const name = u.fullName.toLowerCase().trim().replace(/\s+/g, ' ');
  const words = name.split(' ');
  const terms = [name, ...words.slice(1).map((_, i) => words.slice(i + 1).join(' ')), u.username.toLowerCase()];
  return [...new Set(terms.filter((t) => t.length >= 2))];
}

export const searchItem = (userId: string, term: string) => ({
  PK: `USER#${userId}`,
  SK: `SEARCH#${term}`,
  GSI2PK: `SEARCH#${term.slice(0, 2)}`,
  GSI2SK: `${term}#${userId}`,
  entity: 'search',
  userId,
});

/** The name as the admin's search matches it (a filter cannot read an index key such as GSI1SK). */
const nameLower = (fullName: string) => ({ nameLower: fullName.toLowerCase() });

function toItem(u: UserRecord) {
  return { ...userKey(u.id), ...typeIndexKeys(u), ...nameLower(u.fullName), entity: 'user', ...u };
}

export function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI3PK: _g3, GSI3SK: _g3s, entity: _e, nameLower: _n, ...rest } = item;
  return rest as unknown as UserRecord;
}

type UserChanges = Partial<Omit<UserRecord, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

/**
 * The profile's part of a write that sets `changes` on the record as read: what derives from them (list
 * keys, the searched name), the next version, on condition that the version is still the one read (and
 * `condition`, when given); with the counters the write moves.
 */
export function versionedUpdate(
  current: UserRecord,
  changes: UserChanges,
  at: string,
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
): { next: UserRecord; update: TransactUpdate; counters: TransactItem[] } {
  const version = current.version + 1;
  const next: UserRecord = { ...current, ...changes, version, updatedAt: at };
  const values: Record<string, unknown> = { ...changes, updatedAt: at, version, ...typeIndexKeys(next), ...nameLower(next.fullName) };
  const names = Object.keys(values);
  // A type change moves the counters, and a pro's place in Choose Your Pro's orders (people/data/pro-listing.ts).
  const counters: TransactItem[] =
    next.type === current.type
      ? []
      : [
          counterMove(current.type, -1),
          counterMove(next.type, 1),
          ...(next.type === 'pro'
            ? [listAsPro(next.id, next.feedbackPriceCents ?? null)]
            : current.type === 'pro'
              ? [unlist(next.id)]
              : []),
        ];
  counters.push(...poolMemberChanges(current.id, current, next)); // a pool member's genres follow their record
  return {
    next,
    counters,
    update: {
      TableName: config.tableName,
      Key: userKey(current.id),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
      ConditionExpression: ['attribute_exists(PK) AND #version = :was', condition?.expression].filter(Boolean).join(' AND '),
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((n) => [`#${n}`, n])), ...condition?.names },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
        ':was': current.version,
        ...condition?.values,
      },
      // What won, when this loses: the caller tries again from it without reading it again.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** Refused because the record changed since it was read; `current` is what it is now (null: gone). */
export class UserChanged extends Error {
  constructor(readonly current: UserRecord | null) {
    super('The user record changed meanwhile');
  }
}

/**
 * Writes a versioned update (one UpdateItem, or a transaction with the counters it moves) and returns the
 * new record. Refused for a stale read: UserChanged with the record that won.
 */
async function writeVersioned(
  current: UserRecord,
  changes: UserChanges,
  condition?: Parameters<typeof versionedUpdate>[3],
  also: TransactItem[] = [],
): Promise<UserRecord> {
  const { next, update, counters } = versionedUpdate(current, changes, new Date().toISOString(), condition);
  try {
    if (counters.length === 0 && also.length === 0) {
      const res = await retryConflicts(() => dynamo().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' })));
      return fromItem(res.Attributes!);
    }
    await send(() => new TransactWriteCommand({ TransactItems: [{ Update: update }, ...counters, ...also] }));
    return next;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error).name === 'ConditionalCheckFailedException') {
      const item = (err as ConditionalCheckFailedException).Item;
      throw new UserChanged(item ? fromItem(unmarshall(item)) : null);
    }
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
      const item = failedItem(err, 0);
      throw new UserChanged(item ? fromItem(item) : null);
    }
    throw err;
  }
}

/**
 * Runs a read-modify-write of a user's record; refused because the record changed since it was read (an
 * admin's approval landing during a profile save), it runs once more on the record that won, which the
 * refusal returned. Refused again: 409, the user tries again.
 */
export async function onFreshRecord<T>(user: UserRecord, write: (u: UserRecord) => Promise<T>): Promise<T> {
  try {
    return await write(user);
  } catch (err) {
    if (!(err instanceof UserChanged) || !err.current) throw err;
    try {
      return await write(err.current);
    } catch (again) {
      if (again instanceof UserChanged)
        throw new Conflict('Your profile is being changed elsewhere right now. Please try again.', 'profile_changed');
      throw again;
    }
  }
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: userKey(id) }));
  return res.Item ? fromItem(res.Item) : null;
}

export async function usernameTaken(username: string): Promise<boolean> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: usernameKey(username), ProjectionExpression: 'PK' }));
  return Boolean(res.Item);
}

export type CreateUserResult = 'created' | 'user_exists' | 'username_taken';

/** Writes the profile and its username reservation together (neither exists without the other), counted. */
export async function createUser(user: Omit<UserRecord, 'version'>): Promise<CreateUserResult> {
  try {
    // Creations of one type meet on its counter: a transaction refused for another in flight is tried again.
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: config.tableName,
                Item: toItem({ mailKey: newMailKey(), ...user, version: 1 }),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: config.tableName,
                Item: { ...usernameKey(user.username), entity: 'username', userId: user.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            counterMove(user.type, 1),
            ...(user.type === 'pro' ? [listAsPro(user.id, user.feedbackPriceCents ?? null)] : []),
            ...poolMemberChanges(user.id, { type: 'musician', genres: [] }, user),
            ...searchTerms(user).map((term) => ({ Put: { TableName: config.tableName, Item: searchItem(user.id, term) } })),
          ],
        }),
    );
    return 'created';
  } catch (err) {
    const [profile, username] = cancellation(err) ?? [];
    if (profile === 'ConditionalCheckFailed') return 'user_exists';
    if (username === 'ConditionalCheckFailed') return 'username_taken';
    throw err;
  }
}

/** The profile page's own fields. */
export type ProfilePageField = (typeof PROFILE_TEXTS)[number] | 'socialMedia';

export type ProfileChanges = Partial<
  Pick<
    UserRecord,
    | 'type'
    | 'typeChosen'
    | 'genres'
    | 'costRange'
    | 'experience'
    | 'fullName'
    | 'bio'
    | ProfilePageField
    | 'profileImage'
    | 'coverImage'
    | 'feedbackPriceCents'
    | 'proApplication'
    | 'mailPreferences'
    | 'email'
    | 'mailKey'
    | 'payoutPausedUntil'
  >
>;

/**
 * Sets the given fields (the list keys and counters following a new type or name); returns the new record.
 * The fields are the caller's to set whatever else changed meanwhile, so a write refused for a stale read
 * is made again on the record that won.
 */
export function updateUser(current: UserRecord, changes: ProfileChanges, also?: (user: UserRecord) => TransactItem[]): Promise<UserRecord> {
  return onFreshRecord(current, (user) => writeVersioned(user, changes, undefined, also?.(user)));
}

export type TypeChange = Pick<UserRecord, 'type' | 'typeChosen' | 'typeBeforeAdmin' | 'groupSyncedAt'>;

/**
 * Sets the type (its list keys and counters following) only if the record is still what the caller read:
 * of concurrent requests that see the same group change, one writes it. Null when it had changed meanwhile.
 */
export async function changeUserType(current: UserRecord, change: TypeChange): Promise<UserRecord | null> {
  try {
    return await writeVersioned(current, change, {
      // And no newer token has changed it meanwhile (groupSyncedAt: the issue time of the token that did).
      expression: '#type = :expected AND (attribute_not_exists(#groupSyncedAt) OR #groupSyncedAt <= :groupSyncedAt)',
      values: { ':expected': current.type },
    });
  } catch (err) {
    if (err instanceof UserChanged) return null;
    throw err;
  }
}

/**
 * Records (or, with null, clears) an admin's authenticator set-up on their record, with `also` (its
 * audit entry) in the same transaction. Not versioned: nothing listed or counted derives from it.
 */
export async function setTotpEnrolledAt(userId: string, at: string | null, also: TransactItem[]): Promise<void> {
  await updateWith(
    userId,
    {
      UpdateExpression: at ? 'SET totpEnrolledAt = :at' : 'REMOVE totpEnrolledAt',
      ConditionExpression: 'attribute_exists(PK)',
      ...(at ? { ExpressionAttributeValues: { ':at': at } } : {}),
    },
    also,
  );
}

/** An update of the user's record with `also` in the same transaction. */
export const updateWith = (userId: string, update: Omit<TransactUpdate, 'TableName' | 'Key'>, also: TransactItem[]) =>
  send(
    () =>
      new TransactWriteCommand({ TransactItems: [{ Update: { TableName: config.tableName, Key: userKey(userId), ...update } }, ...also] }),
  );

/**
 * Claims the notice of the directory's change at `modifiedAt`: true once, for the first caller, and never for
 * a change at or before one already told of (two tabs asking at once send one e-mail). Not versioned, like
 * the authenticator's date: nothing listed or counted derives from it.
 */
export const claimPasswordNotice = (userId: string, modifiedAt: string): Promise<boolean> =>
  writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(userId),
        UpdateExpression: 'SET passwordNoticeFor = :at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(passwordNoticeFor) OR passwordNoticeFor < :at)',
        ExpressionAttributeValues: { ':at': modifiedAt },
      }),
  );

/** Gives a claimed notice back (its e-mail could not be sent), to what it was before, unless another has claimed since. */
export const releasePasswordNotice = (userId: string, claimed: string, before: string | undefined): Promise<boolean> =>
  writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(userId),
        UpdateExpression: before ? 'SET passwordNoticeFor = :before' : 'REMOVE passwordNoticeFor',
        ConditionExpression: 'passwordNoticeFor = :at',
        ExpressionAttributeValues: { ':at': claimed, ...(before ? { ':before': before } : {}) },
      }),
  );
