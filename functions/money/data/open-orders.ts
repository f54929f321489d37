/**
 * A payer's orders waiting for approval, kept on one item so that their cap holds under a burst:
 * - open orders  PK USER#<payerId>  SK OPEN_ORDERS  { invoiceIds: string set, order_<invoiceId>: OpenOrder ... }
 * (a set and top-level attributes rather than a map: both are written whether or not the item exists yet)
 * An order is added in the transaction that stores its pending payment, on condition that fewer than the
 * cap are open (or that it is there already: a retry), and removed in the move that takes its payment out
 * of pending (captured, refunded, lapsed), so the item lists exactly the payer's pending payments.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
/** What the payer is told of an open order when the cap refuses another. */
export interface OpenOrder {
  orderId: string;
  proName: string;
  trackTitle: string;
  createdAt: string;
}

const key = (payerId: string) => ({ PK: `USER#${payerId}`, SK: 'OPEN_ORDERS' });

const DETAIL = 'order_';

/** The payer's open orders by invoice id, as they stand (consistent). */
export async function openOrdersOf(payerId: string): Promise<Record<string, OpenOrder>> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key(payerId), ConsistentRead: true }));
  const ids = (res.Item?.invoiceIds as Set<string> | undefined) ?? new Set<string>();
  return Object.fromEntries([...ids].map((id) => [id, res.Item![`${DETAIL}${id}`] as OpenOrder]).filter(([, o]) => o));
}

/** For the transaction that stores a pending payment: its order listed, refused when `max` are open already. */
export function openOrderAdd(p: OpenOrder & { payerId: string; invoiceId: string }, max: number) {
  const order: OpenOrder = { orderId: p.orderId, proName: p.proName, trackTitle: p.trackTitle, createdAt: p.createdAt };
  return {
    Update: {
      TableName: config.tableName,
      Key: key(p.payerId),
      UpdateExpression: 'ADD invoiceIds :ids SET #detail = :order, entity = :entity',
      ConditionExpression: 'attribute_not_exists(invoiceIds) OR size(invoiceIds) < :max OR contains(invoiceIds, :inv)',
      ExpressionAttributeNames: { '#detail': `${DETAIL}${p.invoiceId}` },
      ExpressionAttributeValues: {
        ':ids': new Set([p.invoiceId]),
        ':inv': p.invoiceId,
        ':order': order,
        ':entity': 'open-orders',
        ':max': max,
      },
    },
  };
}

/** For the move that takes a payment out of pending: its order no longer listed (nothing when it is not). */
export function openOrderRemove(payerId: string, invoiceId: string) {
  return {
    Update: {
      TableName: config.tableName,
      Key: key(payerId),
      // Unconditional: a payment stored before open orders were kept has none to remove (the item is then made empty).
      UpdateExpression: 'DELETE invoiceIds :ids REMOVE #detail SET entity = :entity',
      ExpressionAttributeNames: { '#detail': `${DETAIL}${invoiceId}` },
      ExpressionAttributeValues: { ':ids': new Set([invoiceId]), ':entity': 'open-orders' },
    },
  };
}
