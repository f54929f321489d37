/**
 * What every entity module needs to write conditionally: reading why a transaction was cancelled, and
 * retrying writes that DynamoDB refused only because another transaction held the same items.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  DeleteCommand,
  DeleteCommandOutput,
  TransactWriteCommand,
  TransactWriteCommandInput,
  UpdateCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { Conflict } from '../../lib/errors.js';

/** One item of a transaction. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Per item of a cancelled transaction, why (`ConditionalCheckFailed`, `TransactionConflict`, `None`); null for other errors. */
export function cancellation(err: unknown): string[] | null {
  if (!(err instanceof TransactionCanceledException) && (err as Error)?.name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * The item as it stood when item `index` of a cancelled transaction failed its condition, for an item
 * written with `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'` (null when it did not exist or did not fail):
 * the caller learns what won without reading it again.
 */
export function failedItem(err: unknown, index: number): Record<string, unknown> | null {
  if (!(err instanceof TransactionCanceledException) && (err as Error)?.name !== 'TransactionCanceledException') return null;
  const reason = (err as TransactionCanceledException).CancellationReasons?.[index];
  return reason?.Code === 'ConditionalCheckFailed' && reason.Item ? unmarshall(reason.Item as never) : null;
}

export const isConditionFailure = (err: unknown) =>
  cancellation(err)?.includes('ConditionalCheckFailed') ?? (err as Error).name === 'ConditionalCheckFailedException';

/** Cancelled only because another transaction was writing the same items: worth trying again. */
const isConflict = (err: unknown) => {
  const reasons = cancellation(err);
  return reasons
    ? reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed')
    : (err as Error).name === 'TransactionConflictException';
};

/**
 * Runs a write, again while DynamoDB refuses it for a transaction in flight on the same items (the SDK
 * does not retry those). Still refused after a few tries, the caller is asked to try again: a 409, not a 500.
 */
export async function retryConflicts<R>(write: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isConflict(err)) throw err;
      if (attempt === 6) throw new Conflict('Someone else is changing this right now. Please try again.', 'busy');
      await new Promise((r) => setTimeout(r, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** `dynamo().send`, retried on transaction conflicts. */
export function send(command: () => DeleteCommand): Promise<DeleteCommandOutput>;
export function send(command: () => UpdateCommand | TransactWriteCommand | PutCommand): Promise<unknown>;
export function send(command: () => DeleteCommand | UpdateCommand | TransactWriteCommand | PutCommand): Promise<unknown> {
  return retryConflicts(() => dynamo().send(command() as TransactWriteCommand));
}

/**
 * A conditional write: true when it was made, false when its condition refused it (another write got there
 * first, or the item is not as the caller read it); any other error is thrown. Retried on conflicts as `send` is.
 */
export async function writeIf(command: () => UpdateCommand | TransactWriteCommand | PutCommand | DeleteCommand): Promise<boolean> {
  try {
    await send(command as () => UpdateCommand);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
