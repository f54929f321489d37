/**
 * Tracks. Keys:
 * - track      PK TRACK#<id>        SK META       GSI1 OWNER#<userId> / TRACK#<createdAt>#<id> (own tracks, newest first)
 * - audio key  PK AUDIOKEY#<key>    SK AUDIOKEY   (one track per uploaded object; written with the track)
 */
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws.js';
import { queryAll } from './query.js';
import { config } from '../lib/config.js';

export interface TrackRecord {
  id: string;
  userId: string;
  title: string;
  artist: string | null;
  audioKey: string;
  contentType: string;
  sizeBytes: number;
  duration: number;
  /** base64 of PEAKS_COUNT bytes. */
  peaks: string;
  snippet: { start: number; end: number };
  isShared: boolean;
  shareOptions: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export const TRACK_ENTITY = 'track';
const trackKey = (id: string) => ({ PK: `TRACK#${id}`, SK: 'META' });
const audioKeyKey = (key: string) => ({ PK: `AUDIOKEY#${key}`, SK: 'AUDIOKEY' });
const ownerIndex = (t: Pick<TrackRecord, 'userId' | 'createdAt' | 'id'>) => ({
  GSI1PK: `OWNER#${t.userId}`,
  GSI1SK: `TRACK#${t.createdAt}#${t.id}`,
});

export function fromTrackItem(item: Record<string, unknown>): TrackRecord {
  const { PK: _p, SK: _s, GSI1PK: _g, GSI1SK: _gs, entity: _e, ...rest } = item;
  return rest as unknown as TrackRecord;
}

/** Writes the track and claims its audio object; false when the object already has a track. */
export async function putNewTrack(track: TrackRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: config.tableName, Item: { ...trackKey(track.id), ...ownerIndex(track), entity: TRACK_ENTITY, ...track }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: config.tableName, Item: { ...audioKeyKey(track.audioKey), entity: 'audiokey', trackId: track.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) return false;
    throw err;
  }
}

export async function getTrack(id: string): Promise<TrackRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: trackKey(id) }));
  return res.Item ? fromTrackItem(res.Item) : null;
}

export async function getTracks(ids: string[]): Promise<TrackRecord[]> {
  if (ids.length === 0) return [];
  const out: TrackRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map(trackKey);
    while (keys && keys.length) {
      const res = await dynamo().send(new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: keys } } }));
      out.push(...(res.Responses?.[config.tableName] ?? []).map(fromTrackItem));
      keys = res.UnprocessedKeys?.[config.tableName]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}

/** The owner's tracks, newest first. */
export async function listTracksOf(userId: string): Promise<TrackRecord[]> {
  const items = await queryAll({
    TableName: config.tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':prefix': 'TRACK#' },
    ScanIndexForward: false,
  });
  return items.map(fromTrackItem);
}

export async function setSnippet(id: string, snippet: { start: number; end: number }): Promise<TrackRecord> {
  const res = await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: trackKey(id),
      UpdateExpression: 'SET snippet = :s, updatedAt = :u',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':s': snippet, ':u': new Date().toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromTrackItem(res.Attributes!);
}

/** Removes the track's records in one transaction (the track and its audio key claim). */
export async function deleteTrackRecords(track: TrackRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: config.tableName, Key: trackKey(track.id) } },
        { Delete: { TableName: config.tableName, Key: audioKeyKey(track.audioKey) } },
      ],
    }),
  );
}
