/**
 * A change of a user's name or username (people/profile.ts), apart from the user's other writes (users.ts):
 * the record, the username's reservation and the search terms move in one transaction.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { config } from '../../lib/config.js';
import { failedItem, send } from '../../platform/data/index.js';
import { fromItem, searchItem, searchTerms, usernameKey, versionedUpdate, type ProfileChanges, type UserRecord } from './users.js';

export type RenameResult = { user: UserRecord } | 'username_taken' | 'changed_meanwhile';

/**
 * Changes name and/or username (with other profile fields) in one transaction: the record (conditional on
 * its version); the username reservation moved; the search entries of the old terms removed and the new
 * ones written, so search finds the new name at once and never the old one. Refused because something else
 * changed the record, it is made again on the record that won, unless that is a rename (another tab's):
 * then the user's view was stale ('changed_meanwhile').
 */
export async function renameUser(
  read: UserRecord,
  names: { fullName?: string; username?: string },
  changes: ProfileChanges,
): Promise<RenameResult> {
  const T = config.tableName;
  let current = read;
  for (let attempt = 0; ; attempt++) {
    const { next, update, counters } = versionedUpdate(current, { ...changes, ...names }, new Date().toISOString());
    const oldTerms = new Set(searchTerms(current));
    const newTerms = new Set(searchTerms(next));
    const usernameMoves = next.username !== current.username;
    try {
      await send(
        () =>
          new TransactWriteCommand({
            TransactItems: [
              { Update: update },
              ...(usernameMoves
                ? [
                    {
                      Put: {
                        TableName: T,
                        Item: { ...usernameKey(next.username), entity: 'username', userId: current.id },
                        ConditionExpression: 'attribute_not_exists(PK)',
                      },
                    },
                    {
                      Delete: {
                        TableName: T,
                        Key: usernameKey(current.username),
                        ConditionExpression: 'userId = :me',
                        ExpressionAttributeValues: { ':me': current.id },
                      },
                    },
                  ]
                : []),
              ...[...oldTerms]
                .filter((t) => !newTerms.has(t))
                .map((term) => ({ Delete: { TableName: T, Key: { PK: `USER#${current.id}`, SK: `SEARCH#${term}` } } })),
              ...[...newTerms]
                .filter((t) => !oldTerms.has(t))
                .map((term) => ({ Put: { TableName: T, Item: searchItem(current.id, term) } })),
              ...counters,
            ],
          }),
      );
      return { user: next };
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      const [profile, reservation] = err.CancellationReasons ?? [];
      if (usernameMoves && reservation?.Code === 'ConditionalCheckFailed') return 'username_taken';
      if (profile?.Code !== 'ConditionalCheckFailed') throw err;
      const won = failedItem(err, 0);
      const fresh = won && fromItem(won);
      if (attempt > 0 || !fresh || fresh.username !== current.username || fresh.fullName !== current.fullName) return 'changed_meanwhile';
      current = fresh;
    }
  }
}
