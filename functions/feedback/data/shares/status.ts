/** A share's status: a change of it, conditional on the status seen and on the share being open. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../../../shared/feedback.js';
import { writeIf } from '../../../platform/data/index.js';
import { OPEN, type ShareRecord, T, metaKey, withIndex } from './records.js';

export interface StatusChangeOptions {
  createdAfter?: string;
  at?: string;
  /** A decline's reason, kept with it. */
  decline?: ShareRecord['decline'];
}

/** Moves a share from one of `from` to `to`; false when it was not in one of them (or is gone or being deleted). */
export async function setStatus(
  share: ShareRecord,
  from: ShareStatus[],
  to: ShareStatus,
  opts: StatusChangeOptions = {},
): Promise<boolean> {
  return writeIf(() => new UpdateCommand(statusChange(share, from, to, opts).Update));
}

/**
 * The write that moves an open share from one of `from` to `to`, for a transaction or on its own; an
 * acceptance records when, since a paid request's time to complete counts from it. With `createdAfter`
 * (a paid request's time to accept), refused for a share created before it. `at`: the time it records (now).
 */
export function statusChange(
  share: Pick<ShareRecord, 'id' | 'sharedWithUserId' | 'createdAt'>,
  from: ShareStatus[],
  to: ShareStatus,
  opts: StatusChangeOptions = {},
) {
  const now = opts.at ?? new Date().toISOString();
  return {
    Update: {
      TableName: T(),
      Key: metaKey(share.id),
      UpdateExpression: `SET #s = :to, GSI2SK = :g, updatedAt = :u${to === 'accepted' ? ', acceptedAt = :u' : ''}${opts.decline ? ', decline = :d' : ''}`,
      ConditionExpression: `${OPEN} AND #s IN (${from.map((_, i) => `:f${i}`).join(', ')})${opts.createdAfter ? ' AND createdAt > :ca' : ''}`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':g': withIndex({ ...share, status: to }).GSI2SK,
        ':u': now,
        ...(opts.createdAfter ? { ':ca': opts.createdAfter } : {}),
        ...(opts.decline ? { ':d': opts.decline } : {}),
        ...Object.fromEntries(from.map((f, i) => [`:f${i}`, f])),
      },
    },
  };
}

/** The share is open to writes (exists, not being deleted) and not in one of `closed`. */
export function shareOpenCheck(shareId: string, closed: ShareStatus[]) {
  return {
    ConditionCheck: {
      TableName: T(),
      Key: metaKey(shareId),
      ConditionExpression: [OPEN, ...closed.map((_, i) => `#s <> :c${i}`)].join(' AND '),
      ...(closed.length
        ? {
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: Object.fromEntries(closed.map((c, i) => [`:c${i}`, c])),
          }
        : {}),
    },
  };
}
