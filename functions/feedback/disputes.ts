/**
 * Disputes: within DISPUTE_WINDOW_DAYS of a paid review's delivery its musician may report it ('Did not
 * listen', 'Generic or copy-paste', 'Abusive'); admins work through the open reports, each shown with the
 * review, what the reviewer heard and both parties, and refund it in full (the payment's `dispute_upheld`
 * move: the earning and the fee reversed, the money back through PayPal) or reject it with a reason. Both
 * parties are e-mailed either way; the decision is audited.
 */
import { pick } from '../lib/pick.js';
import { receiptOf } from './receipts.js';
import { DISPUTE_WINDOW_DAYS, disputeReasonLabel, type DisputeReason } from '../../shared/review.js';
import type { DisputeView } from '../../shared/schemas/shares.js';
import type { DisputeQueue } from '../../shared/schemas/disputes.js';
import { auditPut, getUser, type UserRecord } from '../people/data/index.js';
import { getPayment } from '../money/data/index.js';
import * as shares from './data/shares.js';
import type { DisputeRecord, ShareBundle } from './data/shares.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { log } from '../lib/observability.js';
import { formatCents } from '../../shared/money.js';
import { sendClaimedMail } from '../platform/index.js';
import { DAY_MS } from './data/paid-deadlines.js';
import { payments } from '../providers/payments.js';
import { refundRequestId, upholdDispute } from '../money/index.js';
import { toListeningView } from './review-work.js';
import { bundleFor } from './share-bundle.js';
import { orderComments, toCommentView, toDisputeView, toShareView } from './share-views.js';

/** The musician reports the paid review they received. */
export async function reportReview(userId: string, input: { id: string; reason: DisputeReason; text: string }): Promise<DisputeView> {
  const { share, feedback, dispute } = await bundleFor(userId, input.id);
  if (share.sharedByUserId !== userId) throw new Forbidden('Only the musician who asked reports a review');
  if (!share.payment) throw new Conflict('Only a paid review can be reported', 'not_paid');
  if (share.status !== 'completed' || !feedback) throw new Conflict('A review can be reported once it is delivered', 'not_completed');
  if (dispute) throw new Conflict('You have reported this review already', 'already_reported');
  const now = Date.now();
  const deliveredAfter = new Date(now - DISPUTE_WINDOW_DAYS * DAY_MS).toISOString();
  if (feedback.createdAt <= deliveredAfter) throw windowClosed();
  const record: DisputeRecord = {
    shareId: share.id,
    orderId: share.payment.orderId,
    reason: input.reason,
    text: input.text || null,
    status: 'open',
    openedAt: new Date(now).toISOString(),
    resolvedAt: null,
    resolution: null,
    resolvedBy: null,
  };
  const result = await shares.putDispute(record, deliveredAfter, { musicianId: userId, proId: share.sharedWithUserId });
  if (result === 'exists') throw new Conflict('You have reported this review already', 'already_reported');
  if (result === 'late') throw windowClosed();
  if (result === 'closed') throw new Conflict('This request is being deleted with its track', 'deleting');
  return toDisputeView(record);
}

const windowClosed = () =>
  new Conflict(`A review can be reported within ${DISPUTE_WINDOW_DAYS} days of its delivery`, 'dispute_window_closed');

const QUEUE_PAGE = 10;

/** The open reports, oldest first, each with what the admin needs to judge it. */
export const listDisputes = (cursor?: string) => disputesIn(shares.OPEN_DISPUTES, cursor);

/** The decided reports, last decided first, each as it was judged. */
export const listDecidedDisputes = (cursor?: string) => disputesIn(shares.DECIDED_DISPUTES, cursor);

async function disputesIn(list: typeof shares.OPEN_DISPUTES | typeof shares.DECIDED_DISPUTES, cursor?: string): Promise<DisputeQueue> {
  const start = decodeCursor(cursor, { GSI1PK: list });
  const page = await shares.pageDisputes(list, QUEUE_PAGE, start);
  const bundles = await Promise.all(page.shareIds.map((id) => shares.getShareBundle(id)));
  // The index follows its table: a report decided since the page was read is in the other list.
  const inList = (d: DisputeRecord | null) => (list === shares.OPEN_DISPUTES ? d?.status === 'open' : d != null && d.status !== 'open');
  const found = bundles.filter((b): b is ShareBundle & { dispute: DisputeRecord } => inList(b?.dispute ?? null));
  const disputes = await Promise.all(
    found.map(async (b) => ({
      dispute: toDisputeView(b.dispute),
      share: toShareView(b.share),
      feedback: b.feedback ? pick(b.feedback, ['criteria', 'notApplicable', 'comment', 'userId', 'createdAt']) : null,
      comments: orderComments(b.comments).map((c) => toCommentView(b.share, c)),
      listening: toListeningView(b.share, b.listening),
      receipt: await receiptOf(b),
    })),
  );
  return { disputes, next: encodeCursor(page.next) };
}

/** An admin's decision: the review refunded in full, or the report rejected with a reason. */
export async function resolveDispute(
  admin: UserRecord,
  input: { id: string; decision: 'refund' | 'reject'; reason: string },
): Promise<DisputeView> {
  const bundle = await shares.getShareBundle(input.id);
  if (!bundle?.dispute) throw new NotFound('Report not found');
  const { share, dispute } = bundle;
  if (dispute.status !== 'open') {
    // This very decision again (its answer was lost, or a double click): the report as it was decided.
    const same = dispute.status === (input.decision === 'refund' ? 'refunded' : 'rejected') && dispute.resolvedBy === admin.id;
    if (same && (dispute.resolution ?? '') === input.reason) return toDisputeView(dispute);
    throw new Conflict(`This report was ${dispute.status} already`, 'already_resolved');
  }
  // The parties, for the e-mails and the audit, read beside the decision's write.
  const parties = Promise.all([getUser(share.sharedByUserId), getUser(share.sharedWithUserId)]).catch(
    (err: unknown) => (log.error('Dispute parties not read', err, { shareId: share.id }), [null, null] as const),
  );
  const at = new Date().toISOString();
  const to = input.decision === 'refund' ? ('refunded' as const) : ('rejected' as const);
  const decided = shares.disputeDecision(share.id, to, admin.id, input.reason || null, at);
  const audit = auditPut({
    adminId: admin.id,
    adminEmail: admin.email,
    targetId: share.sharedWithUserId,
    // The pro by username: their record (and address) is read beside the write, not before it.
    targetEmail: `@${share.sharedWithUsername}`,
    action: 'resolveDispute',
    method: 'PUT',
    path: `/disputes/${share.id}`,
    status: 200,
    from: `open: ${disputeReasonLabel(dispute.reason)}`,
    to: input.reason ? `${to}: ${input.reason}` : to,
  });
  if (input.decision === 'refund') {
    // The payment is read beside the move for its capture id, which is fixed once the review exists.
    const [moved, found] = await Promise.all([
      upholdDispute(dispute.orderId, { requestChange: decided, requestMarks: [shares.refundMark(share.id, at)], audit }),
      getPayment(dispute.orderId),
    ]);
    if (moved.kind === 'request_moved') throw new Conflict('This report was decided meanwhile', 'already_resolved');
    if (moved.kind !== 'moved') throw new Conflict('This payment can no longer be refunded from here', 'not_refundable');
    // As for a decline: the refund is sent now, and recorded (ledger, balance, the musician's e-mail) by
    // whichever comes first of PayPal's webhook and the scheduled check, due at once.
    const captureId = found?.record.captureId;
    if (captureId) {
      await payments()
        .refundCapture(captureId, refundRequestId(dispute.orderId))
        .catch((err) => log.error('Refund not sent yet; the scheduled check will send it', err, { orderId: dispute.orderId }));
    }
  } else if (!(await shares.writeDisputeDecision(decided, audit))) {
    throw new Conflict('This report was decided meanwhile', 'already_resolved');
  }
  const done: DisputeRecord = { ...dispute, status: to, resolvedAt: at, resolution: input.reason || null, resolvedBy: admin.id };
  await tellParties(bundle, done, await parties);
  return toDisputeView(done);
}

/** Both parties hear the decision (the musician's refund e-mail comes with the refund itself). */
async function tellParties(
  b: ShareBundle,
  d: DisputeRecord,
  [musician, pro]: readonly [UserRecord | null, UserRecord | null],
): Promise<void> {
  const { share } = b;
  const amount = formatCents(share.payment?.amountCents ?? 0);
  const refunded = d.status === 'refunded';
  const mails: [UserRecord | null, string, string[]][] = [
    [
      pro,
      refunded ? `Refunded after a report: ${share.trackTitle}` : `Report rejected: ${share.trackTitle}`,
      [
        `Hi ${share.sharedWithName},`,
        refunded
          ? `${share.sharedByName} reported your review of "${share.trackTitle}" (${disputeReasonLabel(d.reason)}). We refunded the ${amount} they paid, and the earning is taken back from your balance.`
          : `${share.sharedByName} reported your review of "${share.trackTitle}" (${disputeReasonLabel(d.reason)}). We looked at it and kept your review as delivered: ${d.resolution}`,
      ],
    ],
  ];
  if (!refunded) {
    mails.push([
      musician,
      `Your report: ${share.trackTitle}`,
      [
        `Hi ${share.sharedByName},`,
        `We looked at your report of ${share.sharedWithName}'s review of "${share.trackTitle}" and kept it as delivered: ${d.resolution}`,
      ],
    ]);
  }
  await Promise.all(mails.map(([to, subject, lines]) => sendClaimedMail(to, 'account', subject, lines).catch(() => false)));
}
