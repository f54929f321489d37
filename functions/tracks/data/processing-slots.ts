/**
 * The processing runs an account holds. Key: PK PROCESSING#<userId>  SK SLOTS, with `runs` (upload key ->
 * when its run began, ms) and `ver`, which every change moves on (a claim is conditional on the version it
 * read, so two runs claiming at once cannot both take the last place). Expires a day after the last claim.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { writeIf } from '../../platform/data/index.js';

const slotsKey = (userId: string) => ({ PK: `PROCESSING#${userId}`, SK: 'SLOTS' });
const expiresAt = (nowMs: number) => Math.floor(nowMs / 1000) + 86_400;

export interface Slots {
  runs: Record<string, number>;
  ver: number;
}

export async function getSlots(userId: string): Promise<Slots | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: slotsKey(userId), ConsistentRead: true }));
  return res.Item ? { runs: (res.Item.runs as Record<string, number>) ?? {}, ver: Number(res.Item.ver) } : null;
}

/**
 * Writes `runKey`'s run as begun at `nowMs` over the slots as read (`read`: null when there were none),
 * removing the runs in `stale`: false when another change came first.
 */
export function putRun(userId: string, read: Slots | null, runKey: string, nowMs: number, stale: string[]): Promise<boolean> {
  if (!read) {
    return writeIf(
      () =>
        new PutCommand({
          TableName: config.tableName,
          Item: { ...slotsKey(userId), entity: 'processingSlots', runs: { [runKey]: nowMs }, ver: 1, expiresAt: expiresAt(nowMs) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
    );
  }
  // Upload keys hold '/' and '.', so each is named, never written into the expression.
  const names: Record<string, string> = { '#runs': 'runs', '#me': runKey };
  stale.forEach((k, i) => (names[`#s${i}`] = k));
  const remove = stale.length ? ` REMOVE ${stale.map((_, i) => `#runs.#s${i}`).join(', ')}` : '';
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: slotsKey(userId),
        UpdateExpression: `SET #runs.#me = :now, ver = :next, expiresAt = :exp${remove}`,
        ConditionExpression: 'ver = :ver',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':now': nowMs, ':next': read.ver + 1, ':ver': read.ver, ':exp': expiresAt(nowMs) },
      }),
  );
}

/** Gives `runKey`'s place back (nothing when it holds none). */
export async function removeRun(userId: string, runKey: string): Promise<void> {
  await writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: slotsKey(userId),
        UpdateExpression: 'REMOVE #runs.#me SET ver = ver + :one',
        ConditionExpression: 'attribute_exists(#runs.#me)',
        ExpressionAttributeNames: { '#runs': 'runs', '#me': runKey },
        ExpressionAttributeValues: { ':one': 1 },
      }),
  );
}
