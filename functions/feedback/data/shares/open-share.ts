/** The write of any item on a share, in one transaction with the check that the share is open for it. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../../../shared/feedback.js';
import { cancellation, send, type TransactItem } from '../../../platform/data/index.js';
import { shareOpenCheck } from './status.js';

/**
 * Writes `items` in one transaction with a check that the share is open and not in one of `closed`
 * (item 0). Null when written; the error when a condition refused it (its reasons, by item); any other
 * error is thrown.
 */
export async function inOpenShare(shareId: string, closed: ShareStatus[], items: TransactItem[]): Promise<unknown> {
  try {
    await send(() => new TransactWriteCommand({ TransactItems: [shareOpenCheck(shareId, closed), ...items] }));
    return null;
  } catch (err) {
    if (!cancellation(err)?.includes('ConditionalCheckFailed')) throw err;
    return err;
  }
}
