/**
 * The admins' audit: one entry when an admin starts acting as a user and one for every write made so; one
 * for every change of a user's type or price (what it was and what it became), and one for every set-up,
 * replacement or removal of an admin's authenticator. Keys: PK AUDIT, SK <at>#<id> (newest first by
 * reading backwards). The volume is that of admins' work, far below one partition's limits.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';

export interface AuditEntry {
  id: string;
  at: string;
  adminId: string;
  adminEmail: string;
  targetId: string;
  targetEmail: string;
  action: string;
  method: string;
  path: string;
  status: number | null;
  /** For a change of one value (a type, a price, an authenticator's set-up time): what it was and what it became. */
  from?: string | null;
  to?: string | null;
}

type NewEntry = Omit<AuditEntry, 'id' | 'at'>;

const PK = 'AUDIT';
/** The partition the audit's pages are read from (for their cursors). */
export const AUDIT_PARTITION = { PK } as const;

/** An entry's write, for a transaction with the change it records (no change without its entry). */
export function auditPut(entry: NewEntry): { Put: NonNullable<ConstructorParameters<typeof PutCommand>[0]> } {
  const full: AuditEntry = { id: randomUUID(), at: new Date().toISOString(), ...entry };
  return {
    Put: {
      TableName: config.tableName,
      Item: { PK, SK: `${full.at}#${full.id}`, entity: 'audit', ...full },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The entry of an admin's change to one value of a user (made by a PUT to `path`): what it was and what it became. */
export const auditChange = (
  admin: { id: string; email: string },
  target: { id: string; email: string },
  change: { action: string; path: string; from: string; to: string },
) =>
  auditPut({
    adminId: admin.id,
    adminEmail: admin.email,
    targetId: target.id,
    targetEmail: target.email,
    method: 'PUT',
    status: 200,
    ...change,
  });

export async function recordAudit(entry: NewEntry): Promise<AuditEntry> {
  const { Put } = auditPut(entry);
  await dynamo().send(new PutCommand(Put));
  const { PK: _p, SK: _s, entity: _e, ...full } = Put.Item as Record<string, unknown>;
  return full as unknown as AuditEntry;
}

/** The answer's status, once the request has run. */
export async function settleAudit(entry: AuditEntry, status: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { PK, SK: `${entry.at}#${entry.id}` },
      UpdateExpression: 'SET #st = :s',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#st': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );
}

export async function pageAudit(opts: {
  limit: number;
  start?: Record<string, unknown>;
}): Promise<{ entries: AuditEntry[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: opts.start,
    }),
  );
  return {
    entries: (res.Items ?? []).map(({ PK: _p, SK: _s, entity: _e, ...rest }) => rest as AuditEntry),
    next: res.LastEvaluatedKey,
  };
}
