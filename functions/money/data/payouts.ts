/**
 * Payouts: a pro's withdrawal of their available balance to their PayPal account. Keys:
 * - payout       PK PAYOUT#<id>   SK PAYOUT   GSI1 PAYOUTS#<userId> / <createdAt>#<id> (the pro's list)
 *                                             GSI3 PAYOUTS / <createdAt>#<id> (everyone's, for admins)
 *                                             GSI2 PAYOUT#WATCH#<shard> / <checkAt>#<id> (while it needs a look)
 * - open payout  PK USER#<userId> SK OPEN_PAYOUT  (one at a time: put with the payout, deleted when it ends)
 * - e-mail       PK PAYOUT#<id>   SK EMAIL#<event>
 * How a payout moves is the payout machine's (functions/money/payout-machine.ts); this module writes its
 * moves, each in one transaction conditional on the state it leaves, and reads payouts.
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PayoutStatus } from '../../../shared/schemas/payouts.js';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { entryPut, moneyMove, type LedgerEntry, type MoneyMove } from './ledger.js';
import { webhookPut, type WebhookEvent } from './payments.js';
import {
  getItem,
  dueIds,
  shardKey,
  shardKeys,
  cancellation,
  failedItem,
  isConditionFailure,
  send,
  writeIf,
  withoutKeys,
} from '../../platform/data/index.js';

export interface PayoutRecord {
  id: string;
  userId: string;
  userName: string;
  /** The PayPal account it is paid to, as the profile named it when the payout was made. */
  email: string;
  amountCents: number;
  status: PayoutStatus;
  /** PayPal's batch and item, once sent; the item's transaction once paid (what PayPal's transaction search lists). */
  batchId?: string;
  itemId?: string;
  transactionId?: string;
  /** Why it was given back, as PayPal said it. */
  reason?: string;
  /** Sends tried (the first included) while PayPal did not answer. */
  attempts?: number;
  /** What went wrong at the last send PayPal did not answer (for the admin's list of payouts stuck sending). */
  lastError?: string;
  checkAt?: string;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
}

const T = () => config.tableName;
export const payoutKey = (id: string) => ({ PK: `PAYOUT#${id}`, SK: 'PAYOUT' });
const openKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'OPEN_PAYOUT' });
export const ALL_PAYOUTS = 'PAYOUTS';
const WATCH = 'PAYOUT#WATCH';
const WATCH_SHARDS = 4;
const watchKeys = (id: string, checkAt: string) => ({ GSI2PK: shardKey(WATCH, id, WATCH_SHARDS), GSI2SK: `${checkAt}#${id}` });

const fromItem = (item: Record<string, unknown>) => withoutKeys(item) as unknown as PayoutRecord;

/** What a new payout must find on the pro's profile: everything the pro was told they may withdraw. */
export interface PayoutTerms {
  email: string;
  /** The available balance the pro saw: the payout takes all of it. */
  availableCents: number;
  minimumCents: number;
  now: string;
}

export type NewPayoutOutcome =
  | { kind: 'created' }
  /** A payout of this id exists (a retry under the same key): as it stands. */
  | { kind: 'exists'; payout: PayoutRecord }
  /** Another payout of the pro's is under way. */
  | { kind: 'open' }
  /** The profile no longer allows it (its balance, address, hold or pause moved): as the refused write found it. */
  | { kind: 'refused'; profile: Record<string, unknown> | null };

/**
 * Stores a new payout with the money it takes: the payout's entries, the pro's available balance down by
 * all of it, and the pro's one open payout, in one transaction conditional on the profile being as the pro
 * saw it (a pro, that address, not held, not paused, that available balance, at least the minimum).
 */
export async function putPayout(p: PayoutRecord, entries: LedgerEntry[], move: MoneyMove, terms: PayoutTerms): Promise<NewPayoutOutcome> {
  const taken = moneyMove(move).Update;
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: T(),
                Item: {
                  ...payoutKey(p.id),
                  entity: 'payout',
                  GSI1PK: `PAYOUTS#${p.userId}`,
                  GSI1SK: `${p.createdAt}#${p.id}`,
                  GSI3PK: ALL_PAYOUTS,
                  GSI3SK: `${p.createdAt}#${p.id}`,
                  ...(p.checkAt ? watchKeys(p.id, p.checkAt) : {}),
                  ...p,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            {
              Put: {
                TableName: T(),
                Item: { ...openKey(p.userId), entity: 'open-payout', payoutId: p.id, createdAt: p.createdAt },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                ...taken,
                ConditionExpression:
                  `${taken.ConditionExpression} AND #type = :pro AND payoutEmail = :email AND attribute_not_exists(payoutsHeld)` +
                  ' AND (attribute_not_exists(payoutPausedUntil) OR payoutPausedUntil <= :now)' +
                  ' AND availableCents = :available AND availableCents >= :minimum',
                ExpressionAttributeNames: { '#type': 'type' },
                ExpressionAttributeValues: {
                  ...taken.ExpressionAttributeValues,
                  ':pro': 'pro',
                  ':email': terms.email,
                  ':now': terms.now,
                  ':available': terms.availableCents,
                  ':minimum': terms.minimumCents,
                },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            ...entries.map(entryPut),
          ],
        }),
    );
    return { kind: 'created' };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = cancellation(err) ?? [];
    if (reasons[0] === 'ConditionalCheckFailed') return { kind: 'exists', payout: fromItem(failedItem(err, 0)!) };
    if (reasons[1] === 'ConditionalCheckFailed') return { kind: 'open' };
    return { kind: 'refused', profile: failedItem(err, 2) ?? null };
  }
}

/** One move of a payout, as the payout machine decided it. */
export interface PayoutWrite {
  id: string;
  userId: string;
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  set: Partial<PayoutRecord>;
  /** When the check looks next: a time, or null for never again. */
  checkAt: string | null;
  entries: LedgerEntry[];
  pro?: MoneyMove;
  /** The payout has ended: the pro's open payout is freed. */
  closes: boolean;
  /** An e-mail to the pro, claimed with the move: whoever makes it sends it. */
  claimsMail?: string;
}

/**
 * Writes one move of a payout and what it causes, once, with the webhook event that brought it (recorded
 * as applied): false when the payout was no longer in a state it leaves.
 */
export async function writePayout(w: PayoutWrite, event?: WebhookEvent): Promise<boolean> {
  const at = new Date().toISOString();
  const values: Record<string, unknown> = { ...w.set, status: w.to, updatedAt: at, ...(w.checkAt ? { checkAt: w.checkAt } : {}) };
  if (w.checkAt) Object.assign(values, watchKeys(w.id, w.checkAt));
  const names = Object.keys(values);
  const items: Record<string, unknown>[] = [
    {
      Update: {
        TableName: T(),
        Key: payoutKey(w.id),
        UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}${w.checkAt === null ? ' REMOVE checkAt, GSI2PK, GSI2SK' : ''}`,
        ConditionExpression: `#status IN (${w.from.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((n) => [`#${n}`, n])), '#status': 'status' },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
          ...Object.fromEntries(w.from.map((s, i) => [`:from${i}`, s])),
        },
      },
    },
    ...w.entries.map(entryPut),
  ];
  if (w.pro) items.push(moneyMove(w.pro));
  if (w.closes) {
    items.push({
      Delete: {
        TableName: T(),
        Key: openKey(w.userId),
        ConditionExpression: 'attribute_not_exists(PK) OR payoutId = :id',
        ExpressionAttributeValues: { ':id': w.id },
      },
    });
  }
  if (event) items.push(webhookPut(event));
  if (w.claimsMail) {
    items.push({ Put: { TableName: T(), Item: { PK: `PAYOUT#${w.id}`, SK: `EMAIL#${w.claimsMail}`, entity: 'email', sentAt: at } } });
  }
  try {
    await send(() => new TransactWriteCommand({ TransactItems: items as never }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function getPayout(id: string): Promise<PayoutRecord | null> {
  return getItem(payoutKey(id), fromItem);
}

/** The pro's open payout's id, if any. */
export async function openPayoutOf(userId: string): Promise<string | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: openKey(userId), ConsistentRead: true }));
  return (res.Item?.payoutId as string | undefined) ?? null;
}

/** The index partition a page of payouts reads (what its cursor must be a position in). */
export const payoutsPartition = (of: { userId: string } | 'all') =>
  of === 'all' ? { GSI3PK: ALL_PAYOUTS } : { GSI1PK: `PAYOUTS#${of.userId}` };

/** A page of one pro's payouts (GSI1), or everyone's (GSI3: keys only, then the payouts by key), newest first. */
export async function pagePayouts(
  of: { userId: string } | 'all',
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ payouts: PayoutRecord[]; next: Record<string, unknown> | null }> {
  const page = { ScanIndexForward: false, Limit: limit, ExclusiveStartKey: startKey };
  if (of !== 'all') {
    const res = await dynamo().send(
      new QueryCommand({
        TableName: T(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `PAYOUTS#${of.userId}` },
        ...page,
      }),
    );
    return { payouts: (res.Items ?? []).map(fromItem), next: res.LastEvaluatedKey ?? null };
  }
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': ALL_PAYOUTS },
      ...page,
    }),
  );
  const found = await Promise.all((res.Items ?? []).map((i) => getPayout(String(i.PK).slice('PAYOUT#'.length))));
  return { payouts: found.filter((p) => p !== null), next: res.LastEvaluatedKey ?? null };
}

/**
 * Payouts still sending after at least `attempts` sends, oldest first: each is on the watch index until it
 * ends (one open payout per pro), so every partition is read to its end, keeping only those.
 */
export async function payoutsStuckSending(attempts: number): Promise<PayoutRecord[]> {
  const read = async (partition: string) => {
    const found: PayoutRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await dynamo().send(
        new QueryCommand({
          TableName: T(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :p',
          FilterExpression: '#status = :sending AND attempts >= :n',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':p': partition, ':sending': 'sending', ':n': attempts },
          ExclusiveStartKey: start,
        }),
      );
      found.push(...(res.Items ?? []).map(fromItem));
      start = res.LastEvaluatedKey;
    } while (start);
    return found;
  };
  const all = (await Promise.all(shardKeys(WATCH, WATCH_SHARDS).map(read))).flat();
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Payouts whose look is due at `now`, oldest first, at most `limit` from each watch partition. */
export const duePayouts = (now: string, limit = 50) => dueIds(T(), shardKeys(WATCH, WATCH_SHARDS), now, 'id', limit);

const profileKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/**
 * Sets the PayPal account a pro is paid at, only if it is still `from` (what the pro's request was read
 * with); `pausedUntil` holds payouts until then. False when it changed meanwhile.
 */
export async function setPayoutEmail(userId: string, from: string | null, to: string, pausedUntil: string | null): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: T(),
        Key: profileKey(userId),
        UpdateExpression: `SET payoutEmail = :to, updatedAt = :at${pausedUntil ? ', payoutPausedUntil = :until' : ''}`,
        ConditionExpression: `attribute_exists(PK) AND ${from ? 'payoutEmail = :from' : 'attribute_not_exists(payoutEmail)'}`,
        ExpressionAttributeValues: {
          ':to': to,
          ':at': new Date().toISOString(),
          ...(from ? { ':from': from } : {}),
          ...(pausedUntil ? { ':until': pausedUntil } : {}),
        },
      }),
  );
}

/** An admin's hold on a pro's payouts (null: lifted), with its audit entry, in one transaction. False when the user is gone. */
export async function setPayoutsHeld(userId: string, held: PayoutHold | null, audit: Record<string, unknown>): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: profileKey(userId),
              UpdateExpression: held ? 'SET payoutsHeld = :held' : 'REMOVE payoutsHeld',
              ConditionExpression: 'attribute_exists(PK)',
              ...(held ? { ExpressionAttributeValues: { ':held': held } } : {}),
            },
          },
          audit as never,
        ],
      }),
  );
}

export interface PayoutHold {
  reason: string;
  at: string;
  by: string;
}

/** Gives an e-mail's claim back when it could not be sent. */
export async function releasePayoutEmail(id: string, event: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: `PAYOUT#${id}`, SK: `EMAIL#${event}` } }));
}
