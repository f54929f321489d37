/**
 * Data written by earlier versions, moved to what this version reads: users and tracks from GSI1 to GSI3
 * (and the users counted); comment ids of deleted comments taken off their share's link, once per table (a
 * `MIGRATION` item records that it ran: it scans). Idempotent, and cheap when there is nothing left (a Query
 * per user type and a GetItem): the local stack runs it at every start, and after a deploy `npm run migrate`
 * runs it against AWS.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';
import { config } from '../lib/config.js';
import { releaseDeletedCommentIds } from './shares.js';
import { moveLegacyTracks } from './tracks.js';
import { moveLegacyUsers } from './users.js';

export async function migrateData(): Promise<{ users: number; tracks: number; commentIds: number }> {
  let tracks = 0;
  const users = await moveLegacyUsers(async (userId) => {
    tracks += await moveLegacyTracks(userId);
  });
  const commentIds = await once('deleted-comment-ids', releaseDeletedCommentIds);
  return { users, tracks, commentIds };
}

/** Runs a migration that scans only if this table has not recorded it as run, and records it once it has. */
async function once(name: string, run: () => Promise<number>): Promise<number> {
  const Key = { PK: 'MIGRATION', SK: name };
  if ((await dynamo().send(new GetCommand({ TableName: config.tableName, Key, ConsistentRead: true }))).Item) return 0;
  const done = await run();
  await dynamo().send(
    new PutCommand({ TableName: config.tableName, Item: { ...Key, entity: 'migration', doneAt: new Date().toISOString() } }),
  );
  return done;
}
