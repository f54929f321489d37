/** The admins' queue of reported reviews, and their decision on one. */
import * as z from 'zod/mini';
import { cursorField, textField } from './common.js';
import { receiptView } from './receipt.js';
import { commentView, disputeView, feedbackView, listeningView, shareView } from './shares.js';

/** A reported review as the admin judges it: the request, the review, its comments and what was heard. */
export const disputeCase = z.object({
  dispute: disputeView,
  share: shareView,
  feedback: z.nullable(feedbackView),
  comments: z.array(commentView),
  listening: listeningView,
  /** The review's signed receipt, beside the reason (a 'did not listen' report is judged against it). */
  receipt: z.optional(z.nullable(receiptView)),
});
export const disputeQueue = z.object({ disputes: z.array(disputeCase), next: z.nullable(z.string()) });
export type DisputeQueue = z.infer<typeof disputeQueue>;
export const listDisputesInput = z.strictObject({ cursor: cursorField });

export const resolveDisputeInput = z
  .strictObject({
    id: z.string().check(z.uuid('Invalid id')),
    decision: z.enum(['refund', 'reject'], { error: 'Refund or reject' }),
    reason: z._default(textField({ multiline: true }).check(z.maxLength(1000, 'The reason is too long')), ''),
  })
  .check(z.refine((v) => v.decision === 'refund' || v.reason.length > 0, { message: 'Say why the report is rejected', path: ['reason'] }));
