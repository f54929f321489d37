/**
 * The daily reconciliation of the ledger with PayPal's records. Keys:
 * - a day's run   PK RECONCILIATION#<yyyy-mm-dd>  SK RUN     (claimed before it runs, for a while; done with its result)
 * - the latest    PK RECONCILIATION               SK LATEST  (what the admins' money page shows)
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { writeIf } from '../../platform/data/index.js';

/** A movement of money one side has and the other has not, or has for another amount. */
export interface Difference {
  kind: 'missing_at_paypal' | 'missing_in_ledger' | 'amount_differs';
  /** PayPal's transaction id (a capture, refund or payout item), or ours where PayPal has none. */
  id: string;
  /** What it is: a capture, a refund, a reversal, a payout, or PayPal's event code. */
  what: string;
  ledgerCents: number | null;
  paypalCents: number | null;
  at: string;
}

export interface Reconciliation {
  ranAt: string;
  from: string;
  to: string;
  /** How many movements of each side were compared. */
  compared: number;
  differences: Difference[];
}

const runKey = (day: string) => ({ PK: `RECONCILIATION#${day}`, SK: 'RUN' });

/**
 * Claims `day`'s run until `staleBefore` passes: true the first time, and again once a claim made before
 * `staleBefore` never finished (its run failed or stopped), so that a failed day is run again the same day.
 */
export const claimReconciliation = (day: string, at: string, staleBefore: string) =>
  writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: runKey(day),
        UpdateExpression: 'SET entity = :e, claimedAt = :at ADD attempts :one',
        ConditionExpression: 'attribute_not_exists(PK) OR (attribute_not_exists(finishedAt) AND claimedAt < :stale)',
        ExpressionAttributeValues: { ':e': 'reconciliation-run', ':at': at, ':one': 1, ':stale': staleBefore },
      }),
  );

/** The day's run done: its result on the day's claim and as the latest, together. */
export async function finishReconciliation(day: string, r: Reconciliation): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName,
            Key: runKey(day),
            UpdateExpression: 'SET finishedAt = :at, compared = :c, differences = :d',
            ExpressionAttributeValues: { ':at': r.ranAt, ':c': r.compared, ':d': r.differences.length },
          },
        },
        { Put: { TableName: config.tableName, Item: { PK: 'RECONCILIATION', SK: 'LATEST', entity: 'reconciliation', ...r } } },
      ],
    }),
  );
}

/** A day's run as claimed: when, how many tries, and once done, when and how many differences it found. */
export interface ReconciliationRun {
  claimedAt: string;
  attempts: number;
  finishedAt?: string;
  compared?: number;
  differences?: number;
}

export async function reconciliationRun(day: string): Promise<ReconciliationRun | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: runKey(day), ConsistentRead: true }));
  if (!res.Item) return null;
  const { PK: _p, SK: _s, entity: _e, ...run } = res.Item;
  return run as ReconciliationRun;
}

export async function putReconciliation(r: Reconciliation): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: config.tableName, Item: { PK: 'RECONCILIATION', SK: 'LATEST', entity: 'reconciliation', ...r } }),
  );
}

export async function latestReconciliation(): Promise<Reconciliation | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: { PK: 'RECONCILIATION', SK: 'LATEST' } }));
  if (!res.Item) return null;
  const { PK: _p, SK: _s, entity: _e, ...r } = res.Item;
  return r as Reconciliation;
}
