/**
 * The ledger: every movement of money, one immutable item per entry, in integer cents. Keys:
 * - entry   PK LEDGER#<accountId>  SK ENTRY#<createdAt>#<entryId>  (the platform: LEDGER#PLATFORM#<shard>)
 *           GSI1 LEDGER#<yyyy-mm>#<shard> / <createdAt>#<entryId>  (every account's, by month: the books and their export)
 * An account is a user (a musician's charges and refunds, a pro's earnings and reversals) or the platform
 * (`PLATFORM`: its fees, and the other side of admins' corrections). Every movement has both sides, so
 * the whole ledger sums to zero. A pro's `balanceCents` on their profile moves only in the transaction that writes
 * the entry explaining it, so it always equals the sum of their entries. Entries are never updated or
 * deleted; a mistake is corrected by another entry.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CURRENCY } from '../../../shared/money.js';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { queryAll, shardKey, shardKeys, failedItem, isConditionFailure, send } from '../../platform/data/index.js';

export const PLATFORM_ACCOUNT = 'PLATFORM';
/** Where a Snip Pro request's money waits until a pro claims it (shared/pool.ts), or until it is refunded. */
export const POOL_ACCOUNT = 'POOL';

export type LedgerKind =
  | 'charge' // the musician paid (negative: money out of their pocket)
  | 'earning' // the pro's share of a payment
  | 'fee' // the platform's share of a payment
  | 'refund' // the musician got their money back
  | 'reversal' // a refunded payment taken back from the pro's earnings
  | 'fee_reversal' // and from the platform's fees
  | 'pool_hold' // a Snip Pro request's price, waiting for a pro to claim it
  | 'pool_release' // taken from the pool by the claim (to the pro and the platform) or by the refund
  | 'adjustment' // an admin's correction, with its reason
  | 'payout' // money sent to a pro's PayPal account (negative on the pro; its other side on PAYOUTS)
  | 'payout_return'; // a payout that failed or came back, given back to the pro

export type LedgerCause =
  | { type: 'payment'; orderId: string; captureId?: string; refundId?: string }
  | { type: 'event'; provider: string; eventId: string }
  | { type: 'admin'; adminId: string; reason: string }
  | { type: 'payout'; payoutId: string };

export interface LedgerEntry {
  /**
   * Unique per cause and kind (`<orderId>:<kind>`). What keeps a cause from writing an entry twice is the
   * condition on the payment's status in the same transaction (the key also holds the time).
   */
  id: string;
  accountId: string;
  kind: LedgerKind;
  /** Signed: positive adds to the account. */
  amountCents: number;
  currency: typeof CURRENCY;
  cause: LedgerCause;
  description: string;
  shareId?: string;
  /** For earnings, fees and their reversals: the price and the margin in force when the payment was captured. */
  priceCents?: number;
  margin?: number;
  createdAt: string;
}

/**
 * The platform's side of every payment would make one partition take every payment's writes: its entries
 * are spread over PLATFORM_SHARDS partitions by a hash of the entry id, and read from all of them.
 */
export const PLATFORM_SHARDS = 8;
const platformPartitions = () => shardKeys(`LEDGER#${PLATFORM_ACCOUNT}`, PLATFORM_SHARDS);

/** The partition of an account's entries (of the platform's: the shard of `entryId`). */
export function ledgerPartition(accountId: string, entryId?: string): string {
  if (accountId !== PLATFORM_ACCOUNT || entryId === undefined) return `LEDGER#${accountId}`;
  return shardKey(`LEDGER#${PLATFORM_ACCOUNT}`, entryId, PLATFORM_SHARDS);
}

/** The partitions an account's entries live in. */
const partitionsOf = (accountId: string) => (accountId === PLATFORM_ACCOUNT ? platformPartitions() : [ledgerPartition(accountId)]);

/** A month's entries are spread over MONTH_SHARDS partitions of GSI1 by a hash of the entry id. */
export const MONTH_SHARDS = 8;
export const monthKeys = (e: Pick<LedgerEntry, 'id' | 'createdAt'>) => ({
  GSI1PK: shardKey(`LEDGER#${e.createdAt.slice(0, 7)}`, e.id, MONTH_SHARDS),
  GSI1SK: `${e.createdAt}#${e.id}`,
});

/** The write of one entry, for the transaction that moves the money it explains. */
export function entryPut(e: LedgerEntry) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { PK: ledgerPartition(e.accountId, e.id), SK: `ENTRY#${e.createdAt}#${e.id}`, entity: 'ledger', ...monthKeys(e), ...e },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The parts of a pro's money on their profile. The balance is the sum of their entries; it is made of
 * what is pending (its review not delivered), held (delivered, inside the musician's window to report it)
 * and available (to withdraw; below zero when money taken back had been paid out already). Also kept: the
 * total ever released, and the total of released money since used (paid out, or taken back).
 */
export type MoneyPart = 'balanceCents' | 'pendingCents' | 'heldCents' | 'availableCents' | 'releasedCents' | 'settledCents';

/** A move of a user's money, each part by a signed amount, for the transaction that writes the entry explaining it. */
export interface MoneyMove {
  userId: string;
  deltas: Partial<Record<MoneyPart, number>>;
  /** Only if the user's released total is still this (a release records what was released before it). */
  releasedCents?: number;
}

export function moneyMove(m: MoneyMove) {
  const parts = Object.entries(m.deltas).filter(([, d]) => d);
  const values: Record<string, number> = Object.fromEntries(parts.map(([part], i) => [`:d${i}`, m.deltas[part as MoneyPart]!]));
  let condition = 'attribute_exists(PK)';
  if (m.releasedCents !== undefined) {
    condition += m.releasedCents ? ' AND releasedCents = :r' : ' AND (attribute_not_exists(releasedCents) OR releasedCents = :r)';
    values[':r'] = m.releasedCents;
  }
  return {
    Update: {
      TableName: config.tableName,
      Key: { PK: `USER#${m.userId}`, SK: 'PROFILE' },
      UpdateExpression: `ADD ${parts.map(([part], i) => `${part} :d${i}`).join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
    },
  };
}

const fromItem = (i: Record<string, unknown>): LedgerEntry => {
  const { PK: _p, SK: _s, entity: _e, GSI1PK: _g, GSI1SK: _h, ...rest } = i;
  return rest as unknown as LedgerEntry;
};

const bySortKey = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.SK).localeCompare(String(b.SK));

/** An account's entries, newest first, at most `limit`. */
export async function recentEntries(accountId: string, limit = 50): Promise<LedgerEntry[]> {
  const pages = await Promise.all(
    partitionsOf(accountId).map((partition) =>
      dynamo().send(
        new QueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ScanIndexForward: false,
          Limit: limit,
        }),
      ),
    ),
  );
  return pages
    .flatMap((res) => res.Items ?? [])
    .sort((a, b) => bySortKey(b, a))
    .slice(0, limit)
    .map(fromItem);
}

/** Every entry of an account, oldest first (audits and the balance check). */
export async function allEntries(accountId: string): Promise<LedgerEntry[]> {
  const parts = await Promise.all(
    partitionsOf(accountId).map((partition) =>
      queryAll({
        TableName: config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ConsistentRead: true,
      }),
    ),
  );
  return parts.flat().sort(bySortKey).map(fromItem);
}

/** A user's entries of one month (`yyyy-mm`), oldest first: one query of their partition by its sort key. */
export async function entriesOfMonth(userId: string, month: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': ledgerPartition(userId), ':from': `ENTRY#${month}`, ':to': `ENTRY#${month}~` },
  });
  return items.sort(bySortKey).map(fromItem);
}

export type AdjustResult =
  | { adjusted: true; at: string }
  /** The user as the refused write found them (null: gone), so the caller need not read them again. */
  | { adjusted: false; found: { type: string; balanceCents: number } | null };

/**
 * An admin's correction of a pro's balance: an adjustment entry for the difference, written with the move
 * of the balance, only if the balance is still `fromCents` (what the admin saw) and the user a pro.
 * Refused when it is not: someone else's payment or edit landed meanwhile.
 */
export async function adjustBalance(
  userId: string,
  fromCents: number,
  toCents: number,
  cause: { adminId: string; reason: string },
  /** The admin's audit entry, written with the correction. */
  audit?: Record<string, unknown>,
): Promise<AdjustResult> {
  const at = new Date().toISOString();
  const delta = toCents - fromCents;
  const id = `adjustment:${randomUUID()}`;
  const entry: LedgerEntry = {
    id,
    accountId: userId,
    kind: 'adjustment',
    amountCents: delta,
    currency: CURRENCY,
    cause: { type: 'admin', adminId: cause.adminId, reason: cause.reason },
    description: `Balance corrected by an admin: ${cause.reason}`,
    createdAt: at,
  };
  // Its other side: what the pro is given, the platform gives (and takes back what is taken), so the books sum to zero.
  const platformSide: LedgerEntry = {
    ...entry,
    id: `${id}:platform`,
    accountId: PLATFORM_ACCOUNT,
    amountCents: -delta,
    description: `Balance correction for a pro: ${cause.reason}`,
  };
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            entryPut(entry),
            entryPut(platformSide),
            {
              Update: {
                TableName: config.tableName,
                Key: { PK: `USER#${userId}`, SK: 'PROFILE' },
                // A correction is available money at once (or taken from it).
                UpdateExpression: 'SET balanceCents = balanceCents + :d, updatedAt = :at ADD availableCents :d',
                ConditionExpression: 'attribute_exists(PK) AND balanceCents = :from AND #type = :pro',
                ExpressionAttributeNames: { '#type': 'type' },
                ExpressionAttributeValues: { ':d': delta, ':from': fromCents, ':at': at, ':pro': 'pro' },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            ...(audit ? [audit] : []),
          ],
        }),
    );
    return { adjusted: true, at };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const user = failedItem(err, 2);
    return {
      adjusted: false,
      found: user ? { type: user.type as string, balanceCents: (user.balanceCents as number | undefined) ?? 0 } : null,
    };
  }
}

/** Every account's entries made from `from` to `to` (ISO times, both included), oldest first: the months' shards read at once. */
export async function entriesBetween(from: string, to: string): Promise<LedgerEntry[]> {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number);
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  const parts = await Promise.all(
    months.flatMap((m) =>
      shardKeys(`LEDGER#${m}`, MONTH_SHARDS).map((pk) =>
        queryAll({
          TableName: config.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': `${to}~` },
        }),
      ),
    ),
  );
  return parts
    .flat()
    .sort((a, b) => String(a.GSI1SK).localeCompare(String(b.GSI1SK)))
    .map(fromItem);
}
