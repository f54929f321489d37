/**
 * Reference tracks of a request. Key: PK REFERENCES#<shareId>, SK REF#<number> (1 to REFERENCES.perRequest:
 * the number is the place, so a request can never hold more), SK MIX for the bands of the mix they are
 * compared with (as of its audio key), and SK COUNT for the last number a reference was shown by. A place is
 * taken on condition that it is free, or held by a ticket that expired unused; processing writes its result on
 * condition that the place still holds the same upload.
 */
import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { REFERENCES } from '../../../shared/constants.js';
import type { Compared } from '../../../shared/reference-compare.js';
import type { StoredReport } from '../../../shared/schemas/technical-report.js';
import { config } from '../../lib/config.js';
import { isConditionFailure, queryAll, writeIf } from '../../platform/data/index.js';
import { shareOpenCheck } from '../../feedback/data/index.js';
import type { ShareStatus } from '../../../shared/feedback.js';

export type ReferenceStatus = 'uploading' | 'processing' | 'ready' | 'failed';

export interface ReferenceRecord {
  shareId: string;
  /** Its place (1 to REFERENCES.perRequest). */
  number: number;
  /**
   * The number its two people know it by ('reference 4'): never one a removed reference had, so a comment that
   * cites one never comes to name another file. Records made before it had none: theirs is their place.
   */
  ordinal?: number;
  id: string;
  name: string;
  /** The musician who attached it (its processing runs take their places) and the track it is compared with. */
  ownerId: string;
  trackId: string;
  uploadKey: string;
  /** When its upload ticket ends: a place still `uploading` after that is free again. */
  ticketEndsAt: string;
  status: ReferenceStatus;
  createdAt: string;
  audioKey?: string;
  contentType?: string;
  duration?: number;
  peaks?: string;
  report?: Omit<StoredReport, 'findings' | 'previews'>;
  bands?: Compared['bands'];
  failureReason?: string;
  /** What a keyed request for its ticket asked for (functions/lib/idempotency.ts): a retry must ask for the same. */
  requestHash?: string;
}

/** The mix as its references are compared with it: its report's figures and its bands, as of its audio. */
export interface MixMeasured extends Compared {
  audioKey: string;
}

const pk = (shareId: string) => `REFERENCES#${shareId}`;
const refKey = (shareId: string, number: number) => ({ PK: pk(shareId), SK: `REF#${number}` });
const mixKey = (shareId: string) => ({ PK: pk(shareId), SK: 'MIX' });
/** The last number a reference of the request was given (ReferenceRecord.ordinal). */
const countKey = (shareId: string) => ({ PK: pk(shareId), SK: 'COUNT' });

/** The number a reference is known by. */
export const shownNumber = (r: Pick<ReferenceRecord, 'number' | 'ordinal'>) => r.ordinal ?? r.number;

/**
 * A request's references, in their numbers' order, the mix as measured, and the last number given (`given`):
 * one consistent query.
 */
export async function readReferences(
  shareId: string,
): Promise<{ references: ReferenceRecord[]; mix: MixMeasured | null; given: number; counted: boolean }> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk(shareId) },
    ConsistentRead: true,
  });
  const references = items.filter((i) => String(i.SK).startsWith('REF#')).map((i) => strip(i) as unknown as ReferenceRecord);
  const mix = items.find((i) => i.SK === 'MIX');
  const count = items.find((i) => i.SK === 'COUNT');
  return {
    references: references.sort((a, b) => shownNumber(a) - shownNumber(b)),
    mix: mix ? (strip(mix) as unknown as MixMeasured) : null,
    // A request whose references came before the count (none of theirs has an ordinal) may have removed some:
    // its numbers go on from past every place.
    given: count ? Number(count.last) : references.length ? Math.max(REFERENCES.perRequest, ...references.map(shownNumber)) : 0,
    counted: Boolean(count),
  };
}

/**
 * Writes the last number given where the request has no count yet (its references came before it): once they
 * are all removed, nothing else would say how far their numbers went. Only while the request is in none of
 * `closed` (a closed one's references are gone, and an item written now would outlive them).
 */
export async function keepGiven(shareId: string, given: number, closed: ShareStatus[]): Promise<void> {
  await writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [shareOpenCheck(shareId, closed), countUpdate(shareId, 'if_not_exists(#last, :given)', { ':given': given })],
      }),
  );
}

/** The transaction item that sets the request's last number given (`last`) to `value`, on `condition` if any. */
function countUpdate(shareId: string, value: string, values: Record<string, number>, condition?: string) {
  return {
    Update: {
      TableName: config.tableName,
      Key: countKey(shareId),
      UpdateExpression: `SET #last = ${value}`,
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: values,
    },
  };
}

function strip(item: Record<string, unknown>): Record<string, unknown> {
  const { PK: _pk, SK: _sk, entity: _entity, ...rest } = item;
  return rest;
}

/**
 * Takes the record's place while its request is in none of `closed`, in one transaction: false when the place
 * is held (by a reference, or by a ticket still valid at `now`) or the request closed meanwhile (its references'
 * cleanup has run by then, and would never see this one). A record with a new number moves the request's last
 * number on from `given`, as read, on condition that it still is.
 */
export function putReference(record: ReferenceRecord, now: Date, closed: ShareStatus[], given: number): Promise<boolean> {
  const numbered = shownNumber(record) > given;
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          shareOpenCheck(record.shareId, closed),
          ...(numbered
            ? [
                countUpdate(
                  record.shareId,
                  ':last',
                  { ':last': shownNumber(record), ':given': given },
                  'attribute_not_exists(#last) OR #last = :given',
                ),
              ]
            : []),
          {
            Put: {
              TableName: config.tableName,
              Item: { ...refKey(record.shareId, record.number), entity: 'reference', ...record },
              ConditionExpression: 'attribute_not_exists(PK) OR (#status = :uploading AND ticketEndsAt < :now)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':uploading': 'uploading', ':now': now.toISOString() },
            },
          },
        ],
      }),
  );
}

/**
 * The result of processing `uploadKey`, with the mix as measured when it was (one transaction: neither is
 * written into a request whose references went meanwhile): false when the place holds another upload now, or
 * a result already.
 */
export function setReferenceResult(
  record: Pick<ReferenceRecord, 'shareId' | 'number' | 'uploadKey'>,
  result: Partial<ReferenceRecord> & { status: 'processing' | 'ready' | 'failed' },
  mix?: MixMeasured | null,
): Promise<boolean> {
  const fields = Object.entries(result).filter(([, v]) => v !== undefined);
  const update = {
    TableName: config.tableName,
    Key: refKey(record.shareId, record.number),
    UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'uploadKey = :upload AND #status IN (:uploading, :processing)',
    ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
    ExpressionAttributeValues: {
      ':upload': record.uploadKey,
      ':uploading': 'uploading',
      ':processing': 'processing',
      ...Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])),
    },
  };
  if (!mix) return writeIf(() => new UpdateCommand(update));
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          { Update: update },
          { Put: { TableName: config.tableName, Item: { ...mixKey(record.shareId), entity: 'referenceMix', ...mix } } },
        ],
      }),
  );
}

/** Removes the reference `id` at its place, as it then stood (its audio to delete); null when the place holds another (or none). */
export async function deleteReference(shareId: string, number: number, id: string): Promise<ReferenceRecord | null> {
  try {
    const res = await dynamo().send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: refKey(shareId, number),
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': id },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return res.Attributes ? (strip(res.Attributes) as unknown as ReferenceRecord) : null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Every item of a request's references (the request closed), each as it stood when deleted: a result written
 * between a read and the deletion still has its audio named.
 */
export async function deleteAllReferences(shareId: string): Promise<ReferenceRecord[]> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk(shareId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  const gone = await Promise.all(
    items.map(async ({ PK, SK }) => {
      const res = await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: { PK, SK }, ReturnValues: 'ALL_OLD' }));
      return res.Attributes && String(SK).startsWith('REF#') ? [strip(res.Attributes) as unknown as ReferenceRecord] : [];
    }),
  );
  return gone.flat();
}
