/** The e-mails of a share, claimed once per event, and the digests of comments not yet e-mailed. */
import { DeleteCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { isConditionFailure, send, writeIf, shardKey, shardKeys } from '../../../platform/data/index.js';
import type { ShareStatus } from '../../../../shared/feedback.js';
import { DIGEST_DUE, DIGEST_SHARDS, type DigestRecord, type ShareEmailEvent, type ShareRecord, T, digestKey, pk } from './records.js';
import { shareOpenCheck, statusChange, type StatusChangeOptions } from './status.js';

/** The GSI2 partition a share's due digests are listed in. */
export const digestDuePartition = (shareId: string) => shardKey(DIGEST_DUE, shareId, DIGEST_SHARDS);

/**
 * Adds a comment to the (share, recipient) digest, or starts one: due `dueAt`, pushed back by each comment.
 * Putting back a digest whose send failed (`attempts` given) merges into any newer burst without moving
 * its due time: the burst still going on is not mailed early.
 */
export function digestUpsert(shareId: string, toUserId: string, commentIds: string[], dueAt: string, attempts?: number) {
  const restoring = attempts !== undefined;
  const sets = [
    'entity = :e',
    'shareId = :sid',
    'toUserId = :to',
    'GSI2PK = :gp',
    ...(restoring
      ? ['dueAt = if_not_exists(dueAt, :due)', 'GSI2SK = if_not_exists(GSI2SK, :gs)', 'attempts = if_not_exists(attempts, :a)']
      : ['dueAt = :due', 'GSI2SK = :gs']),
  ];
  return {
    Update: {
      TableName: T(),
      Key: digestKey(shareId, toUserId),
      UpdateExpression: `SET ${sets.join(', ')} ADD commentIds :ids`,
      ExpressionAttributeValues: {
        ':e': 'digest',
        ':sid': shareId,
        ':to': toUserId,
        ':due': dueAt,
        ':gp': digestDuePartition(shareId),
        ':gs': `${dueAt}#${shareId}#${toUserId}`,
        ':ids': new Set(commentIds),
        ...(attempts === undefined ? {} : { ':a': attempts }),
      },
    },
  };
}

/**
 * Claims an e-mail event; true only for the first claim on an open share, so each e-mail goes out at most
 * once, and none about a share being deleted.
 */
export async function claimEmail(shareId: string, event: ShareEmailEvent): Promise<boolean> {
  return writeIf(() => new TransactWriteCommand({ TransactItems: [shareOpenCheck(shareId, []), emailClaimItem(shareId, event)] }));
}

/** The item that records a share's e-mail event as sent; only the first claim of an event is written. */
export function emailClaimItem(shareId: string, event: ShareEmailEvent) {
  return {
    Put: {
      TableName: T(),
      Item: { PK: pk(shareId), SK: `EMAIL#${event}`, entity: 'email', sentAt: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Moves a share from one of `from` to `to` (as setStatus does), claiming the e-mail that tells of it in the same write. */
export async function setStatusClaiming(
  share: ShareRecord,
  from: ShareStatus[],
  to: ShareStatus,
  event: ShareEmailEvent,
  opts: StatusChangeOptions = {},
): Promise<boolean> {
  return writeIf(() => new TransactWriteCommand({ TransactItems: [statusChange(share, from, to, opts), emailClaimItem(share.id, event)] }));
}

/** Gives an e-mail event back when its e-mail could not be sent, so it is not recorded as sent. */
export async function releaseEmail(shareId: string, event: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: pk(shareId), SK: `EMAIL#${event}` } }));
}

const toDigest = (item: Record<string, unknown>): DigestRecord => ({
  shareId: item.shareId as string,
  toUserId: item.toUserId as string,
  dueAt: item.dueAt as string,
  commentIds: [...((item.commentIds as Set<string> | undefined) ?? [])],
  attempts: (item.attempts as number | undefined) ?? 0,
});

/**
 * Digests due at `now` (ISO), oldest first, at most `limit`: one Query of each shard's GSI2 partition, all at
 * once (the index may lag; claims re-check).
 */
export async function dueDigests(now: string, limit = 200): Promise<DigestRecord[]> {
  const shards = await Promise.all(
    shardKeys(DIGEST_DUE, DIGEST_SHARDS).map(async (partition) => {
      const res = await dynamo().send(
        new QueryCommand({
          TableName: T(),
          IndexName: 'GSI2',
          // '~' sorts after '#', so every entry due up to and including `now` is below the bound.
          KeyConditionExpression: 'GSI2PK = :p AND GSI2SK < :bound',
          ExpressionAttributeValues: { ':p': partition, ':bound': `${now}~` },
          Limit: limit,
        }),
      );
      return res.Items ?? [];
    }),
  );
  return shards
    .flat()
    .sort((a, b) => String(a.GSI2SK).localeCompare(String(b.GSI2SK)))
    .slice(0, limit)
    .map(toDigest);
}

/**
 * Takes a due digest for sending by deleting it, only if it is still due when seen (a comment since then
 * pushed it back): of two runs that see it, one gets it. Returns what was taken, or null.
 */
export async function claimDigest(d: DigestRecord): Promise<DigestRecord | null> {
  try {
    const res = await send(
      () =>
        new DeleteCommand({
          TableName: T(),
          Key: digestKey(d.shareId, d.toUserId),
          ConditionExpression: 'dueAt = :due',
          ExpressionAttributeValues: { ':due': d.dueAt },
          ReturnValues: 'ALL_OLD',
        }),
    );
    return res.Attributes ? toDigest(res.Attributes) : null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Puts a digest whose sending failed back, due at `dueAt`, merged with any digest started since; not on a
 * share that is gone or being deleted. Returns false when it was not put back.
 */
export async function restoreDigest(d: DigestRecord, dueAt: string): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [shareOpenCheck(d.shareId, []), digestUpsert(d.shareId, d.toUserId, d.commentIds, dueAt, d.attempts)],
      }),
  );
}
