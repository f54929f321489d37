/**
 * The daily reconciliation of the ledger with PayPal's records. Keys:
 * - a day's run   PK RECONCILIATION#<yyyy-mm-dd>  SK RUN     (claimed before it runs: once a day)
 * - the latest    PK RECONCILIATION               SK LATEST  (what the admins' money page shows)
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';
import { config } from '../lib/config.js';
import { writeIf } from './transactions.js';

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

/** Claims `day`'s run: true only the first time. */
export const claimReconciliation = (day: string, at: string) =>
  writeIf(
    () =>
      new PutCommand({
        TableName: config.tableName,
        Item: { PK: `RECONCILIATION#${day}`, SK: 'RUN', entity: 'reconciliation-run', claimedAt: at },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
  );

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
