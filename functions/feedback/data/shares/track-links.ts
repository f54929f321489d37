/** A track's links to its shares: who reviews it, and the deletion of its shares (in one transaction, or through fences). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeIf, queryAll } from '../../../platform/data/index.js';
import {
  FENCE,
  SHARE_EMAIL_EVENTS,
  T,
  commentKey,
  digestKey,
  disputeKey,
  draftKey,
  reviewEditsKey,
  suggestedKey,
  findingsKey,
  checklistKey,
  linkKey,
  listeningKey,
  metaKey,
  pk,
  trackKey,
} from './records.js';

/**
 * The shares of a track, with who takes part in each. For a deletion (`fence`), the track is fenced first,
 * so that no share can be added once this list is read, and the read is consistent.
 */
export async function sharesOfTrack(
  trackId: string,
  opts: { fence?: boolean } = {},
): Promise<{ shareId: string; participants: string[]; orderId?: string }[]> {
  if (opts.fence) await fence(trackKey(trackId));
  const items = await queryAll({
    TableName: T(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
    ExpressionAttributeValues: { ':pk': `TRACK#${trackId}`, ':s': 'SHARE#' },
    ConsistentRead: Boolean(opts.fence),
  });
  return items.map((i) => ({
    shareId: i.shareId as string,
    participants: i.participants as string[],
    ...(i.orderId ? { orderId: i.orderId as string } : {}),
  }));
}

/**
 * The ids of the track's shares that `userId` was asked to review (a link's participants are the author,
 * then the reviewer), whatever their status.
 */
export async function sharesReviewedBy(trackId: string, userId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: T(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
    FilterExpression: 'participants[1] = :me',
    ProjectionExpression: 'shareId',
    ExpressionAttributeValues: { ':pk': `TRACK#${trackId}`, ':s': 'SHARE#', ':me': userId },
  });
  return items.map((i) => i.shareId as string);
}

/**
 * For deleting a share: fences it (nothing more can be written on it), then lists the keys of every item
 * of it (its partition, read consistently, so nothing is missed), then of its link to the track, last: the
 * link is how a share is found from its track, so a deletion that stops part-way can be finished by trying
 * again.
 */
export async function shareItemKeys(trackId: string, shareId: string): Promise<{ PK: string; SK: string }[]> {
  await fence(metaKey(shareId));
  const keys = (await queryAll({
    TableName: T(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk(shareId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  })) as { PK: string; SK: string }[];
  return [...keys, { PK: `TRACK#${trackId}`, SK: `SHARE#${shareId}` }];
}

/** Marks a META item (track or share) as being deleted; one already gone is fine (a deletion finishing). */
async function fence(key: { PK: string; SK: string }): Promise<void> {
  await writeIf(
    () =>
      new UpdateCommand({
        TableName: T(),
        Key: key,
        UpdateExpression: `SET ${FENCE} = if_not_exists(${FENCE}, :now)`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
  );
}

/** A share as its track's partition names it. */
export interface TrackLink {
  shareId: string;
  participants: string[];
  orderId?: string;
  /** The share's comment ids. */
  commentIds: string[];
  /**
   * How many times `commentIds` has changed (0: never since it was counted). A comment added and another
   * deleted leave the list's size as it was: a deletion compares this, not only the size.
   */
  commentsVersion: number;
}

export const isTrackLink = (item: Record<string, unknown>) => String(item.SK).startsWith('SHARE#');

export function toTrackLink(item: Record<string, unknown>): TrackLink {
  return {
    shareId: item.shareId as string,
    participants: item.participants as string[],
    ...(item.orderId ? { orderId: item.orderId as string } : {}),
    commentIds: [...((item.commentIds as Set<string> | undefined) ?? [])],
    commentsVersion: (item.commentsVersion as number | undefined) ?? 0,
  };
}

/**
 * The deletes, for a transaction, of every item a listed share can have: those of known keys (absent
 * ones are no-ops), the comments its link lists, and the link, on condition that its list is as read (a
 * comment added or deleted since cancels the transaction; one added after it finds no share).
 */
export function shareDeletes(trackId: string, link: TrackLink) {
  const keys = [
    metaKey(link.shareId),
    { PK: pk(link.shareId), SK: 'FEEDBACK' },
    { PK: pk(link.shareId), SK: 'RANKING' },
    listeningKey(link.shareId),
    draftKey(link.shareId),
    reviewEditsKey(link.shareId),
    suggestedKey(link.shareId),
    findingsKey(link.shareId),
    checklistKey(link.shareId),
    ...SHARE_EMAIL_EVENTS.map((e) => ({ PK: pk(link.shareId), SK: `EMAIL#${e}` })),
    ...link.participants.map((u) => digestKey(link.shareId, u)),
    ...link.commentIds.map((c) => commentKey(link.shareId, c)),
  ];
  // The size alone would pass a list that lost one comment and gained another meanwhile (and leave the new one behind).
  const size = link.commentIds.length
    ? { cond: 'size(commentIds) = :n', values: { ':n': link.commentIds.length } }
    : { cond: 'attribute_not_exists(commentIds)', values: {} };
  const version = link.commentsVersion
    ? { cond: 'commentsVersion = :v', values: { ':v': link.commentsVersion } }
    : { cond: 'attribute_not_exists(commentsVersion)', values: {} };
  const values = { ...size.values, ...version.values };
  const listed = {
    ConditionExpression: `${size.cond} AND ${version.cond}`,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
  // A paid request's pro at work: the share refuses its deletion (functions/tracks/tracks.ts says why).
  const atWork = link.orderId
    ? {
        ConditionExpression: '#s <> :accepted',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':accepted': 'accepted' },
      }
    : {};
  // A report an admin has not decided yet keeps the track too.
  const undecided = link.orderId
    ? {
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :open',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':open': 'open' },
      }
    : {};
  return [
    { Delete: { TableName: T(), Key: keys[0], ...atWork } },
    { Delete: { TableName: T(), Key: disputeKey(link.shareId), ...undecided } },
    ...keys.slice(1).map((Key) => ({ Delete: { TableName: T(), Key } })),
    { Delete: { TableName: T(), Key: linkKey(trackId, link.shareId), ...listed } },
  ];
}
