/**
 * A musician's receipts: every payment for feedback that took their money, with what it bought, from whom,
 * and where it stands; one at a time for its printable receipt. Only the payer sees them.
 */
import type { ReceiptView } from '../../shared/schemas/payments.js';
import * as data from './data/payments.js';
import type { PaymentRecord } from './data/payments.js';
import type { UserRecord } from '../people/data/index.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFound } from '../lib/errors.js';

const PAGE_SIZE = 20;

function statusOf(p: PaymentRecord): ReceiptView['status'] {
  if (p.status === 'refunded') return 'refunded';
  if (p.status === 'refunding') return 'refunding';
  return p.disputeId ? 'disputed' : 'paid';
}

export function toReceipt(p: PaymentRecord): ReceiptView {
  const refund = p.status === 'refunded' || p.status === 'refunding';
  return {
    orderId: p.orderId,
    invoiceId: p.invoiceId,
    transactionId: p.captureId!,
    paidAt: p.capturedAt ?? p.createdAt,
    payerName: p.payerName,
    proName: p.proName,
    trackTitle: p.trackTitle,
    amountCents: p.capturedCents ?? p.amountCents,
    status: statusOf(p),
    refundReason: refund ? (p.refundReason ?? 'reversed') : null,
    refundedAt: p.refundedAt ?? null,
  };
}

export async function listReceipts(user: UserRecord, cursor?: string) {
  const page = await data.pagePayerPayments(user.id, PAGE_SIZE, decodeCursor(cursor, data.payerPartition(user.id)));
  return { payments: page.payments.map(toReceipt), next: encodeCursor(page.next) };
}

export async function receiptOf(user: UserRecord, orderId: string): Promise<ReceiptView> {
  const found = await data.getPayment(orderId);
  // Someone else's payment, or one that never took money, has no receipt for this caller.
  if (!found || found.record.payerId !== user.id || !found.record.captureId) throw new NotFound('Payment not found');
  return toReceipt(found.record);
}
