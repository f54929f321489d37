/**
 * Users and tracks written before GSI3, moved to it. They were listed on GSI1 (which copied all of a record
 * on every write), users had no `version` and were not counted; this version reads GSI3 only and versions
 * every user write.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../../functions/platform/data/query.js';
import { writeIf } from '../../functions/platform/data/transactions.js';
import { counterMove, type StoredUserType } from '../../functions/people/data/users.js';
import { config } from '../../functions/lib/config.js';
import { updateFound } from './table.js';

const USER_TYPES: StoredUserType[] = ['pro', 'musician', 'admin'];

/** What GSI1Count lists under `partition` (starting with `prefix`, when given): the records still on GSI1. */
const onGsi1 = (partition: string, prefix?: string) =>
  queryAll({
    TableName: config.tableName,
    IndexName: 'GSI1Count',
    KeyConditionExpression: `GSI1PK = :pk${prefix ? ' AND begins_with(GSI1SK, :prefix)' : ''}`,
    ExpressionAttributeValues: { ':pk': partition, ...(prefix ? { ':prefix': prefix } : {}) },
  });

/** The move of a record from its GSI1 keys to the same keys on GSI3, on condition that it is still as found. */
const toGsi3 = (entry: Record<string, unknown>, also: { set?: string; values?: Record<string, unknown>; cond?: string } = {}) => ({
  TableName: config.tableName,
  Key: { PK: entry.PK, SK: entry.SK },
  UpdateExpression: `SET GSI3PK = :pk, GSI3SK = :sk${also.set ? `, ${also.set}` : ''} REMOVE GSI1PK, GSI1SK`,
  ConditionExpression: `GSI1PK = :pk AND GSI1SK = :sk${also.cond ? ` AND ${also.cond}` : ''}`,
  ...(also.cond ? { ExpressionAttributeNames: { '#version': 'version' } } : {}),
  ExpressionAttributeValues: { ':pk': entry.GSI1PK, ':sk': entry.GSI1SK, ...also.values },
});

/** A user's tracks moved to GSI3, each on condition that it is still as found. Returns how many moved. */
export async function moveTracksOf(userId: string): Promise<number> {
  let moved = 0;
  for (const entry of await onGsi1(`OWNER#${userId}`, 'TRACK#')) {
    if (await writeIf(() => new UpdateCommand(toGsi3(entry)))) moved++;
  }
  return moved;
}

/** A user an earlier version's versioned write moved and counted already: only its GSI1 keys are left to take off. */
const leaveGsi1 = (entry: Record<string, unknown>) =>
  updateFound(entry, {
    UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
    ConditionExpression: 'GSI1PK = :pk AND attribute_exists(#version)',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':pk': entry.GSI1PK },
  });

/**
 * Users moved to GSI3, version 1, and counted, each in one transaction on condition that it is still as
 * found. Their tracks move first, so a run stopped part-way is finished by the next (the user's GSI1 keys
 * are how their tracks are found). Idempotent: a second run finds nothing.
 */
export async function moveUserLists(): Promise<{ users: number; tracks: number }> {
  let users = 0;
  let tracks = 0;
  for (const type of USER_TYPES) {
    for (const entry of await onGsi1(`TYPE#${type}`)) {
      tracks += await moveTracksOf(String(entry.PK).slice('USER#'.length));
      const update = toGsi3(entry, { set: '#version = :one', values: { ':one': 1 }, cond: 'attribute_not_exists(#version)' });
      if (await writeIf(() => new TransactWriteCommand({ TransactItems: [{ Update: update }, counterMove(type, 1)] }))) users++;
      else await leaveGsi1(entry);
    }
  }
  return { users, tracks };
}
