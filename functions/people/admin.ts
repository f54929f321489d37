/**
 * The admin's tools: the user list (by type, searchable, paged), a user's type, a pro's price and balance,
 * and the platform's margin. A balance is never overwritten: an edit is a ledger adjustment with its
 * reason, applied only to the balance the admin saw. A type or price change is audited with the admin,
 * what it was and what it became, in the change's own transaction (GET /audit).
 */
import type { AdminUserView } from '../../shared/schemas/admin.js';
import { WORLD_CLASS_CENTS } from '../../shared/constants.js';
import { formatCents } from '../../shared/money.js';
import { auditChange, auditPut } from './data/audit.js';
import { adjustBalance as adjustLedger } from '../money/data/index.js';
import { getSettings, setMargin } from '../platform/data/index.js';
import * as users from './data/users.js';
import * as userLists from './data/user-lists.js';
import { changeFeedbackPrice } from './data/user-prices.js';
import { decisionView, imageUrl } from './users.js';
import type { StoredUserType, UserRecord } from './data/users.js';
import { decodeCursorValue, encodeCursor, isStartKeyOf } from '../lib/cursor.js';
import { Conflict, NotFound } from '../lib/errors.js';

const PAGE_SIZE = 20;
/** 'All' lists pros, then musicians (admins are not managed here). */
const ALL: StoredUserType[] = ['pro', 'musician'];

export const toAdminUserView = (u: UserRecord): AdminUserView => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  username: u.username,
  type: u.type,
  feedbackPriceCents: u.feedbackPriceCents ?? null,
  balanceCents: u.balanceCents ?? 0,
  payoutsHeld: decisionView(u.payoutsHeld),
  worldClass: decisionView(u.worldClass),
  profileImage: imageUrl(u.profileImage),
  createdAt: u.createdAt,
});

interface Cursor {
  /** Which of the listed types the next page continues in. */
  t: number;
  k?: Record<string, unknown>;
  /** A search's count, made on its first page and carried to the next ones. */
  n?: number;
}

function decode(cursor: string | undefined, types: readonly StoredUserType[]): Cursor {
  if (!cursor) return { t: 0 };
  return decodeCursorValue(cursor, (c: unknown): c is Cursor => {
    const { t, k, n } = (c ?? {}) as Partial<Cursor>;
    return (
      typeof t === 'number' &&
      Number.isInteger(t) &&
      t >= 0 &&
      t < types.length &&
      (k === undefined || isStartKeyOf(k, users.typePartition(types[t]))) &&
      (n === undefined || (Number.isInteger(n) && n >= 0))
    );
  });
}

/** Index entries a search reads per page, matching or not: one query, so the page stays within its round trips. */
const SEARCH_READ = 100;

/**
 * A page of users: one Query of a type's list, and of the next type's when the first ends short of a page
 * (pros, then musicians, in one list), then the records by key. The count comes from the counters, one
 * read beside them; a search's count is made on its first page only and carried in the cursor.
 */
export async function listUsers(input: { type: 'all' | 'pro' | 'musician'; q?: string; cursor?: string }) {
  const types = input.type === 'all' ? ALL : [input.type];
  const q = input.q?.trim().toLowerCase() || undefined;
  const cursor = decode(input.cursor, types);
  const counting =
    cursor.n !== undefined
      ? Promise.resolve(cursor.n)
      : q
        ? Promise.all(types.map((t) => userLists.countMatchingUsers(t, q))).then((counts) => counts.reduce((a, b) => a + b, 0))
        : userLists.countUsersOfTypes(types);
  counting.catch(() => {}); // awaited below; a failure must not go unhandled meanwhile
  const read = (t: number, limit: number, start?: Record<string, unknown>) =>
    userLists.pageEntriesOfType(types[t], { limit, start, q, read: q ? SEARCH_READ : limit });
  const pages = [await read(cursor.t, PAGE_SIZE, cursor.k)];
  // A type's list ending short of a page: the page goes on with the next type's (one more query at most).
  let t = cursor.t;
  const short = PAGE_SIZE - pages[0].entries.length;
  if (!pages[0].next && short > 0 && t + 1 < types.length) pages.push(await read(++t, short));
  const [users, count] = await Promise.all([userLists.usersOfPages(pages), counting]);
  const last = pages[pages.length - 1];
  const carried = q ? { n: count } : {};
  const next: Cursor | null = last.next ? { t, k: last.next, ...carried } : t + 1 < types.length ? { t: t + 1, ...carried } : null;
  return { users: users.map(toAdminUserView), count, next: encodeCursor(next) };
}

/** A user the admin may manage: one that exists and is not an admin. */
async function managed(id: string): Promise<UserRecord> {
  const user = await users.getUser(id);
  if (!user || user.type === 'admin') throw new NotFound('User not found');
  return user;
}

/** The audit entry of an admin's change to a user, written in the change's own transaction. */
const audited = (admin: UserRecord, user: UserRecord, action: 'setUserType' | 'setFeedbackPrice', from: string, to: string) =>
  auditChange(admin, user, {
    action,
    path: action === 'setUserType' ? `/users/${user.id}/type` : `/users/${user.id}/feedback-price`,
    from,
    to,
  });

export async function setUserType(admin: UserRecord, id: string, type: 'musician' | 'pro'): Promise<AdminUserView> {
  const user = await managed(id);
  if (user.type === type) return toAdminUserView(user);
  // The entry names the type of the record the write is conditional on (its version): what it really replaced.
  // Made again on a record changed meanwhile, that record must still be someone an admin manages.
  return toAdminUserView(
    await users.updateUser(user, { type, typeChosen: true }, (current) => {
      if (current.type === 'admin') throw new NotFound('User not found');
      return [audited(admin, current, 'setUserType', current.type, type)];
    }),
  );
}

const priceText = (cents: number | null | undefined) => (cents ? formatCents(cents) : 'free');

/** The World-Class price is for vetted pros only (people/world-class.ts): an admin vets first. */
const vetFirst = () =>
  new Conflict(`Vet them as World-Class first: only World-Class pros ask ${formatCents(WORLD_CLASS_CENTS)}.`, 'not_world_class');

/** A pro's price, in dollars as the editor sends it; 0 makes their feedback free. Requests made after it pay it. */
export async function setFeedbackPrice(admin: UserRecord, id: string, dollars: number): Promise<AdminUserView> {
  const user = await managed(id);
  const rounded = Math.round(dollars * 100);
  const cents = rounded > 0 ? rounded : null;
  const updated = await users.onFreshRecord(user, (current) => {
    if (current.type === 'pro' && (current.feedbackPriceCents ?? null) === cents) return Promise.resolve(current);
    if (cents === WORLD_CLASS_CENTS && current.type === 'pro' && !current.worldClass) throw vetFirst();
    return changeFeedbackPrice(current, cents, [
      audited(admin, current, 'setFeedbackPrice', priceText(current.feedbackPriceCents), priceText(cents)),
    ]);
  });
  if (updated === 'not_pro' || updated.type !== 'pro') throw new Conflict('Only pros have a feedback price', 'not_pro');
  return toAdminUserView(updated);
}

export async function adjustBalance(
  admin: UserRecord,
  input: { id: string; balance: number; expectedBalanceCents: number; reason: string },
): Promise<AdminUserView> {
  const user = await managed(input.id);
  if (user.type !== 'pro') throw new Conflict('Only pros have a balance to edit', 'not_pro');
  const target = Math.round(input.balance * 100);
  if (target === input.expectedBalanceCents && target === user.balanceCents) return toAdminUserView(user);
  const reason = input.reason.trim();
  const audit = auditPut({
    adminId: admin.id,
    adminEmail: admin.email,
    targetId: user.id,
    targetEmail: user.email,
    action: 'adjustBalance',
    method: 'PUT',
    path: `/users/${user.id}/balance`,
    status: 200,
    from: formatCents(input.expectedBalanceCents),
    to: `${formatCents(target)}: ${reason}`,
  });
  const result = await adjustLedger(user.id, input.expectedBalanceCents, target, { adminId: admin.id, reason }, audit);
  // The write is conditional on the balance being what the admin saw: when it lands, the balance is the
  // target; when it does not, the write says what it found instead. Neither needs the user read again.
  if (result.adjusted) return toAdminUserView({ ...user, balanceCents: target, updatedAt: result.at });
  const now = result.found;
  if (!now || now.type === 'admin') throw new NotFound('User not found');
  if (now.type !== 'pro') throw new Conflict('Only pros have a balance to edit', 'not_pro');
  throw new Conflict(
    `The balance changed meanwhile: it is now ${formatCents(now.balanceCents)}. Check it and edit again.`,
    'balance_changed',
    {
      balanceCents: now.balanceCents,
    },
  );
}

export const settings = () => getSettings();
export async function updateMargin(admin: UserRecord, margin: number, expectedUpdatedAt: string | null) {
  const saved = await setMargin(margin, admin.id, expectedUpdatedAt);
  if (saved) return saved;
  const now = await getSettings();
  throw new Conflict(
    `The margin was changed meanwhile: it is now ${(now.margin * 100).toFixed(1)}%. Check it and save again.`,
    'settings_changed',
    {
      margin: now.margin,
      ...(now.updatedAt ? { updatedAt: now.updatedAt } : {}),
    },
  );
}
