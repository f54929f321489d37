/**
 * Tracks. Keys:
 * - track         PK TRACK#<id>           SK META       GSI3 OWNER#<userId> / TRACK#<createdAt>#<id> (own tracks, newest first;
 *                 the index holds only the keys, so a new share's `shareIds` is no index write).
 * - upload claim  PK AUDIOKEY#<uploadKey> SK AUDIOKEY   (one track per uploaded object; written with the track)
 * A later version of a track (v2, v3, ...) is a track of its own, not on GSI3 (the list shows its stack, v1):
 * `stackId` names v1, whose META holds `versionIds` (a string set) and `lastVersion` (numbers are never reused).
 * The track's META also collects the ids of its shares (`shareIds`) and holds their links (functions/feedback/data/shares.ts).
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { countAll, getItems, queryAll, cancellation, failedItem, writeIf, type TransactItem } from '../../platform/data/index.js';
import { config } from '../../lib/config.js';
import { MAX_VERSIONS } from '../../../shared/constants.js';
import type { TrackStatus } from '../../../shared/schemas/tracks.js';
import { resultKey, toResult, type UploadResult } from './uploads.js';
import { isTrackLink, toTrackLink, type TrackLink } from '../../feedback/data/index.js';
import type { StoredPreview, StoredReport } from '../../../shared/schemas/technical-report.js';

export interface TrackRecord {
  id: string;
  userId: string;
  title: string;
  artist: string | null;
  /** Where the browser uploaded the file (`uploads/...`); processing removes that object. */
  uploadKey?: string;
  /** The processed audio (`audio/...`): empty until the track is ready. */
  audioKey: string;
  /** Absent on tracks registered before audio was processed off the request path: those are ready. */
  status?: TrackStatus;
  /** Why processing refused the file, in words the musician can act on. */
  failureReason?: string | null;
  contentType: string;
  sizeBytes: number;
  duration: number;
  /** base64 of PEAKS_COUNT bytes. */
  peaks: string;
  /** The technical report (absent on tracks processed before reports). */
  report?: StoredReport;
  snippet: { start: number; end: number };
  isShared: boolean;
  shareOptions: Record<string, unknown> | null;
  /** On a later version: the id of v1, the track listed, whose version this is. */
  stackId?: string;
  /** On a later version: its number (2, 3, ...); v1 has none. */
  version?: number;
  /** On v1: the ids of its later versions (absent when it has none). */
  versionIds?: string[];
  /** On v1: the last version number given, never given again (absent until v2). */
  lastVersion?: number;
  /** Set when a deletion through fences has begun on it. */
  deletingAt?: string;
  /** When its report was last asked for while it had none (it is then measured: at most once an hour). */
  reportAskedAt?: string;
  /** Its codec previews by profile (functions/tracks/codec-previews.ts), each an attribute `preview:<profile>`. */
  previews?: Record<string, StoredPreview>;
  /** When its previews were last asked for while some were missing (at most once an hour). */
  previewsAskedAt?: string;
  /** After this, a track still processing is shown as failed: every processing attempt crashed or timed out. */
  processingDeadline?: string;
  createdAt: string;
  updatedAt: string;
}

export const TRACK_ENTITY = 'track';
export const trackKey = (id: string) => ({ PK: `TRACK#${id}`, SK: 'META' });
const audioKeyKey = (key: string) => ({ PK: `AUDIOKEY#${key}`, SK: 'AUDIOKEY' });
const ownerIndex = (t: Pick<TrackRecord, 'userId' | 'createdAt' | 'id'>) => ({
  GSI3PK: `OWNER#${t.userId}`,
  GSI3SK: `TRACK#${t.createdAt}#${t.id}`,
});

/** A codec preview's attribute on its track: one per profile, so each is written on its own condition (./previews.ts). */
export const PREVIEW_ATTRIBUTE = 'preview:';

export function fromTrackItem(item: Record<string, unknown>): TrackRecord {
  const { PK: _p, SK: _s, GSI1PK: _g, GSI1SK: _gs, GSI3PK: _g3, GSI3SK: _g3s, entity: _e, shareIds: _i, versionIds, ...rest } = item;
  const track = rest as unknown as TrackRecord;
  if (versionIds) track.versionIds = [...(versionIds as Set<string>)];
  for (const key of Object.keys(rest).filter((k) => k.startsWith(PREVIEW_ATTRIBUTE))) {
    track.previews = { ...track.previews, [key.slice(PREVIEW_ATTRIBUTE.length)]: rest[key] as StoredPreview };
    delete (track as unknown as Record<string, unknown>)[key];
  }
  return track;
}

const claimKeyOf = (track: Pick<TrackRecord, 'uploadKey' | 'audioKey'>) => audioKeyKey(track.uploadKey ?? track.audioKey);

/**
 * Writes the track and claims its uploaded object: 'exists' when the object already has a track. A track
 * still processing is written only while processing has recorded no result for its upload
 * ('result_recorded' otherwise): the check and the claim are one write, so either processing, reading the
 * claim after recording its result, finds the track, or registration learns of the result (returned,
 * without another read) and applies it.
 */
export async function putNewTrack(track: TrackRecord): Promise<'created' | 'exists' | 'stack_changed' | { recorded: UploadResult }> {
  const awaitsResult = track.status === 'processing' && track.uploadKey;
  const { versionIds: _v, ...item } = track;
  const stack = track.stackId ? [stackTakesVersion(track as TrackRecord & { stackId: string; version: number })] : [];
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.tableName,
              // A later version is listed through its stack, not on its own.
              Item: { ...trackKey(track.id), ...(track.stackId ? {} : ownerIndex(track)), entity: TRACK_ENTITY, ...item },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: config.tableName,
              Item: { ...claimKeyOf(track), entity: 'audiokey', trackId: track.id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...(awaitsResult
            ? [
                {
                  ConditionCheck: {
                    TableName: config.tableName,
                    Key: resultKey(track.uploadKey!),
                    ConditionExpression: 'attribute_not_exists(PK)',
                    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                  },
                },
              ]
            : []),
          ...stack,
        ],
      }),
    );
    return 'created';
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const reasons = cancellation(err) ?? [];
    if (reasons[0] === 'ConditionalCheckFailed' || reasons[1] === 'ConditionalCheckFailed') return 'exists';
    const recorded = awaitsResult ? failedItem(err, 2) : undefined;
    if (recorded) return { recorded: toResult(recorded) };
    if (stack.length && reasons[reasons.length - 1] === 'ConditionalCheckFailed') return 'stack_changed';
    throw err;
  }
}

export { MAX_VERSIONS };

/**
 * The stack's side of a new version, written with it: v1 still exists, is the caller's, is no version
 * itself, is not being deleted, has room, and gave no number since it was read (so two uploads at once
 * cannot both be v3: the second reads the stack again).
 */
function stackTakesVersion(v: TrackRecord & { stackId: string; version: number }): TransactItem {
  const previous = v.version - 1;
  return {
    Update: {
      TableName: config.tableName,
      Key: trackKey(v.stackId),
      UpdateExpression: 'ADD versionIds :id SET lastVersion = :n, updatedAt = :u',
      ConditionExpression:
        'attribute_exists(PK) AND userId = :owner AND attribute_not_exists(stackId) AND attribute_not_exists(deletingAt) AND ' +
        `(attribute_not_exists(versionIds) OR size(versionIds) < :room) AND ${previous === 1 ? 'attribute_not_exists(lastVersion)' : 'lastVersion = :prev'}`,
      ExpressionAttributeValues: {
        ':id': new Set([v.id]),
        ':n': v.version,
        ':u': v.createdAt,
        ':owner': v.userId,
        ':room': MAX_VERSIONS - 1,
        ...(previous === 1 ? {} : { ':prev': previous }),
      },
    },
  };
}

/** Whether the track's uploaded object is some track's already (a write of this one may have failed). */
export async function uploadHasTrack(track: Pick<TrackRecord, 'uploadKey' | 'audioKey'>): Promise<boolean> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: claimKeyOf(track), ConsistentRead: true }));
  return Boolean(res.Item);
}

/** How many tracks a user keeps: counted on GSI3 (keys only), one read up to about 10,000 tracks. */
export function countTracks(userId: string): Promise<number> {
  return countAll({
    TableName: config.tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':prefix': 'TRACK#' },
  });
}

export async function getTrack(id: string, opts: { consistent?: boolean } = {}): Promise<TrackRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: trackKey(id), ConsistentRead: opts.consistent }));
  return res.Item ? fromTrackItem(res.Item) : null;
}

export async function getTracks(ids: string[]): Promise<TrackRecord[]> {
  return (await getItems(ids.map(trackKey))).map(fromTrackItem);
}

/** The partition of a user's own tracks on GSI3 (what a cursor of their list must belong to). */
export const ownerPartition = (userId: string) => ({ GSI3PK: `OWNER#${userId}` });

/**
 * A page of the owner's tracks, newest first, and the start key of the next page (none after the last).
 * One more item than the page is read, so that a list ending exactly on a page boundary does not offer a
 * next page that comes back empty; the next page starts after the page's last track. A short page with a
 * next key is DynamoDB's 1 MB stop: the next page continues from there.
 */
export async function pageTracksOf(
  userId: string,
  opts: { limit: number; start?: Record<string, unknown> },
): Promise<{ tracks: TrackRecord[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':prefix': 'TRACK#' },
      ScanIndexForward: false,
      Limit: opts.limit + 1,
      ExclusiveStartKey: opts.start,
    }),
  );
  const items = res.Items ?? [];
  const given = items.slice(0, opts.limit);
  const last = given[given.length - 1];
  const next = items.length > opts.limit ? { GSI3PK: last.GSI3PK, GSI3SK: last.GSI3SK, PK: last.PK, SK: last.SK } : res.LastEvaluatedKey;
  const ids = given.map((i) => String(i.PK).slice('TRACK#'.length));
  // A track deleted since the index was read is left out.
  const byId = new Map((await getTracks(ids)).map((t) => [t.id, t]));
  return { tracks: ids.map((id) => byId.get(id)).filter((t): t is TrackRecord => Boolean(t)), next };
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

/**
 * Renames a track and its later versions (a version carries its track's title) in one transaction, each on
 * condition that it is as read: the track still the owner's, not being deleted, and unchanged since (a new
 * version would otherwise keep the old title); each version still there. False when a condition failed.
 */
export async function renameStack(track: TrackRecord, title: string, updatedAt: string): Promise<boolean> {
  const rename = (id: string, cond: string, values: Record<string, unknown>): TransactItem => ({
    Update: {
      TableName: config.tableName,
      Key: trackKey(id),
      UpdateExpression: 'SET title = :t, updatedAt = :u',
      ConditionExpression: `attribute_exists(PK) AND ${cond}`,
      ExpressionAttributeValues: { ':t': title, ':u': updatedAt, ...values },
    },
  });
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          rename(track.id, 'userId = :owner AND updatedAt = :seen AND attribute_not_exists(deletingAt)', {
            ':owner': track.userId,
            ':seen': track.updatedAt,
          }),
          ...(track.versionIds ?? []).map((v) => rename(v, 'stackId = :stack', { ':stack': track.id })),
        ],
      }),
  );
}

/** Removes the track's records in one transaction: the track, its upload claim and its upload's processing result. */
export async function deleteTrackRecords(track: TrackRecord): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: config.tableName, Key: trackKey(track.id) } },
        { Delete: { TableName: config.tableName, Key: claimKeyOf(track) } },
        // Else registering the same upload again would make a track of audio deleted below.
        ...(track.uploadKey ? [{ Delete: { TableName: config.tableName, Key: resultKey(track.uploadKey) } }] : []),
      ],
    }),
  );
}

/** A track with its share links, as a deletion reads them; `track` null when it is gone. */
export interface TrackContents {
  id: string;
  track: TrackRecord | null;
  links: TrackLink[];
  /** What the deletion's condition compares: the track unchanged (processing, a snippet, a new share) since this read. */
  seen: { updatedAt: string; shareIds: string[] };
  /** A deletion through fences has begun on it. */
  fenced: boolean;
}

/** The track's partition (its META and its share links), read consistently in one Query. */
export async function readTrackContents(id: string): Promise<TrackContents> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': trackKey(id).PK },
    ConsistentRead: true,
  });
  const meta = items.find((i) => i.SK === 'META');
  return {
    id,
    track: meta ? fromTrackItem(meta) : null,
    links: items.filter(isTrackLink).map(toTrackLink),
    seen: { updatedAt: (meta?.updatedAt as string | undefined) ?? '', shareIds: [...((meta?.shareIds as Set<string> | undefined) ?? [])] },
    fenced: Boolean(meta?.deletingAt),
  };
}

/** The most items one transaction takes. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * The deletes of the track's own records, the track's on condition that it is as read: with its shares
 * and its later versions as read (their deletes in the same transaction; a version has none). A version
 * deleted without its track (`withStack` false) is taken off its track's list in the same write.
 */
export function trackDeletes(c: TrackContents & { track: TrackRecord }, opts: { withStack?: boolean } = {}): TransactItem[] {
  const shares = c.seen.shareIds.length
    ? { cond: 'size(shareIds) = :n', values: { ':n': c.seen.shareIds.length } }
    : { cond: 'attribute_not_exists(shareIds)', values: {} };
  const versions = c.track.versionIds?.length
    ? { cond: 'size(versionIds) = :v', values: { ':v': c.track.versionIds.length } }
    : { cond: 'attribute_not_exists(versionIds)', values: {} };
  return [
    {
      Delete: {
        TableName: config.tableName,
        Key: trackKey(c.id),
        ConditionExpression: `attribute_exists(PK) AND updatedAt = :u AND ${shares.cond} AND ${versions.cond}`,
        ExpressionAttributeValues: { ':u': c.seen.updatedAt, ...shares.values, ...versions.values },
      },
    },
    { Delete: { TableName: config.tableName, Key: claimKeyOf(c.track) } },
    // Else registering the same upload again would make a track of audio deleted with it.
    ...(c.track.uploadKey ? [{ Delete: { TableName: config.tableName, Key: resultKey(c.track.uploadKey) } }] : []),
    ...(c.track.stackId && !opts.withStack ? [leaveStack(c.track as TrackRecord & { stackId: string })] : []),
  ];
}

/** A deleted version's stack forgets it (on condition that the stack is there: an update would make it up). */
function leaveStack(v: TrackRecord & { stackId: string }): TransactItem {
  return {
    Update: {
      TableName: config.tableName,
      Key: trackKey(v.stackId),
      UpdateExpression: 'DELETE versionIds :id',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':id': new Set([v.id]) },
    },
  };
}

/** After a version's records were deleted apart from its stack (through fences): the stack forgets it. */
export async function forgetVersion(v: TrackRecord): Promise<void> {
  if (v.stackId) await writeIf(() => new TransactWriteCommand({ TransactItems: [leaveStack(v as TrackRecord & { stackId: string })] }));
}

/** Deletes in one transaction; false when a condition failed (something changed since it was read). */
export async function deleteAtOnce(items: TransactItem[]): Promise<boolean> {
  return writeIf(() => new TransactWriteCommand({ TransactItems: items }));
}

/** The track registered for an uploaded object, read consistently: processing and registration meet here. */
export async function trackIdForUpload(uploadKey: string): Promise<string | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: audioKeyKey(uploadKey), ConsistentRead: true }));
  return (res.Item?.trackId as string | undefined) ?? null;
}

export interface ProcessedAudio {
  audioKey: string;
  contentType: string;
  duration: number;
  peaks: string;
  report?: StoredReport;
  snippet: { start: number; end: number };
}

/**
 * Ends a track's processing, once: only a track that still exists, is not being deleted and is still
 * processing changes, so a deleted track never comes back and the two parties that may finish it (processing and registration)
 * cannot both. Returns the finished track, or null when nothing changed.
 */
export async function finishProcessing(id: string, outcome: { ready: ProcessedAudio } | { failed: string }): Promise<TrackRecord | null> {
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { ':processing': 'processing', ':u': now };
  let set: string;
  if ('ready' in outcome) {
    const r = outcome.ready;
    Object.assign(values, { ':ready': 'ready', ':a': r.audioKey, ':t': r.contentType, ':d': r.duration, ':p': r.peaks, ':s': r.snippet });
    set =
      '#status = :ready, audioKey = :a, contentType = :t, #duration = :d, peaks = :p, snippet = :s, failureReason = :null, updatedAt = :u';
    if (r.report) {
      values[':rep'] = r.report;
      set += ', report = :rep';
    }
    values[':null'] = null;
  } else {
    Object.assign(values, { ':failed': 'failed', ':r': outcome.failed });
    set = '#status = :failed, failureReason = :r, updatedAt = :u';
  }
  try {
    const res = await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: trackKey(id),
        UpdateExpression: `SET ${set}`,
        // A track a deletion has fenced (deletingAt) takes nothing more: its audio would be left behind.
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletingAt) AND #status = :processing',
        ExpressionAttributeNames: { '#status': 'status', ...('ready' in outcome ? { '#duration': 'duration' } : {}) },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromTrackItem(res.Attributes!);
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

/**
 * Gives a track measured before reports its report, once: only while it exists, is not being deleted,
 * still has the audio that was measured and has no report yet. False when any of that changed.
 */
export async function setTrackReport(id: string, audioKey: string, report: StoredReport): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: trackKey(id),
        UpdateExpression: 'SET report = :r',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletingAt) AND attribute_not_exists(report) AND audioKey = :a',
        ExpressionAttributeValues: { ':r': report, ':a': audioKey },
      }),
  );
}

/**
 * Notes that a ready track without a report was asked for one, at most once an hour: true when noted (the
 * caller then has it measured), false when it was asked lately, has a report, or is gone or being deleted.
 */
export async function askForReport(id: string, now: Date): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: trackKey(id),
        UpdateExpression: 'SET reportAskedAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(deletingAt) AND attribute_not_exists(report) AND ' +
          '(attribute_not_exists(reportAskedAt) OR reportAskedAt < :hourAgo)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':hourAgo': new Date(now.getTime() - 3600_000).toISOString() },
      }),
  );
}
