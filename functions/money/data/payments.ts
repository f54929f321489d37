/**
 * Payments for paid feedback: one per provider order, holding the request for feedback until the money is
 * captured. Keys:
 * - payment  PK PAYMENT#<orderId>  SK PAYMENT   GSI1 PAYER#<userId> / PAYMENT#<createdAt>#<orderId>
 *                                               GSI2 PAYMENT#WATCH#<shard> / <checkAt>#<orderId> (while it needs a look)
 *                                               GSI3 PAYMENT#DISPUTED / <disputedAt>#<orderId> (while disputed at the provider)
 * - e-mail   PK PAYMENT#<orderId>  SK EMAIL#<event>
 * - webhook  PK WEBHOOK#<provider>#<eventId>  SK EVENT  (an event applied; expires by TTL)
 *
 * How a payment moves between its states is the state machine's (functions/money/payment-machine.ts); its
 * moves are written by functions/money/data/payment-writes.ts. This module stores new payments and reads them.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { ShareOptions } from '../../../shared/schemas/shares.js';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import type { ShareRecord } from '../../feedback/data/index.js';
import { openOrderAdd } from './open-orders.js';
import {
  getItem,
  getItems,
  dueIds,
  queryAll,
  shardKey,
  shardKeys,
  cancellation,
  failedItem,
  isConditionFailure,
  send,
  writeIf,
  withoutKeys,
} from '../../platform/data/index.js';

export type PaymentStatus = 'pending' | 'pooled' | 'captured' | 'refunding' | 'refunded' | 'failed';

/** Why a captured payment went back: the pro declined, a deadline passed, the track was deleted, or the provider reversed it. */
export type RefundReason =
  'declined' | 'expired' | 'unclaimed' | 'withdrawn' | 'track_deleted' | 'reversed' | 'unfulfillable' | 'mismatch' | 'dispute';

export interface PaymentRecord {
  orderId: string;
  /** Ours, sent to the provider as the order's invoice id. */
  invoiceId: string;
  payerId: string;
  payerName: string;
  /** The pro, or for a Snip Pro request still in the pool, POOL_REVIEWER (shared/pool.ts) until one claims it. */
  proUserId: string;
  proName: string;
  /**
   * A Snip Pro request: the genre asked for, and the pros it is offered to, the best fit first (matched when
   * it was ordered: functions/feedback/pool.ts), each from its wave's time after the capture (shared/pool.ts).
   */
  pool?: { genre: string; offers: string[] };
  /** While a captured Snip Pro request waits in the pool: when its money went there. */
  pooledAt?: string;
  trackId: string;
  trackTitle: string;
  amountCents: number;
  /** The merchant PayPal put on the order at its creation: a capture paid to anyone else buys nothing. */
  payeeId?: string;
  /** What a capture that did not match the payment took (and was refunded in full), and why it did not match. */
  capturedCents?: number;
  mismatch?: string;
  shareOptions: ShareOptions;
  /** The share the capture creates: fixed in advance, so every path that applies the capture makes the same one. */
  shareId: string;
  /**
   * That share as the order's request made it (track, both people's names), so that applying the capture
   * reads nothing more: its transaction checks that the track and the pro are still there. Absent only
   * where `npm run migrate` found the track or the people of an earlier version's order gone.
   */
  shareDraft?: ShareRecord;
  status: PaymentStatus;
  captureId?: string;
  refundId?: string;
  /** Fixed at capture: the margin in force then and the split it gave. */
  margin?: number;
  earningCents?: number;
  feeCents?: number;
  /** Whether the capture credited the pro (false when the request could no longer be created). */
  credited?: boolean;
  refundReason?: RefundReason;
  /** How often the provider refused the refund in a row; past a bound, it waits for an admin (`stuckAt`). */
  refundAttempts?: number;
  stuckAt?: string;
  /** What the provider last said when it refused the refund. */
  stuckReason?: string;
  failureReason?: string;
  /** When the scheduled check looks at it next; absent once nothing can happen to it any more. */
  checkAt?: string;
  /** When its request was completed: the feedback was delivered, so the money is the pro's to keep. */
  fulfilledAt?: string;
  /**
   * When the earning became available to withdraw: EARNING_HOLD_DAYS after the delivery (the musician's
   * window to report it), unless a report or a dispute at the provider holds it.
   */
  releasedAt?: string;
  /** The pro's released total before this earning joined it: what was paid out or taken back first (oldest first). */
  releasedBefore?: number;
  /** A dispute the payer opened with the provider (a chargeback): the earning is held until it is closed. */
  disputeId?: string;
  disputedAt?: string;
  /**
   * When the pro deleted their account (with nothing of this payment's earning in their balance: that is a
   * condition of the deletion). From then on the payment moves no balance of theirs: what is taken back is the platform's loss.
   */
  proLeftAt?: string;
  /** When the provider last refused the payer's funding source (the payer may approve again with another). */
  declinedAt?: string;
  /** When the provider last said the order was not approved yet: captures wait a moment before asking again. */
  notApprovedAt?: string;
  /**
   * The `createdAt` of the share the capture made: its status index key holds it, so a refund at the provider
   * can cancel the share without reading it first (earlier versions' captures got it from `npm run migrate`).
   */
  shareCreatedAt?: string;
  createdAt: string;
  updatedAt: string;
  capturedAt?: string;
  refundedAt?: string;
}

const T = () => config.tableName;
export const paymentKey = (orderId: string) => ({ PK: `PAYMENT#${orderId}`, SK: 'PAYMENT' });
/**
 * Payments due a look are spread over WATCH_SHARDS partitions by a hash of the order id, so that no one
 * partition takes every payment's writes; the check reads them all at once.
 */
export const WATCH_SHARDS = 8;
export const WATCH = 'PAYMENT#WATCH';
export const watchShard = (orderId: string) => shardKey(WATCH, orderId, WATCH_SHARDS);
/** The partitions the check reads. */
const WATCH_PARTITIONS = shardKeys(WATCH, WATCH_SHARDS);
export const watchKeys = (orderId: string, checkAt: string) => ({ GSI2PK: watchShard(orderId), GSI2SK: `${checkAt}#${orderId}` });

/**
 * Captured payments disputed at the provider, while the dispute is open: a short list (GSI3 holds only
 * their keys), for the money page. The move that opens a dispute writes the key, the one that closes it
 * (won, or the money back) removes it.
 */
export const PROVIDER_DISPUTES = 'PAYMENT#DISPUTED';
export const providerDisputeKeys = (orderId: string, since: string) => ({ GSI3PK: PROVIDER_DISPUTES, GSI3SK: `${since}#${orderId}` });

/** The payments disputed at the provider now, oldest first. */
export async function openProviderDisputes(): Promise<PaymentRecord[]> {
  const keys = await queryAll({
    TableName: T(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': PROVIDER_DISPUTES },
  });
  const ids = keys.map((k) => (k.GSI3SK as string).slice((k.GSI3SK as string).lastIndexOf('#') + 1));
  const found = new Map<string, PaymentRecord>();
  for (let i = 0; i < ids.length; i += 100) for (const [id, p] of await getPayments(ids.slice(i, i + 100))) found.set(id, p);
  // The index may lag the payment: only those the payment itself says are disputed and captured.
  return ids.flatMap((id) => {
    const p = found.get(id);
    return p?.disputeId && p.status === 'captured' ? [p] : [];
  });
}

export function fromItem(item: Record<string, unknown>): PaymentRecord {
  return withoutKeys(item, 'requestHash') as unknown as PaymentRecord;
}

/**
 * Stores a new pending payment. When the order is known already (a retried request): the stored one, as
 * the refused write found it. With `keyId` (the request's idempotency key, as an id), the key is claimed for
 * this request in the same write: another request under the same key is refused (`keyTaken`). With
 * `maxOpen`, the order joins its payer's open orders in the same write, refused when that many are open
 * already (`tooMany`).
 */
export async function putPayment(
  p: PaymentRecord,
  requestHash?: string,
  keyId?: string,
  maxOpen?: number,
): Promise<{ created: true } | { created: false; existing: StoredPayment | null; keyTaken?: boolean; tooMany?: boolean }> {
  const put = {
    TableName: T(),
    Item: {
      ...paymentKey(p.orderId),
      GSI1PK: `PAYER#${p.payerId}`,
      GSI1SK: `PAYMENT#${p.createdAt}#${p.orderId}`,
      ...(p.checkAt ? watchKeys(p.orderId, p.checkAt) : {}),
      entity: 'payment',
      ...p,
      ...(requestHash ? { requestHash } : {}),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
  // Kept a day, longer than PayPal keeps a request id (6 hours for orders). Its order is part of the
  // claim: a retry PayPal no longer recognises gets a new order, which must not become a second payment.
  const claim = keyId && {
    Put: {
      TableName: T(),
      Item: {
        PK: `PAYMENTKEY#${keyId}`,
        SK: 'KEY',
        entity: 'payment-key',
        orderId: p.orderId,
        requestHash,
        expiresAt: Math.floor(Date.parse(p.createdAt) / 1000) + 86_400,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR (requestHash = :h AND orderId = :o)',
      ExpressionAttributeValues: { ':h': requestHash, ':o': p.orderId },
    },
  };
  const open = maxOpen !== undefined && openOrderAdd(p, maxOpen);
  const others = [claim, open].filter((i) => !!i);
  try {
    if (!others.length) await dynamo().send(new PutCommand(put));
    else await send(() => new TransactWriteCommand({ TransactItems: [{ Put: put }, ...others] as never }));
    return { created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = cancellation(err);
    if (reasons?.[0] !== 'ConditionalCheckFailed' && reasons) {
      const refused = others[reasons.indexOf('ConditionalCheckFailed') - 1];
      return { created: false, existing: null, ...(refused === claim ? { keyTaken: true } : { tooMany: true }) };
    }
    const item = reasons ? failedItem(err, 0) : (err as { Item?: Record<string, unknown> }).Item;
    return { created: false, existing: item ? stored(reasons ? item : unmarshall(item as never)) : null };
  }
}

export interface StoredPayment {
  record: PaymentRecord;
  /** The hash of the request that created it. */
  requestHash: string | null;
}

const stored = (item: Record<string, unknown>): StoredPayment => ({
  record: fromItem(item),
  requestHash: (item.requestHash as string | undefined) ?? null,
});

/** The payment as it stands (consistent), with the hash of the request that created it. */
export async function getPayment(orderId: string): Promise<StoredPayment | null> {
  return getItem(paymentKey(orderId), stored);
}

export const payerPartition = (payerId: string) => ({ GSI1PK: `PAYER#${payerId}` });

/** A page of a payer's payments that took money (captured, refunded or on the way), newest first. */
export async function pagePayerPayments(
  payerId: string,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ payments: PaymentRecord[]; next: Record<string, unknown> | null }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :p',
      // Orders never paid (abandoned, cancelled) charged nothing: no receipt.
      FilterExpression: 'attribute_exists(captureId)',
      ExpressionAttributeValues: { ':p': payerPartition(payerId).GSI1PK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { payments: (res.Items ?? []).map(fromItem), next: res.LastEvaluatedKey ?? null };
}

/** These payments (those that exist), by order id. */
export async function getPayments(orderIds: string[]): Promise<Map<string, PaymentRecord>> {
  const items = await getItems([...new Set(orderIds)].map(paymentKey));
  return new Map(items.map((item) => [item.orderId as string, fromItem(item)]));
}

/** A webhook event, recorded as applied in the same transaction as what it applied. */
export interface WebhookEvent {
  provider: string;
  eventId: string;
  type: string;
}

/**
 * For a track's deletion transaction: the payment of a paid request on it is looked at by the next
 * scheduled check, which refunds it when its request is gone without its feedback (and leaves one already
 * fulfilled or refunded as it is). Unconditional on the status, so the deletion never waits on it.
 */
export function paymentDueNow(orderId: string, at = new Date().toISOString()) {
  return {
    Update: {
      TableName: T(),
      Key: paymentKey(orderId),
      UpdateExpression: 'SET checkAt = :at, GSI2PK = :w, GSI2SK = :sk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at, ':w': watchShard(orderId), ':sk': watchKeys(orderId, at).GSI2SK },
    },
  };
}

/** paymentDueNow on its own, for a deletion outside a transaction; a payment gone is nothing to look at. */
export async function markPaymentDue(orderId: string): Promise<void> {
  await writeIf(() => new TransactWriteCommand({ TransactItems: [paymentDueNow(orderId)] }));
}

/** The payment e-mail event of the payer's refund e-mail. */
export const REFUND_MAIL = 'refunded';
/** The payment e-mail event of the payer's e-mail that the payment bought its request. */
export const PAID_MAIL = 'paid';

export const STUCK = 'PAYMENT#STUCK';

/** Refunds waiting for an admin, newest first, a page at a time. */
export async function stuckRefunds(
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ payments: PaymentRecord[]; next: Record<string, unknown> | null }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :p',
      ExpressionAttributeValues: { ':p': STUCK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { payments: (res.Items ?? []).map(fromItem), next: res.LastEvaluatedKey ?? null };
}

/**
 * Payments whose check is due at `now`, oldest first, at most `limit` from each watch partition (read all at
 * once; the index may lag: each is read again).
 */
export const duePayments = (now: string, limit = 100) => dueIds(T(), WATCH_PARTITIONS, now, 'orderId', limit);

/** Claims an e-mail about a payment; true only the first time, so it goes out at most once. */
export async function claimPaymentEmail(orderId: string, event: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: T(),
        Item: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${event}`, entity: 'email', sentAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the claim back when the e-mail could not be sent. */
export async function releasePaymentEmail(orderId: string, event: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${event}` } }));
}

/** Webhook events are kept this long after they were applied: far beyond any provider's redelivery window. */
const WEBHOOK_TTL_DAYS = 90;
const webhookKey = (provider: string, eventId: string) => ({ PK: `WEBHOOK#${provider}#${eventId}`, SK: 'EVENT' });

export async function webhookSeen(provider: string, eventId: string): Promise<boolean> {
  const res = await dynamo().send(
    new GetCommand({ TableName: T(), Key: webhookKey(provider, eventId), ConsistentRead: true, ProjectionExpression: 'PK' }),
  );
  return Boolean(res.Item);
}

/** The record of an applied event, for the transaction that applies it (a redelivery may write it again). */
export function webhookPut(e: WebhookEvent, now = Date.now()) {
  return {
    Put: {
      TableName: T(),
      Item: {
        ...webhookKey(e.provider, e.eventId),
        entity: 'webhook',
        type: e.type,
        appliedAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + WEBHOOK_TTL_DAYS * 86400,
      },
    },
  };
}

/** Records that an event was applied (after applying it, so a failure is retried by the provider's redelivery). */
export async function recordWebhook(provider: string, eventId: string, type: string): Promise<void> {
  await dynamo().send(new PutCommand(webhookPut({ provider, eventId, type }).Put));
}
