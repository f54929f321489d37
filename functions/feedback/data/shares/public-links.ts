/**
 * A completed review's read-only link for someone without an account. Two items, written and removed in one
 * transaction:
 * - pointer  PK SHARE#<id>            SK PUBLICLINK  the share's one link (its token), with the share's items,
 *            so that deleting the share deletes it too
 * - lookup   PK PUBLICREVIEW#<token>  SK LINK        the share the token opens; gone after `expiresAt` (TTL)
 * A token opens a review only while the share's pointer names it: a revoked, replaced or deleted link's
 * lookup, left for the TTL, opens nothing.
 */
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { getItem, cancellation, send } from '../../../platform/data/index.js';
import { FENCE, PUBLIC_LINK_SK, T, metaKey, pk, publicLinkFields, type PublicLinkRecord } from './records.js';

export type { PublicLinkRecord };

const pointerKey = (shareId: string) => ({ PK: pk(shareId), SK: PUBLIC_LINK_SK });
const lookupKey = (token: string) => ({ PK: `PUBLICREVIEW#${token}`, SK: 'LINK' });

const fields = publicLinkFields;

export async function getPublicLinkOf(shareId: string): Promise<PublicLinkRecord | null> {
  return getItem(pointerKey(shareId), fields);
}

/** The share a token opens, if its lookup is still there (the pointer is checked by the caller). */
export async function getPublicLinkByToken(token: string): Promise<PublicLinkRecord | null> {
  return getItem(lookupKey(token), fields, false);
}

/**
 * Writes the share's link, on condition that the share is still its owner's and completed, and that its
 * pointer is still `replacing` (a link past its time) or absent: false when another link was made meanwhile.
 */
export async function putPublicLink(link: PublicLinkRecord, ownerId: string, replacing: string | null): Promise<boolean> {
  const item = { ...link, entity: 'publicLink' };
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: T(),
                Key: metaKey(link.shareId),
                // Not while a deletion has fenced it: its items are going.
                ConditionExpression: `sharedByUserId = :owner AND #status = :completed AND attribute_not_exists(${FENCE})`,
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':owner': ownerId, ':completed': 'completed' },
              },
            },
            {
              Put: {
                TableName: T(),
                Item: { ...pointerKey(link.shareId), ...item },
                ConditionExpression: replacing ? '#token = :old' : 'attribute_not_exists(PK)',
                ...(replacing ? { ExpressionAttributeNames: { '#token': 'token' }, ExpressionAttributeValues: { ':old': replacing } } : {}),
              },
            },
            { Put: { TableName: T(), Item: { ...lookupKey(link.token), ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(replacing ? [{ Delete: { TableName: T(), Key: lookupKey(replacing) } }] : []),
          ],
        }),
    );
    return true;
  } catch (err) {
    if (cancellation(err)) return false;
    throw err;
  }
}

/** Turns the link off: both items, on condition that the pointer still names this token. False when it did not. */
export async function deletePublicLink(shareId: string, token: string): Promise<boolean> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: T(),
                Key: pointerKey(shareId),
                ConditionExpression: '#token = :token',
                ExpressionAttributeNames: { '#token': 'token' },
                ExpressionAttributeValues: { ':token': token },
              },
            },
            { Delete: { TableName: T(), Key: lookupKey(token) } },
          ],
        }),
    );
    return true;
  } catch (err) {
    if (cancellation(err)) return false;
    throw err;
  }
}

/** A lookup whose share no longer names it (revoked meanwhile, or the share deleted): removed on sight. */
export async function forgetLookup(token: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: lookupKey(token) }));
}
