/**
 * Shares and everything that hangs on them, in the share's own partition, so a whole feedback view
 * is one Query. Keys:
 * - share     PK SHARE#<id>  SK META             GSI1 SHAREDBY#<userId> / SHARE#<createdAt>#<id>
 *                                                GSI2 SHAREDWITH#<userId> / <status>#<createdAt>#<id>
 * - feedback  PK SHARE#<id>  SK FEEDBACK
 * - comment   PK SHARE#<id>  SK COMMENT#<commentId>
 * - ranking   PK SHARE#<id>  SK RANKING
 * - e-mail    PK SHARE#<id>  SK EMAIL#<event>    (an e-mail is sent at most once per event)
 * - digest    PK SHARE#<id>  SK DIGEST#<userId>  GSI2 DIGEST#DUE#<shard> / <dueAt>#<id>#<userId>
 *                                                (comments not yet e-mailed to userId, due at dueAt;
 *                                                DIGEST_SHARDS partitions by a hash of the share id)
 * - link      PK TRACK#<trackId>  SK SHARE#<id>  (the shares of a track: listening rights, deletion; lists the
 *                                                ids of the share's comments in `commentIds`, which the cap on
 *                                                comments counts, and the list's changes in `commentsVersion`)
 * Every item but e-mails and digests carries `participants` so the realtime consumer knows whom to tell.
 *
 * Deleting without listing each share: the track's META collects the ids of its shares (`shareIds`) and each
 * link the ids of its share's comments (`commentIds`), in the transactions that create them. The other
 * items of a share have known keys. So one consistent read of the track's partition names every item to
 * delete, and one transaction deletes them all on condition that neither set has changed since (see
 * functions/domain/tracks.ts). Links written before this (no `listsComments`) go through the fences below.
 *
 * Deletion fences: a track being deleted, then each of its shares, gets `deletingAt` on its META item
 * before anything is listed for deletion. Every write on a share (and a new share on a track) is a
 * transaction or condition requiring that META to exist unfenced, so nothing can land on a share once its
 * deletion has looked at it, and a deletion cannot leave anything behind.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../shared/feedback.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import { dynamo } from '../lib/aws/dynamo.js';
import { cancellation, failedItem, isConditionFailure, send } from './transactions.js';
import { shardKey, shardKeys } from './shards.js';
import { MAX_COMMENTS_PER_SHARE, MAX_SHARES_PER_TRACK } from '../../shared/constants.js';
import { queryAll } from './query.js';
import { config } from '../lib/config.js';

export interface ShareRecord {
  id: string;
  trackId: string;
  trackTitle: string;
  trackAudioUrl: string;
  trackDuration: number;
  trackPeaks: string;
  sharedByUserId: string;
  sharedWithUserId: string;
  sharedByName: string;
  sharedByUsername: string;
  sharedWithName: string;
  sharedWithUsername: string;
  status: ShareStatus;
  shareOptions: ShareOptions;
  /** The musician's rating of the feedback, copied here so that lists show it without reading rankings. */
  rating?: number | null;
  /** A paid request: the payment it was created by (functions/data/payments.ts). */
  payment?: { orderId: string; amountCents: number } | null;
  /** When the reviewer accepted it. */
  acceptedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackRecord {
  criteria: Record<string, number>;
  comment: string | null;
  userId: string;
  createdAt: string;
}

export interface CommentRecord {
  id: string;
  shareId: string;
  trackId: string;
  userId: string;
  timestamp: number | null;
  text: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface RankingRecord {
  rating: number;
  comment: string | null;
  createdAt: string;
}

export interface ShareBundle {
  share: ShareRecord;
  feedback: FeedbackRecord | null;
  comments: CommentRecord[];
  ranking: RankingRecord | null;
}

/** Comments waiting to be e-mailed to one participant of a share, as one message, at `dueAt`. */
export interface DigestRecord {
  shareId: string;
  toUserId: string;
  dueAt: string;
  commentIds: string[];
  /** Sends that failed so far. */
  attempts: number;
}

/** An item written for a request that carried an idempotency key, with the hash of that request. */
export interface Keyed<T> {
  record: T;
  requestHash: string | null;
}

export const SHARE_ENTITIES = ['share', 'feedback', 'comment', 'ranking'] as const;

const T = () => config.tableName;
const pk = (id: string) => `SHARE#${id}`;
const metaKey = (id: string) => ({ PK: pk(id), SK: 'META' });
const trackKey = (trackId: string) => ({ PK: `TRACK#${trackId}`, SK: 'META' });
const digestKey = (shareId: string, toUserId: string) => ({ PK: pk(shareId), SK: `DIGEST#${toUserId}` });
const linkKey = (trackId: string, shareId: string) => ({ PK: `TRACK#${trackId}`, SK: `SHARE#${shareId}` });
/** Every e-mail event a share can claim (functions/domain/notifications.ts). */
export const SHARE_EMAIL_EVENTS = ['requested', 'responded'] as const;
export type ShareEmailEvent = (typeof SHARE_EMAIL_EVENTS)[number];
const DIGEST_DUE = 'DIGEST#DUE';
/** Every comment writes its digest's index entry: spread over this many partitions, read all at once. */
export const DIGEST_SHARDS = 8;
const participants = (s: Pick<ShareRecord, 'sharedByUserId' | 'sharedWithUserId'>) => [s.sharedByUserId, s.sharedWithUserId];
const byIndex = (s: ShareRecord) => ({ GSI1PK: `SHAREDBY#${s.sharedByUserId}`, GSI1SK: `SHARE#${s.createdAt}#${s.id}` });
const withIndex = (s: Pick<ShareRecord, 'sharedWithUserId' | 'status' | 'createdAt' | 'id'>) => ({
  GSI2PK: `SHAREDWITH#${s.sharedWithUserId}`,
  GSI2SK: `${s.status}#${s.createdAt}#${s.id}`,
});

/** The fence attribute, and the condition that a META item (share or track) exists and is not fenced. */
const FENCE = 'deletingAt';
const OPEN = `attribute_exists(PK) AND attribute_not_exists(${FENCE})`;

function strip(item: Record<string, unknown>) {
  const {
    PK: _p,
    SK: _s,
    GSI1PK: _a,
    GSI1SK: _b,
    GSI2PK: _c,
    GSI2SK: _d,
    entity: _e,
    participants: _pp,
    shareId: _sid,
    requestHash: _h,
    [FENCE]: _f,
    ...rest
  } = item;
  return rest;
}

/** One update of a transaction, as another entity module builds it. */
export type TransactUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

export type NewShareResult = 'created' | 'exists' | 'track_unavailable' | 'track_full';

/**
 * Creates a pending share, links it to its track and marks the track shared, all at once; only while the
 * track exists, is ready and is not being deleted ('track_unavailable' otherwise). 'exists' when the id
 * is taken: an idempotent retry of the same request, or a conflicting one. `claimEmail` claims that share
 * e-mail in the same write, so sending it needs no write of its own.
 */
export async function putNewShare(
  share: ShareRecord,
  requestHash?: string,
  opts: { claimEmail?: ShareEmailEvent } = {},
): Promise<NewShareResult> {
  try {
    // The e-mail claim rides along (last, so the reasons' indexes stay those of newShareItems).
    const items = [...newShareItems(share, requestHash), ...(opts.claimEmail ? [emailClaimItem(share.id, opts.claimEmail)] : [])];
    await send(() => new TransactWriteCommand({ TransactItems: items }));
    return 'created';
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'exists';
    if (reasons?.[2] === 'ConditionalCheckFailed')
      return isFull(failedItem(err, 2), 'shareIds', MAX_SHARES_PER_TRACK) ? 'track_full' : 'track_unavailable';
    throw err;
  }
}

/** Whether an item refused a write because its list of ids holds the most it may. */
const isFull = (item: Record<string, unknown> | null, list: string, most: number) =>
  ((item?.[list] as Set<string> | undefined)?.size ?? 0) >= most;

/**
 * The three writes that create a share, for a transaction: the share (only if its id is free), its link
 * from the track, and the track marked shared (its `shareIds` taking the id), which is also the check that
 * the track still exists, is ready and is not being deleted (an item appears once per transaction, so this
 * update is the check).
 */
export function newShareItems(share: ShareRecord, requestHash?: string) {
  return [
    {
      Put: {
        TableName: T(),
        Item: {
          ...metaKey(share.id),
          ...byIndex(share),
          ...withIndex(share),
          entity: 'share',
          participants: participants(share),
          shareId: share.id,
          ...share,
          ...(requestHash ? { requestHash } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: T(),
        Item: {
          ...linkKey(share.trackId, share.id),
          entity: 'trackshare',
          shareId: share.id,
          participants: participants(share),
          listsComments: true,
          ...(share.payment ? { orderId: share.payment.orderId } : {}),
        },
      },
    },
    {
      // Tracks registered before processing existed have no status.
      Update: {
        TableName: T(),
        Key: trackKey(share.trackId),
        UpdateExpression: 'SET isShared = :t, shareOptions = :o, updatedAt = :u ADD shareIds :sid',
        ConditionExpression: `${OPEN} AND (attribute_not_exists(#st) OR #st = :ready) AND (attribute_not_exists(shareIds) OR size(shareIds) < :most)`,
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: {
          ':t': true,
          ':o': share.shareOptions,
          ':u': share.createdAt,
          ':ready': 'ready',
          ':sid': new Set([share.id]),
          ':most': MAX_SHARES_PER_TRACK,
        },
        // Why it was refused: a track with its most requests says so.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
  ];
}

/** Where a track stands for sharing, read consistently. */
export async function trackState(trackId: string): Promise<'gone' | 'deleting' | 'ready' | 'processing' | 'failed'> {
  const res = await dynamo().send(
    new GetCommand({
      TableName: T(),
      Key: trackKey(trackId),
      ConsistentRead: true,
      ProjectionExpression: '#st, #f',
      ExpressionAttributeNames: { '#st': 'status', '#f': FENCE },
    }),
  );
  if (!res.Item) return 'gone';
  if (res.Item[FENCE]) return 'deleting';
  return (res.Item.status as 'ready' | 'processing' | 'failed' | undefined) ?? 'ready';
}

/** The share, read consistently (`deleting` once a deletion has fenced it); null when it is gone. */
export async function readShare(id: string): Promise<(Keyed<ShareRecord> & { deleting: boolean }) | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: metaKey(id), ConsistentRead: true }));
  if (!res.Item) return null;
  return {
    record: strip(res.Item) as unknown as ShareRecord,
    requestHash: (res.Item.requestHash as string | undefined) ?? null,
    deleting: Boolean(res.Item[FENCE]),
  };
}

export async function readComment(shareId: string, commentId: string): Promise<Keyed<CommentRecord> | null> {
  const res = await dynamo().send(
    new GetCommand({ TableName: T(), Key: { PK: pk(shareId), SK: `COMMENT#${commentId}` }, ConsistentRead: true }),
  );
  if (!res.Item) return null;
  return {
    record: { ...(strip(res.Item) as unknown as CommentRecord), shareId },
    requestHash: (res.Item.requestHash as string | undefined) ?? null,
  };
}

/**
 * The share with everything on it. One being deleted still reads (a deletion that stopped part-way leaves
 * it readable until it is finished), but takes no more writes.
 */
export async function getShareBundle(id: string): Promise<ShareBundle | null> {
  const items = await queryAll({ TableName: T(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk(id) } });
  const meta = items.find((i) => i.SK === 'META');
  if (!meta) return null;
  const feedback = items.find((i) => i.SK === 'FEEDBACK');
  const ranking = items.find((i) => i.SK === 'RANKING');
  return {
    share: strip(meta) as unknown as ShareRecord,
    feedback: feedback ? (strip(feedback) as unknown as FeedbackRecord) : null,
    ranking: ranking ? (strip(ranking) as unknown as RankingRecord) : null,
    comments: items
      .filter((i) => String(i.SK).startsWith('COMMENT#'))
      .map((i) => ({ ...(strip(i) as unknown as CommentRecord), shareId: id })),
  };
}

const listed = (items: Record<string, unknown>[]) => items.map((i) => strip(i) as unknown as ShareRecord);

/** Where a page of shares stops: the last share given, so the next page starts after it. */
const byKey = (i: Record<string, unknown>) => ({ GSI1PK: i.GSI1PK, GSI1SK: i.GSI1SK, PK: i.PK, SK: i.SK }) as Record<string, string>;

/** Queries a page of the authored list reads at most, so that the route stays within its round trips. */
const AUTHORED_QUERIES = 2;
/** Items one filtered query reads, matching or not. */
const FILTERED_READ = 200;

/**
 * A page of the shares the user authored, newest first, with only `statuses` when given. GSI1 orders them
 * by date whatever their status, so statuses are a filter on one query, read on until the page is full; a
 * page may come back short (even empty) with `next` when the filter matched few of what was read.
 */
export async function pageSharesBy(
  userId: string,
  opts: { limit: number; start?: Record<string, string>; statuses?: readonly ShareStatus[] },
): Promise<{ shares: ShareRecord[]; next?: Record<string, string> }> {
  const items: Record<string, unknown>[] = [];
  const filter = opts.statuses
    ? {
        FilterExpression: `#st IN (${opts.statuses.map((_, i) => `:st${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#st': 'status' },
      }
    : {};
  let start: Record<string, unknown> | undefined = opts.start;
  let queries = 0;
  do {
    const res = await dynamo().send(
      new QueryCommand({
        TableName: T(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :s)',
        ...filter,
        ExpressionAttributeValues: {
          ':pk': `SHAREDBY#${userId}`,
          ':s': 'SHARE#',
          ...Object.fromEntries((opts.statuses ?? []).map((st, i) => [`:st${i}`, st])),
        },
        ScanIndexForward: false,
        // One more than the page: a full page then says whether anything follows it.
        Limit: opts.statuses ? FILTERED_READ : opts.limit + 1 - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
    queries += 1;
  } while (start && items.length <= opts.limit && queries < AUTHORED_QUERIES);
  if (items.length > opts.limit) {
    const page = items.slice(0, opts.limit);
    return { shares: listed(page), next: byKey(page[page.length - 1]) };
  }
  return { shares: listed(items), next: start as Record<string, string> | undefined };
}

/** A reviewer's position in each status's list: after this `<createdAt>#<id>`, '' for from the start. */
export type StatusPositions = Partial<Record<ShareStatus, string>>;

const withSortKey = (i: Record<string, unknown>) => String(i.GSI2SK).slice(String(i.GSI2SK).indexOf('#') + 1);

/**
 * A page of the shares sent to the user in `from`'s statuses, newest first. GSI2 orders them by status
 * first, so each status is its own query (all at once, one round trip) from its own position, and the
 * page is the newest of them merged. `next` holds the position of each status with more to give (none
 * left: null).
 */
export async function pageSharesWith(
  userId: string,
  from: StatusPositions,
  limit: number,
): Promise<{ shares: ShareRecord[]; next: StatusPositions | null }> {
  const statuses = Object.keys(from) as ShareStatus[];
  const results = await Promise.all(
    statuses.map(async (status) => {
      const position = from[status];
      const res = await dynamo().send(
        new QueryCommand({
          TableName: T(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :s)',
          ExpressionAttributeValues: { ':pk': `SHAREDWITH#${userId}`, ':s': `${status}#` },
          ScanIndexForward: false,
          Limit: limit + 1,
          ExclusiveStartKey: position ? reviewerStartKey(userId, status, position) : undefined,
        }),
      );
      return { status, items: res.Items ?? [], more: Boolean(res.LastEvaluatedKey) };
    }),
  );
  // A status with more than it gave may hold shares newer than anything older than its last one given:
  // only shares at or after the newest such bound are certain to be in order.
  const bound = results
    .filter((r) => r.more)
    .map((r) => (r.items.length ? withSortKey(r.items[r.items.length - 1]) : '\uffff'))
    .reduce((a, b) => (b > a ? b : a), '');
  const merged = results
    .flatMap((r) => r.items.map((item) => ({ status: r.status, item, sort: withSortKey(item) })))
    .filter((m) => m.sort >= bound)
    .sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0))
    .slice(0, limit);
  const next: StatusPositions = {};
  for (const r of results) {
    const taken = merged.filter((m) => m.status === r.status);
    if (taken.length === r.items.length && !r.more) continue;
    next[r.status] = taken.length ? taken[taken.length - 1].sort : from[r.status];
  }
  return { shares: listed(merged.map((m) => m.item)), next: Object.keys(next).length ? next : null };
}

/** The start key of a status's query after `<createdAt>#<id>` (the share's own keys, rebuilt). */
function reviewerStartKey(userId: string, status: ShareStatus, position: string) {
  const id = position.slice(position.lastIndexOf('#') + 1);
  return { GSI2PK: `SHAREDWITH#${userId}`, GSI2SK: `${status}#${position}`, PK: pk(id), SK: 'META' };
}

/** Moves a share from one of `from` to `to`; false when it was not in one of them (or is gone or being deleted). */
export async function setStatus(
  share: ShareRecord,
  from: ShareStatus[],
  to: ShareStatus,
  opts: { createdAfter?: string } = {},
): Promise<boolean> {
  try {
    await send(() => new UpdateCommand(statusChange(share, from, to, opts).Update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * The write that moves an open share from one of `from` to `to`, for a transaction or on its own; an
 * acceptance records when, since a paid request's time to complete counts from it. With `createdAfter`
 * (a paid request's time to accept), refused for a share created before it.
 */
export function statusChange(
  share: Pick<ShareRecord, 'id' | 'sharedWithUserId' | 'createdAt'>,
  from: ShareStatus[],
  to: ShareStatus,
  opts: { createdAfter?: string } = {},
) {
  const now = new Date().toISOString();
  return {
    Update: {
      TableName: T(),
      Key: metaKey(share.id),
      UpdateExpression: `SET #s = :to, GSI2SK = :g, updatedAt = :u${to === 'accepted' ? ', acceptedAt = :u' : ''}`,
      ConditionExpression: `${OPEN} AND #s IN (${from.map((_, i) => `:f${i}`).join(', ')})${opts.createdAfter ? ' AND createdAt > :ca' : ''}`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':g': withIndex({ ...share, status: to }).GSI2SK,
        ':u': now,
        ...(opts.createdAfter ? { ':ca': opts.createdAfter } : {}),
        ...Object.fromEntries(from.map((f, i) => [`:f${i}`, f])),
      },
    },
  };
}

/** The share is open to writes (exists, not being deleted) and not in one of `closed`. */
function shareOpenCheck(shareId: string, closed: ShareStatus[]) {
  return {
    ConditionCheck: {
      TableName: T(),
      Key: metaKey(shareId),
      ConditionExpression: [OPEN, ...closed.map((_, i) => `#s <> :c${i}`)].join(' AND '),
      ...(closed.length
        ? {
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: Object.fromEntries(closed.map((c, i) => [`:c${i}`, c])),
          }
        : {}),
    },
  };
}

/**
 * Adds a comment to the (share, recipient) digest, or starts one: due `dueAt`, pushed back by each comment.
 * Putting back a digest whose send failed (`attempts` given) merges into any newer burst without moving
 * its due time: the burst still going on is not mailed early.
 */
function digestUpsert(shareId: string, toUserId: string, commentIds: string[], dueAt: string, attempts?: number) {
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
        ':gp': shardKey(DIGEST_DUE, shareId, DIGEST_SHARDS),
        ':gs': `${dueAt}#${shareId}#${toUserId}`,
        ':ids': new Set(commentIds),
        ...(attempts === undefined ? {} : { ':a': attempts }),
      },
    },
  };
}

/** 'full': the request has its most comments (MAX_COMMENTS_PER_SHARE). */
export type WriteResult = 'written' | 'exists' | 'closed' | 'full';

/**
 * Writes a new comment, puts it in the recipient's digest and lists it on the share's link, in one
 * transaction that requires the share to be open and not in one of `closed`. 'exists' when the comment id is taken (an idempotent retry);
 * 'closed' when the share is gone, being deleted or in a closed status.
 */
export async function putNewComment(
  share: ShareRecord,
  comment: CommentRecord,
  opts: { closed: ShareStatus[]; digest: { toUserId: string; dueAt: string }; requestHash?: string },
): Promise<WriteResult> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            shareOpenCheck(share.id, opts.closed),
            {
              Put: {
                TableName: T(),
                Item: {
                  PK: pk(share.id),
                  SK: `COMMENT#${comment.id}`,
                  entity: 'comment',
                  participants: participants(share),
                  ...comment,
                  ...(opts.requestHash ? { requestHash: opts.requestHash } : {}),
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            digestUpsert(share.id, opts.digest.toUserId, [comment.id], opts.digest.dueAt),
            // Listed on the link, for a deletion to find without reading the share's partition.
            {
              Update: {
                TableName: T(),
                Key: linkKey(share.trackId, share.id),
                UpdateExpression: 'ADD commentIds :c, commentsVersion :one',
                ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(commentIds) OR size(commentIds) < :most)',
                ExpressionAttributeValues: { ':c': new Set([comment.id]), ':one': 1, ':most': MAX_COMMENTS_PER_SHARE },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
              },
            },
          ],
        }),
    );
    return 'written';
  } catch (err) {
    const reasons = cancellation(err);
    // 'exists' first: a retry of a comment that landed gets it back even if the share has closed since.
    if (reasons?.[1] === 'ConditionalCheckFailed') return 'exists';
    if (reasons?.[3] === 'ConditionalCheckFailed' && isFull(failedItem(err, 3), 'commentIds', MAX_COMMENTS_PER_SHARE)) return 'full';
    if (reasons?.[0] === 'ConditionalCheckFailed' || reasons?.[3] === 'ConditionalCheckFailed') return 'closed';
    throw err;
  }
}

/**
 * Changes a comment's text, tags and time, only while the comment exists and is the author's and the
 * share is open: a comment deleted meanwhile stays deleted. 'exists' is never returned; 'written',
 * 'closed' (the share), or null when the comment is gone.
 */
export async function updateComment(
  share: ShareRecord,
  comment: CommentRecord,
  opts: { closed: ShareStatus[] },
): Promise<Exclude<WriteResult, 'exists'> | null> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            shareOpenCheck(share.id, opts.closed),
            {
              Update: {
                TableName: T(),
                Key: { PK: pk(share.id), SK: `COMMENT#${comment.id}` },
                UpdateExpression: 'SET #text = :t, tags = :g, #ts = :ts, updatedAt = :u',
                ConditionExpression: 'attribute_exists(PK) AND userId = :me',
                ExpressionAttributeNames: { '#text': 'text', '#ts': 'timestamp' },
                ExpressionAttributeValues: {
                  ':t': comment.text,
                  ':g': comment.tags,
                  ':ts': comment.timestamp,
                  ':u': comment.updatedAt,
                  ':me': comment.userId,
                },
              },
            },
          ],
        }),
    );
    return 'written';
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'closed';
    if (reasons?.[1] === 'ConditionalCheckFailed') return null;
    throw err;
  }
}

/**
 * Deletes the author's comment under the same rule as an edit (the share open and not in one of `closed`,
 * checked by the write itself), and takes its id off the share's link in the same transaction: the link's
 * list is what the cap on comments counts, so a deleted comment gives its place back. A set loses an id
 * once: a deletion retried finds the comment gone (null) and writes nothing. 'written', 'closed' (the
 * share, or its link gone with it), or null when the comment is gone.
 */
export async function deleteComment(
  share: Pick<ShareRecord, 'id' | 'trackId'>,
  commentId: string,
  userId: string,
  opts: { closed: ShareStatus[] },
): Promise<'written' | 'closed' | null> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            shareOpenCheck(share.id, opts.closed),
            {
              Delete: {
                TableName: T(),
                Key: { PK: pk(share.id), SK: `COMMENT#${commentId}` },
                ConditionExpression: 'attribute_exists(PK) AND userId = :me',
                ExpressionAttributeValues: { ':me': userId },
              },
            },
            {
              // Only an existing link: an update would otherwise create one.
              Update: {
                TableName: T(),
                Key: linkKey(share.trackId, share.id),
                UpdateExpression: 'DELETE commentIds :c ADD commentsVersion :one',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':c': new Set([commentId]), ':one': 1 },
              },
            },
          ],
        }),
    );
    return 'written';
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'closed';
    if (reasons?.[1] === 'ConditionalCheckFailed') return null;
    if (reasons?.[2] === 'ConditionalCheckFailed') return 'closed';
    throw err;
  }
}

/**
 * Writes the feedback and completes the accepted share together, with `alsoWrite` (a paid request's
 * payment marked fulfilled) and the claim of an e-mail in the same transaction; false when the share was
 * not open for it.
 */
export async function completeWithFeedback(
  share: ShareRecord,
  feedback: FeedbackRecord,
  alsoWrite: { Update: TransactUpdate }[] = [],
  opts: { claimEmail?: ShareEmailEvent; acceptedAfter?: string } = {},
): Promise<boolean> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            ...alsoWrite,
            {
              Put: {
                TableName: T(),
                Item: {
                  PK: pk(share.id),
                  SK: 'FEEDBACK',
                  entity: 'feedback',
                  participants: participants(share),
                  shareId: share.id,
                  ...feedback,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: T(),
                Key: metaKey(share.id),
                UpdateExpression: 'SET #s = :c, GSI2SK = :g, updatedAt = :u',
                // A paid request's time to complete counts from its acceptance (requests accepted before that
                // was kept are left to the scheduled check).
                ConditionExpression: `attribute_not_exists(${FENCE}) AND #s = :a${opts.acceptedAfter ? ' AND (attribute_not_exists(acceptedAt) OR acceptedAt > :aa)' : ''}`,
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: {
                  ':c': 'completed',
                  ':a': 'accepted',
                  ':g': withIndex({ ...share, status: 'completed' }).GSI2SK,
                  ':u': feedback.createdAt,
                  ...(opts.acceptedAfter ? { ':aa': opts.acceptedAfter } : {}),
                },
              },
            },
            ...(opts.claimEmail ? [emailClaimItem(share.id, opts.claimEmail)] : []),
          ],
        }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** One ranking per share, its rating copied onto the share in the same write; false when there is one already (or the share is closed). */
export async function putRanking(share: ShareRecord, ranking: RankingRecord): Promise<boolean> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: T(),
                Item: {
                  PK: pk(share.id),
                  SK: 'RANKING',
                  entity: 'ranking',
                  participants: participants(share),
                  shareId: share.id,
                  ...ranking,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: T(),
                Key: metaKey(share.id),
                UpdateExpression: 'SET rating = :r',
                ConditionExpression: OPEN,
                ExpressionAttributeValues: { ':r': ranking.rating },
              },
            },
          ],
        }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Claims an e-mail event; true only for the first claim on an open share, so each e-mail goes out at most
 * once, and none about a share being deleted.
 */
export async function claimEmail(shareId: string, event: ShareEmailEvent): Promise<boolean> {
  try {
    await send(() => new TransactWriteCommand({ TransactItems: [shareOpenCheck(shareId, []), emailClaimItem(shareId, event)] }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
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
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [shareOpenCheck(d.shareId, []), digestUpsert(d.shareId, d.toUserId, d.commentIds, dueAt, d.attempts)],
        }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

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

/** Deletes items by key, 25 at a time and in order, retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(keys: { PK: string; SK: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (batch?.length) {
      const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [T()]: batch as never } }));
      batch = res.UnprocessedItems?.[T()] as Record<string, unknown>[] | undefined;
    }
  }
}

/** Marks a META item (track or share) as being deleted; one already gone is fine (a deletion finishing). */
async function fence(key: { PK: string; SK: string }): Promise<void> {
  try {
    await send(
      () =>
        new UpdateCommand({
          TableName: T(),
          Key: key,
          UpdateExpression: `SET ${FENCE} = if_not_exists(${FENCE}, :now)`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': new Date().toISOString() },
        }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** A share as its track's partition names it. */
export interface TrackLink {
  shareId: string;
  participants: string[];
  orderId?: string;
  /** The share's comment ids; null on links written before links listed them (the share must be read). */
  commentIds: string[] | null;
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
    commentIds: item.listsComments ? [...((item.commentIds as Set<string> | undefined) ?? [])] : null,
    commentsVersion: (item.commentsVersion as number | undefined) ?? 0,
  };
}

/**
 * The deletes, for a transaction, of every item a listed share can have: those of known keys (absent
 * ones are no-ops), the comments its link lists, and the link, on condition that its list is as read (a
 * comment added or deleted since cancels the transaction; one added after it finds no share).
 */
export function shareDeletes(trackId: string, link: TrackLink & { commentIds: string[] }) {
  const keys = [
    metaKey(link.shareId),
    { PK: pk(link.shareId), SK: 'FEEDBACK' },
    { PK: pk(link.shareId), SK: 'RANKING' },
    ...SHARE_EMAIL_EVENTS.map((e) => ({ PK: pk(link.shareId), SK: `EMAIL#${e}` })),
    ...link.participants.map((u) => digestKey(link.shareId, u)),
    ...link.commentIds.map((c) => ({ PK: pk(link.shareId), SK: `COMMENT#${c}` })),
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
  return [
    ...keys.map((Key) => ({ Delete: { TableName: T(), Key } })),
    { Delete: { TableName: T(), Key: linkKey(trackId, link.shareId), ...listed } },
  ];
}

/** Items one transaction of the migration below frees: its ConditionChecks and the link's update within 100. */
const FREED_PER_WRITE = 99;

/**
 * Links written before a deleted comment gave its id back still list comments deleted since, each holding a
 * place under the cap. Takes those ids off: a Scan for links that list comments (never a request path: the
 * migration runs it once), then per link a consistent Query of its share's comments and, for the ids gone,
 * one transaction per 99, each on condition that those comments are still absent (one written again under
 * its idempotency key keeps its place). Returns how many ids were taken off.
 */
export async function releaseDeletedCommentIds(): Promise<number> {
  let freed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: T(),
        FilterExpression: 'begins_with(PK, :t) AND begins_with(SK, :s) AND attribute_exists(commentIds)',
        ProjectionExpression: 'PK, SK, shareId, commentIds',
        ExpressionAttributeValues: { ':t': 'TRACK#', ':s': 'SHARE#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const link of page.Items ?? []) freed += await releaseGoneIds(link);
    start = page.LastEvaluatedKey;
  } while (start);
  return freed;
}

async function releaseGoneIds(link: Record<string, unknown>): Promise<number> {
  const shareId = link.shareId as string;
  const comments = await queryAll({
    TableName: T(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
    ExpressionAttributeValues: { ':pk': pk(shareId), ':c': 'COMMENT#' },
    ProjectionExpression: 'SK',
    ConsistentRead: true,
  });
  const present = new Set(comments.map((c) => String(c.SK).slice('COMMENT#'.length)));
  const gone = [...(link.commentIds as Set<string>)].filter((id) => !present.has(id));
  let freed = 0;
  for (let i = 0; i < gone.length; i += FREED_PER_WRITE) {
    const ids = gone.slice(i, i + FREED_PER_WRITE);
    try {
      await send(
        () =>
          new TransactWriteCommand({
            TransactItems: [
              ...ids.map((id) => ({
                ConditionCheck: {
                  TableName: T(),
                  Key: { PK: pk(shareId), SK: `COMMENT#${id}` },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              })),
              {
                Update: {
                  TableName: T(),
                  Key: { PK: link.PK, SK: link.SK },
                  UpdateExpression: 'DELETE commentIds :ids ADD commentsVersion :one',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeValues: { ':ids': new Set(ids), ':one': 1 },
                },
              },
            ],
          }),
      );
      freed += ids.length;
    } catch (err) {
      // A comment written again, or the share deleted meanwhile: those ids stay, which only keeps their places.
      if (!isConditionFailure(err)) throw err;
    }
  }
  return freed;
}
