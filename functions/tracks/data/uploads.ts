/**
 * What processing made of an uploaded object. Keys:
 * - result  PK UPLOAD#<uploadKey>  SK RESULT  (expires by TTL; written once, by the first run that finishes)
 *
 * The browser registers its upload (the track) and S3 starts processing it at about the same time, in
 * either order: each side writes its half (the track's upload claim, or this result) and then reads the
 * other's, both strongly consistent, so at least one of them sees both and finishes the track.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import type { StoredReport } from '../../../shared/schemas/technical-report.js';

/** Long enough for any registration to arrive; abandoned uploads' results go with their objects. */
const RESULT_TTL_SECONDS = 2 * 24 * 3600;

export type UploadResult =
  | {
      outcome: 'ready';
      audioKey: string;
      contentType: string;
      duration: number;
      peaks: string;
      /** Absent from results of versions before the report. */
      report?: StoredReport;
      format: string;
      sizeBytes: number;
    }
  | { outcome: 'failed'; reason: string; sizeBytes: number };

export const resultKey = (uploadKey: string) => ({ PK: `UPLOAD#${uploadKey}`, SK: 'RESULT' });

/** Records the result; false when another run recorded one first (that one stands). */
export async function putResult(uploadKey: string, result: UploadResult, now = Date.now()): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...resultKey(uploadKey), entity: 'upload-result', ...result, expiresAt: Math.floor(now / 1000) + RESULT_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function getResult(uploadKey: string): Promise<UploadResult | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: resultKey(uploadKey), ConsistentRead: true }));
  return res.Item ? toResult(res.Item) : null;
}

export function toResult(item: Record<string, unknown>): UploadResult {
  const { PK: _p, SK: _s, entity: _e, expiresAt: _x, ...result } = item;
  return result as unknown as UploadResult;
}
