/**
 * Shares and everything that hangs on them, in the share's own partition, so a whole feedback view
 * is one Query. Keys:
 * - share     PK SHARE#<id>  SK META             GSI1 SHAREDBY#<userId> / SHARE#<createdAt>#<id>
 *                                                GSI2 SHAREDWITH#<userId> / <status>#<createdAt>#<id>
 * - feedback  PK SHARE#<id>  SK FEEDBACK
 * - comment   PK SHARE#<id>  SK COMMENT#<commentId>
 * - ranking   PK SHARE#<id>  SK RANKING
 * - e-mail    PK SHARE#<id>  SK EMAIL#<event>    (an e-mail is sent at most once per event)
 * - link      PK TRACK#<trackId>  SK SHARE#<id>  (the shares of a track: listening rights, deletion)
 * Every item carries `participants` so the realtime consumer knows whom to tell.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../shared/feedback.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import { dynamo } from '../lib/aws.js';
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

export const SHARE_ENTITIES = ['share', 'feedback', 'comment', 'ranking'] as const;

const T = () => config.tableName;
const pk = (id: string) => `SHARE#${id}`;
const participants = (s: Pick<ShareRecord, 'sharedByUserId' | 'sharedWithUserId'>) => [s.sharedByUserId, s.sharedWithUserId];
const byIndex = (s: ShareRecord) => ({ GSI1PK: `SHAREDBY#${s.sharedByUserId}`, GSI1SK: `SHARE#${s.createdAt}#${s.id}` });
const withIndex = (s: Pick<ShareRecord, 'sharedWithUserId' | 'status' | 'createdAt' | 'id'>) => ({
  GSI2PK: `SHAREDWITH#${s.sharedWithUserId}`,
  GSI2SK: `${s.status}#${s.createdAt}#${s.id}`,
});

function strip(item: Record<string, unknown>) {
  const { PK: _p, SK: _s, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, entity: _e, participants: _pp, shareId: _sid, ...rest } = item;
  return rest;
}

const isConditionFailure = (err: unknown) =>
  err instanceof TransactionCanceledException
    ? (err.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
    : (err as Error).name === 'ConditionalCheckFailedException';

/** Creates a pending share, links it to its track and marks the track shared, all at once. */
export async function putNewShare(share: ShareRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: T(),
            Item: { PK: pk(share.id), SK: 'META', ...byIndex(share), ...withIndex(share), entity: 'share', participants: participants(share), shareId: share.id, ...share },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: T(), Item: { PK: `TRACK#${share.trackId}`, SK: `SHARE#${share.id}`, entity: 'trackshare', shareId: share.id, participants: participants(share) } } },
        {
          Update: {
            TableName: T(),
            Key: { PK: `TRACK#${share.trackId}`, SK: 'META' },
            UpdateExpression: 'SET isShared = :t, shareOptions = :o, updatedAt = :u',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':t': true, ':o': share.shareOptions, ':u': share.createdAt },
          },
        },
      ],
    }),
  );
}

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
    comments: items.filter((i) => String(i.SK).startsWith('COMMENT#')).map((i) => ({ ...(strip(i) as unknown as CommentRecord), shareId: id })),
  };
}

/** Shares the user authored, newest first. */
export async function listSharesBy(userId: string): Promise<ShareRecord[]> {
  const items = await queryAll({ TableName: T(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :s)', ExpressionAttributeValues: { ':pk': `SHAREDBY#${userId}`, ':s': 'SHARE#' }, ScanIndexForward: false });
  return items.map((i) => strip(i) as unknown as ShareRecord);
}

/** Shares sent to the user with one status, newest first. */
export async function listSharesWith(userId: string, status: ShareStatus): Promise<ShareRecord[]> {
  const items = await queryAll({ TableName: T(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :s)', ExpressionAttributeValues: { ':pk': `SHAREDWITH#${userId}`, ':s': `${status}#` }, ScanIndexForward: false });
  return items.map((i) => strip(i) as unknown as ShareRecord);
}

/** Moves a share from one of `from` to `to`; false when it was not in one of them. */
export async function setStatus(share: ShareRecord, from: ShareStatus[], to: ShareStatus): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: T(),
        Key: { PK: pk(share.id), SK: 'META' },
        UpdateExpression: 'SET #s = :to, GSI2SK = :g, updatedAt = :u',
        ConditionExpression: `#s IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':to': to, ':g': withIndex({ ...share, status: to }).GSI2SK, ':u': now, ...Object.fromEntries(from.map((f, i) => [`:f${i}`, f])) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function putComment(share: ShareRecord, comment: CommentRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: T(), Item: { PK: pk(share.id), SK: `COMMENT#${comment.id}`, entity: 'comment', participants: participants(share), ...comment } }),
  );
}

export async function deleteComment(shareId: string, commentId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: pk(shareId), SK: `COMMENT#${commentId}` } }));
}

/** Writes the feedback and completes the accepted share together; false when the share was not open for it. */
export async function completeWithFeedback(share: ShareRecord, feedback: FeedbackRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: T(), Item: { PK: pk(share.id), SK: 'FEEDBACK', entity: 'feedback', participants: participants(share), shareId: share.id, ...feedback }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Update: {
              TableName: T(),
              Key: { PK: pk(share.id), SK: 'META' },
              UpdateExpression: 'SET #s = :c, GSI2SK = :g, updatedAt = :u',
              ConditionExpression: '#s = :a',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':c': 'completed', ':a': 'accepted', ':g': withIndex({ ...share, status: 'completed' }).GSI2SK, ':u': feedback.createdAt },
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

/** One ranking per share, its rating copied onto the share in the same write; false when there is one already. */
export async function putRanking(share: ShareRecord, ranking: RankingRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: T(), Item: { PK: pk(share.id), SK: 'RANKING', entity: 'ranking', participants: participants(share), shareId: share.id, ...ranking }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Update: {
              TableName: T(),
              Key: { PK: pk(share.id), SK: 'META' },
              UpdateExpression: 'SET rating = :r',
              ConditionExpression: 'attribute_exists(PK)',
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

/** Claims an e-mail event; true only for the first claim, so each e-mail goes out at most once. */
export async function claimEmail(shareId: string, event: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({ TableName: T(), Item: { PK: pk(shareId), SK: `EMAIL#${event}`, entity: 'email', sentAt: new Date().toISOString() }, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives an e-mail event back when its e-mail could not be sent, so it is not recorded as sent. */
export async function releaseEmail(shareId: string, event: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: pk(shareId), SK: `EMAIL#${event}` } }));
}

/** The shares of a track, with who takes part in each. */
export async function sharesOfTrack(trackId: string): Promise<{ shareId: string; participants: string[] }[]> {
  const items = await queryAll({ TableName: T(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)', ExpressionAttributeValues: { ':pk': `TRACK#${trackId}`, ':s': 'SHARE#' } });
  return items.map((i) => ({ shareId: i.shareId as string, participants: i.participants as string[] }));
}

/**
 * Keys of every item of a share (its partition), then of its link to the track, last: the link is how a
 * share is found from its track, so a deletion that stops part-way can be finished by trying again.
 */
export async function shareItemKeys(trackId: string, shareId: string): Promise<{ PK: string; SK: string }[]> {
  const keys = (await queryAll({ TableName: T(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk(shareId) }, ProjectionExpression: 'PK, SK' })) as { PK: string; SK: string }[];
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
