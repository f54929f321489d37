/**
 * The end of an account's records (functions/account/account-deletion.ts): its partition (profile, search
 * terms, listing, templates, progress and the rest), its username, its place in its type's count and its
 * card provider's customer lookup. Money records stay where they are (the ledger under its own account id).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { deleteKeys, queryAll, writeIf } from '../../platform/data/index.js';
import { customerKey } from '../../money/data/index.js';
import { counterMove, userKey, usernameKey, type UserRecord } from './users.js';

/**
 * Deletes the partition's other items beside the profile with the rest (one transaction, on condition
 * that the profile is as read). Stopped part-way, what is left is found again: the account is still in
 * the pool (it goes last), and a profile deleted is made again at its next call. False when the profile
 * changed meanwhile (read it again).
 */
export async function removeUserRecords(user: UserRecord): Promise<boolean> {
  const T = config.tableName;
  const items = (await queryAll({
    TableName: T,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': `USER#${user.id}` },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  })) as { PK: string; SK: string }[];
  const [, removed] = await Promise.all([
    deleteKeys(items.filter((k) => k.SK !== userKey(user.id).SK)),
    writeIf(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: T,
                Key: userKey(user.id),
                // A money move does not change the version: an earning credited since the read keeps the profile.
                ConditionExpression: 'version = :v AND (attribute_not_exists(balanceCents) OR balanceCents = :zero)',
                ExpressionAttributeValues: { ':v': user.version, ':zero': 0 },
              },
            },
            {
              Delete: {
                TableName: T,
                Key: usernameKey(user.username),
                ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
                ExpressionAttributeValues: { ':me': user.id },
              },
            },
            counterMove(user.type, -1),
            ...(user.stripeCustomerId ? [{ Delete: { TableName: T, Key: customerKey(user.stripeCustomerId) } }] : []),
          ],
        }),
    ),
  ]);
  return removed;
}
