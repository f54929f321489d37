/**
 * A reviewer's listing: their reputation's running figures and, while they are a pro, their places in
 * Choose Your Pro's orders. One small item per reviewer, so a change of reputation or price rewrites
 * nothing else, and each order is one index partition read in order:
 * - listing  PK USER#<id>  SK LISTING   GSI1 PROS#RATING / <rated?><avg><count>#<id>   (best first, read backwards)
 *                                       GSI2 PROS#TURNAROUND / <median hours>#<id>      (fastest first)
 *                                       GSI3 PROS#PRICE / <cents>#<id>                  (cheapest first)
 * The partitions (the three PKs) are there only while the user is a pro: set and removed with the type
 * change (and a price change, which only a pro makes), never by a reputation change, which keeps them as read.
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { REPUTATION } from '../../../shared/reputation.js';
import { config } from '../../lib/config.js';
import {
  belowInPartitions,
  getItem,
  shardKey,
  shardKeys,
  cancellation,
  send,
  writeIf,
  type TransactItem,
} from '../../platform/data/index.js';

export interface ListingRecord {
  userId: string;
  ratingSum: number;
  ratingCount: number;
  completed: number;
  /** Per day due (YYYY-MM-DD), [delivered in time, due]: the last REPUTATION.onTimeDays days. */
  onTime: Record<string, [number, number]>;
  /** Hours from request to review of the latest REPUTATION.turnaroundsKept reviews, newest first. */
  turnarounds: number[];
  priceCents: number | null;
  version: number;
}

/** Choose Your Pro's orders: by name (the pros' own list, GSI3), and the three of the listings. */
export const ORDERS = {
  name: { index: 'GSI3', partition: 'TYPE#pro', forward: true },
  rating: { index: 'GSI1', partition: 'PROS#RATING', forward: false },
  turnaround: { index: 'GSI2', partition: 'PROS#TURNAROUND', forward: true },
  price: { index: 'GSI3', partition: 'PROS#PRICE', forward: true },
} as const;
export type ProOrder = keyof typeof ORDERS;

export const T = () => config.tableName;
export const listingKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'LISTING' });
const pad = (n: number, width: number) => String(Math.max(0, Math.min(Math.round(n), 10 ** width - 1))).padStart(width, '0');

export const emptyListing = (userId: string): ListingRecord => ({
  userId,
  ratingSum: 0,
  ratingCount: 0,
  completed: 0,
  onTime: {},
  turnarounds: [],
  priceCents: null,
  version: 0,
});

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Where the listing sorts in each order: the rated by average then count, the new after them; no data last. */
export function sortKeys(l: ListingRecord) {
  const rated = l.ratingCount >= REPUTATION.newBeforeRatings;
  const avg = l.ratingCount ? l.ratingSum / l.ratingCount : 0;
  const turnaround = median(l.turnarounds);
  return {
    GSI1SK: `${rated ? '1' : '0'}${pad(avg * 100, 3)}${pad(l.ratingCount, 7)}#${l.userId}`,
    GSI2SK: `${turnaround === null ? '9999999' : pad(turnaround, 7)}#${l.userId}`,
    GSI3SK: `${pad(l.priceCents ?? 0, 7)}#${l.userId}`,
  };
}

const partitions = () => ({
  GSI1PK: ORDERS.rating.partition,
  GSI2PK: ORDERS.turnaround.partition,
  GSI3PK: ORDERS.price.partition,
});

export function fromItem(item: Record<string, unknown>): ListingRecord & { listed: boolean } {
  return {
    userId: item.userId as string,
    ratingSum: (item.ratingSum as number) ?? 0,
    ratingCount: (item.ratingCount as number) ?? 0,
    completed: (item.completed as number) ?? 0,
    onTime: (item.onTime as ListingRecord['onTime']) ?? {},
    turnarounds: (item.turnarounds as number[]) ?? [],
    priceCents: (item.priceCents as number | null | undefined) ?? null,
    version: (item.version as number) ?? 0,
    listed: Boolean(item.GSI1PK),
  };
}

export async function getListing(userId: string): Promise<(ListingRecord & { listed: boolean }) | null> {
  return getItem(listingKey(userId), fromItem);
}

/**
 * Writes the figures as changed, on condition that the listing is still the version read (0: none), keeping
 * its place in the orders as it was (listed or not); false when another change landed first.
 */
export async function putListing(next: ListingRecord, listed: boolean): Promise<boolean> {
  return writeIf(() => new PutCommand(listingPut(next, listed)));
}

/** The listing as `next` has it, on condition that it is still the version before. */
const listingPut = (next: ListingRecord, listed: boolean) => ({
  TableName: T(),
  Item: { ...listingKey(next.userId), entity: 'listing', ...next, ...sortKeys(next), ...(listed ? partitions() : {}) },
  ConditionExpression: next.version === 1 ? 'attribute_not_exists(PK)' : 'version = :was',
  ...(next.version === 1 ? {} : { ExpressionAttributeValues: { ':was': next.version - 1 } }),
});

/**
 * Something that moves a reviewer's reputation, kept as an item of its own, written in the transaction of
 * what it records (a review delivered, a rating) and deleted in the transaction that applies it to the
 * listing: each is counted once, and one whose application failed waits for the scheduled job, listed by
 * when it happened (GSI2 REPUTATION#DUE#<shard>).
 */
export type ReputationEvent =
  | { kind: 'review'; shareId: string; at: string; inTime: boolean; hours: number }
  | { kind: 'rating'; shareId: string; rating: number }
  | { kind: 'missed'; shareId: string; at: string };

export interface PendingReputationEvent {
  userId: string;
  event: ReputationEvent;
}

const EVENTS_DUE = 'REPUTATION#DUE';
const EVENT_SHARDS = 4;
const eventId = (e: ReputationEvent) => `${e.kind}#${e.shareId}`;
const eventKey = (userId: string, e: ReputationEvent) => ({ PK: `USER#${userId}`, SK: `REPUTATION#${eventId(e)}` });

/** The event's item, for the transaction of what it records (once: a second of the same kind for the same request is refused). */
export function reputationEventPut(userId: string, event: ReputationEvent, at: string): TransactItem {
  return {
    Put: {
      TableName: T(),
      Item: {
        ...eventKey(userId, event),
        entity: 'reputation-event',
        userId,
        event,
        GSI2PK: shardKey(EVENTS_DUE, `${userId}#${eventId(event)}`, EVENT_SHARDS),
        GSI2SK: `${at}#${userId}#${eventId(event)}`,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Puts an event on its own (what it records was written without it). */
export const putReputationEvent = (userId: string, event: ReputationEvent, at: string) =>
  writeIf(() => new TransactWriteCommand({ TransactItems: [reputationEventPut(userId, event, at)] }));

/**
 * The listing as `next` has it, with the event it applies deleted, in one transaction: 'applied', 'changed'
 * (the listing moved since it was read: read it again) or 'gone' (the event was applied already).
 */
export async function applyToListing(
  next: ListingRecord,
  listed: boolean,
  p: PendingReputationEvent,
): Promise<'applied' | 'changed' | 'gone'> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            { Put: listingPut(next, listed) },
            { Delete: { TableName: T(), Key: eventKey(p.userId, p.event), ConditionExpression: 'attribute_exists(PK)' } },
          ],
        }),
    );
    return 'applied';
  } catch (err) {
    const reasons = cancellation(err);
    if (!reasons) throw err;
    return reasons[1] === 'ConditionalCheckFailed' ? 'gone' : 'changed';
  }
}

/** Events still waiting that happened before `before`, oldest first, at most `limit` of each shard. */
export async function dueReputationEvents(before: string, limit = 50): Promise<PendingReputationEvent[]> {
  const partitions = shardKeys(EVENTS_DUE, EVENT_SHARDS);
  const due = await belowInPartitions({ tableName: T(), partitions, bound: before, limit, orderBy: 'GSI2SK' });
  return due.map((i) => ({ userId: i.userId as string, event: i.event as ReputationEvent }));
}

/**
 * For the transaction that makes a user a pro (or sets a pro's price): listed in every order, at the
 * price given; the figures kept (or started) as they are.
 */
export function listAsPro(userId: string, priceCents: number | null): TransactItem {
  const empty = sortKeys({ ...emptyListing(userId), priceCents });
  return {
    Update: {
      TableName: T(),
      Key: listingKey(userId),
      UpdateExpression:
        'SET GSI1PK = :r, GSI2PK = :t, GSI3PK = :p, GSI1SK = if_not_exists(GSI1SK, :rsk), GSI2SK = if_not_exists(GSI2SK, :tsk), GSI3SK = :psk, priceCents = :price, userId = :id, entity = :e ADD version :one',
      ExpressionAttributeValues: {
        ':r': ORDERS.rating.partition,
        ':t': ORDERS.turnaround.partition,
        ':p': ORDERS.price.partition,
        ':rsk': empty.GSI1SK,
        ':tsk': empty.GSI2SK,
        ':psk': empty.GSI3SK,
        ':price': priceCents,
        ':id': userId,
        ':e': 'listing',
        ':one': 1,
      },
    },
  };
}

/** For the transaction that makes a pro a musician again: out of every order (the figures stay). */
export const unlist = (userId: string): TransactItem => ({
  Update: {
    TableName: T(),
    Key: listingKey(userId),
    UpdateExpression: 'SET userId = :id, entity = :e REMOVE GSI1PK, GSI2PK, GSI3PK ADD version :one',
    ExpressionAttributeValues: { ':id': userId, ':e': 'listing', ':one': 1 },
  },
});
