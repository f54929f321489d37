/**
 * Probes of the stores the service cannot work without: each one makes the smallest call that proves the
 * store answers and lets this function in. Key: PK HEALTH SK HEALTH (never written: reading nothing is an answer).
 */
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { s3 } from '../../lib/aws/s3.js';
import { config } from '../../lib/config.js';

/** One item read by key: the table exists, answers and may be read. */
export async function probeTable(signal: AbortSignal): Promise<void> {
  await dynamo().send(new GetCommand({ TableName: config.tableName, Key: { PK: 'HEALTH', SK: 'HEALTH' } }), { abortSignal: signal });
}

/** The bucket exists and this function may list it (HeadBucket). */
export async function probeBucket(bucket: string, signal: AbortSignal): Promise<void> {
  await s3().send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });
}
