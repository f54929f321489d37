/**
 * Fields of shares and comments that earlier versions wrote otherwise: comments whose tags held the
 * category keys ('mixing') instead of the spec's tags ('#Mixing'), and accepted shares without
 * `acceptedAt` (their time to complete counted from `updatedAt`, as those versions did). This version
 * returns the stored tags as they are and counts a paid request's deadline from `acceptedAt` only.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../../functions/data/transactions.js';
import { config } from '../../functions/lib/config.js';
import { keysOfTags, tagOf } from '../../shared/feedback.js';
import { scanned } from './scanned.js';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** Comments' tags written as keys, rewritten as the spec's tags, each on condition that they are still as found. */
async function tagComments(): Promise<number> {
  let moved = 0;
  for await (const c of scanned({
    FilterExpression: 'begins_with(PK, :s) AND begins_with(SK, :c)',
    ExpressionAttributeValues: { ':s': 'SHARE#', ':c': 'COMMENT#' },
  })) {
    const found = (c.tags as string[] | undefined) ?? [];
    const tags = keysOfTags(found).map(tagOf);
    if (sameList(found, tags)) continue;
    const made = await writeIf(
      () =>
        new UpdateCommand({
          TableName: config.tableName,
          Key: { PK: c.PK, SK: c.SK },
          UpdateExpression: 'SET tags = :to',
          ConditionExpression: 'tags = :found',
          ExpressionAttributeValues: { ':found': found, ':to': tags },
        }),
    );
    if (made) moved++;
  }
  return moved;
}

/** Accepted shares without `acceptedAt` get the `updatedAt` their deadline was counted from. */
async function dateAcceptances(): Promise<number> {
  let moved = 0;
  for await (const s of scanned({
    FilterExpression: 'begins_with(PK, :s) AND SK = :meta AND #status = :accepted AND attribute_not_exists(acceptedAt)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':s': 'SHARE#', ':meta': 'META', ':accepted': 'accepted' },
  })) {
    const made = await writeIf(
      () =>
        new UpdateCommand({
          TableName: config.tableName,
          Key: { PK: s.PK, SK: s.SK },
          UpdateExpression: 'SET acceptedAt = updatedAt',
          ConditionExpression: '#status = :accepted AND attribute_not_exists(acceptedAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':accepted': 'accepted' },
        }),
    );
    if (made) moved++;
  }
  return moved;
}

/** Both, once over the table; how many items each changed. */
export async function migrateShareFields(): Promise<{ comments: number; acceptances: number }> {
  return { comments: await tagComments(), acceptances: await dateAcceptances() };
}
