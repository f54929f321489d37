import { REFUND_REASON_LABELS, type ReceiptView } from '@shared/schemas/payments';
import { paths } from '@/lib/paths';

/** Where a payment stands, as the list and the receipt say it. */
export function receiptStatusText(r: Pick<ReceiptView, 'status' | 'refundReason'>): string {
  const why = r.refundReason ? (REFUND_REASON_LABELS[r.refundReason] ?? r.refundReason) : null;
  switch (r.status) {
    case 'paid':
      return 'Paid';
    case 'disputed':
      return 'Disputed with PayPal';
    case 'refunding':
      return why ? `Refund on its way: ${why}` : 'Refund on its way';
    case 'refunded':
      return why ? `Refunded: ${why}` : 'Refunded';
  }
}

export const receiptPath = (orderId: string) => paths.receipt.replace(':orderId', encodeURIComponent(orderId));
