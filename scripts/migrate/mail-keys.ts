/**
 * Every user gets the secret of their unsubscribe links (`mailKey`, functions/people/mail-preferences.ts):
 * users are found on their type's list (GSI3), each given a key on condition that they have none, so a
 * second run writes nothing (and a key is never replaced: links already sent keep working).
 */
import { queryAll } from '../../functions/platform/data/query.js';
import { newMailKey, typePartition, type StoredUserType } from '../../functions/people/data/users.js';
import { config } from '../../functions/lib/config.js';
import { updateFound } from './table.js';

const USER_TYPES: StoredUserType[] = ['pro', 'musician', 'admin'];

export async function giveMailKeys(): Promise<number> {
  let given = 0;
  for (const type of USER_TYPES) {
    const users = await queryAll({
      TableName: config.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': typePartition(type).GSI3PK },
    });
    for (const user of users) {
      given += await updateFound(user, {
        UpdateExpression: 'SET mailKey = :key',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(mailKey)',
        ExpressionAttributeValues: { ':key': newMailKey() },
      });
    }
  }
  return given;
}
