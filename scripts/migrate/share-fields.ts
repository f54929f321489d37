/**
 * Fields of shares and comments that earlier versions wrote otherwise: comments whose tags held the
 * category keys ('mixing') instead of the spec's tags ('#Mixing'), and accepted shares without
 * `acceptedAt` (their time to complete counted from `updatedAt`, as those versions did). This version
 * returns the stored tags as they are and counts a paid request's deadline from `acceptedAt` only.
 */
import { keysOfTags, tagOf } from '../../shared/feedback.js';
import { scanned, updateFound } from './table.js';

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
    moved += await updateFound(c, {
      UpdateExpression: 'SET tags = :to',
      ConditionExpression: 'tags = :found',
      ExpressionAttributeValues: { ':found': found, ':to': tags },
    });
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
    moved += await updateFound(s, {
      UpdateExpression: 'SET acceptedAt = updatedAt',
      ConditionExpression: '#status = :accepted AND attribute_not_exists(acceptedAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':accepted': 'accepted' },
    });
  }
  return moved;
}

/** Both, once over the table; how many items each changed. */
export async function migrateShareFields(): Promise<{ comments: number; acceptances: number }> {
  return { comments: await tagComments(), acceptances: await dateAcceptances() };
}
