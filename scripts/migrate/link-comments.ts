/**
 * Every track link made to list exactly its share's comments. Links of earlier versions lack the comments
 * written before links listed them (those links had no `listsComments`), or still list comments deleted
 * before a deletion gave its id back (each holding a place under the cap). This version reads the list as
 * complete: a track's deletion deletes what its links list, in one transaction.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../../functions/platform/data/query.js';
import { commentKey } from '../../functions/feedback/data/shares/records.js';
import { writeIf } from '../../functions/platform/data/transactions.js';
import { dynamo } from '../../functions/lib/aws/dynamo.js';
import { config } from '../../functions/lib/config.js';
import { scanned } from './table.js';

/** Ids one transaction moves: their ConditionChecks and the link's update within DynamoDB's 100 items. */
const IDS_PER_WRITE = 99;
/** Reads of one link's comments before it is left for the next run: comments kept changing meanwhile. */
const ATTEMPTS = 3;

/**
 * Ids added to (`ADD`) or taken off (`DELETE`) the link, `IDS_PER_WRITE` a transaction, each on condition
 * that those comments still exist (or are still absent). False when a comment changed meanwhile.
 */
async function move(link: Record<string, unknown>, op: 'ADD' | 'DELETE', ids: string[]): Promise<boolean> {
  const shareId = link.shareId as string;
  for (let i = 0; i < ids.length; i += IDS_PER_WRITE) {
    const chunk = ids.slice(i, i + IDS_PER_WRITE);
    const made = await writeIf(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            ...chunk.map((id) => ({
              ConditionCheck: {
                TableName: config.tableName,
                Key: commentKey(shareId, id),
                ConditionExpression: op === 'ADD' ? 'attribute_exists(PK)' : 'attribute_not_exists(PK)',
              },
            })),
            {
              Update: {
                TableName: config.tableName,
                Key: { PK: link.PK, SK: link.SK },
                UpdateExpression:
                  op === 'ADD' ? 'ADD commentIds :ids, commentsVersion :one' : 'DELETE commentIds :ids ADD commentsVersion :one',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':ids': new Set(chunk), ':one': 1 },
              },
            },
          ],
        }),
    );
    if (!made) return false;
  }
  return true;
}

/** One link brought to its share's comments; how many ids it moved (null: left for the next run). */
async function listComments(link: Record<string, unknown>): Promise<number | null> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const comments = await queryAll({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
      ExpressionAttributeValues: { ':pk': `SHARE#${link.shareId as string}`, ':c': 'COMMENT#' },
      ProjectionExpression: 'SK',
      ConsistentRead: true,
    });
    const present = new Set(comments.map((c) => String(c.SK).slice('COMMENT#'.length)));
    const listed = new Set((link.commentIds as Set<string> | undefined) ?? []);
    const missing = [...present].filter((id) => !listed.has(id));
    const gone = [...listed].filter((id) => !present.has(id));
    if ((await move(link, 'DELETE', gone)) && (await move(link, 'ADD', missing))) return missing.length + gone.length;
    link = (await readLink(link)) ?? {};
    if (!link.PK) return 0;
  }
  return null;
}

const readLink = async (link: Record<string, unknown>) =>
  (await dynamo().send(new GetCommand({ TableName: config.tableName, Key: { PK: link.PK, SK: link.SK }, ConsistentRead: true }))).Item;

/**
 * Scans for track links (never a request path: the migration runs it once per table) and brings each to
 * its share's comments. Returns how many ids moved, and how many links were left for the next run.
 */
export async function listLinkComments(): Promise<{ moved: number; left: number }> {
  let moved = 0;
  let left = 0;
  for await (const link of scanned({
    FilterExpression: 'begins_with(PK, :t) AND begins_with(SK, :s)',
    ProjectionExpression: 'PK, SK, shareId, commentIds',
    ExpressionAttributeValues: { ':t': 'TRACK#', ':s': 'SHARE#' },
  })) {
    const n = await listComments(link);
    if (n === null) left++;
    else moved += n;
  }
  return { moved, left };
}
