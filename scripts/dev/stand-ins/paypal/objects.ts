/** Orders, captures, refunds, payouts, disputes and their links rendered in PayPal's shapes (Orders v2, Payments v2, Payouts v1, Disputes v1). */
import type {
  Link,
  Payer,
  PayoutItemStatus,
  StoredCapture,
  StoredDispute,
  StoredOrder,
  StoredPayoutBatch,
  StoredPayoutItem,
  StoredRefund,
} from './records.js';
import { BUYER, MERCHANT_EMAIL, usd, type StandinContext } from './store.js';

export const orderHref = (standin: StandinContext, id: string) => `${standin.url}/v2/checkout/orders/${id}`;
const captureHref = (standin: StandinContext, id: string) => `${standin.url}/v2/payments/captures/${id}`;
const refundHref = (standin: StandinContext, id: string) => `${standin.url}/v2/payments/refunds/${id}`;
export const approveHref = (standin: StandinContext, id: string) => `${standin.url}/checkoutnow?token=${id}`;

export function payer(standin: StandinContext): Payer {
  return {
    name: { given_name: BUYER.givenName, surname: BUYER.surname },
    email_address: BUYER.email,
    payer_id: standin.payerId,
    address: { country_code: 'US' },
  };
}

export function orderLinks(standin: StandinContext, o: StoredOrder): Link[] {
  const self = { href: orderHref(standin, o.id), rel: 'self', method: 'GET' };
  const update = { href: orderHref(standin, o.id), rel: 'update', method: 'PATCH' };
  const capture = { href: `${orderHref(standin, o.id)}/capture`, rel: 'capture', method: 'POST' };
  switch (o.status) {
    case 'CREATED':
      return [self, { href: approveHref(standin, o.id), rel: 'approve', method: 'GET' }, update, capture];
    case 'PAYER_ACTION_REQUIRED':
      return [self, { href: approveHref(standin, o.id), rel: 'payer-action', method: 'GET' }];
    case 'APPROVED':
      return [self, update, capture];
    case 'COMPLETED':
      return [self];
  }
}

export function paymentSource(o: StoredOrder) {
  if (o.payer) {
    const p = o.payer;
    return {
      paypal: { email_address: p.email_address, account_id: p.payer_id, account_status: 'VERIFIED', name: p.name, address: p.address },
    };
  }
  return o.paymentSource ? { paypal: {} } : undefined;
}

export function captureJson(standin: StandinContext, c: StoredCapture, withSupplementary: boolean) {
  return {
    id: c.id,
    status: c.status,
    amount: usd(c.cents),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: { gross_amount: usd(c.cents), paypal_fee: usd(c.feeCents), net_amount: usd(c.cents - c.feeCents) },
    ...(c.invoiceId !== undefined && { invoice_id: c.invoiceId }),
    ...(c.customId !== undefined && { custom_id: c.customId }),
    ...(withSupplementary && { supplementary_data: { related_ids: { order_id: c.orderId } } }),
    links: [
      { href: captureHref(standin, c.id), rel: 'self', method: 'GET' },
      { href: `${captureHref(standin, c.id)}/refund`, rel: 'refund', method: 'POST' },
      { href: orderHref(standin, c.orderId), rel: 'up', method: 'GET' },
    ],
    create_time: c.createTime,
    update_time: c.updateTime,
  };
}

export function refundJson(standin: StandinContext, r: StoredRefund) {
  const capture = standin.state.captures[r.captureId];
  return {
    id: r.id,
    amount: usd(r.cents),
    seller_payable_breakdown: {
      gross_amount: usd(r.cents),
      paypal_fee: usd(r.feeCents),
      net_amount: usd(r.cents - r.feeCents),
      total_refunded_amount: usd(r.totalRefundedCents),
    },
    ...(r.invoiceId !== undefined && { invoice_id: r.invoiceId }),
    ...(capture?.customId !== undefined && { custom_id: capture.customId }),
    ...(r.noteToPayer !== undefined && { note_to_payer: r.noteToPayer }),
    status: 'COMPLETED',
    create_time: r.createTime,
    update_time: r.updateTime,
    links: [
      { href: refundHref(standin, r.id), rel: 'self', method: 'GET' },
      { href: captureHref(standin, r.captureId), rel: 'up', method: 'GET' },
    ],
  };
}

function unitJson(standin: StandinContext, o: StoredOrder) {
  const capture = o.captureId ? standin.state.captures[o.captureId] : undefined;
  return {
    ...o.unit,
    payee: { email_address: MERCHANT_EMAIL, merchant_id: standin.merchantId },
    ...(capture && {
      payments: {
        captures: [captureJson(standin, capture, false)],
        ...(capture.refundIds.length > 0 && { refunds: capture.refundIds.map((id) => refundJson(standin, standin.state.refunds[id])) }),
      },
    }),
  };
}

export function orderJson(standin: StandinContext, o: StoredOrder) {
  const source = paymentSource(o);
  return {
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    ...(source && { payment_source: source }),
    purchase_units: [unitJson(standin, o)],
    ...(o.payer && { payer: o.payer }),
    create_time: o.createTime,
    update_time: o.updateTime,
    links: orderLinks(standin, o),
  };
}

const payoutHref = (standin: StandinContext, id: string) => `${standin.url}/v1/payments/payouts/${id}`;
const payoutItemHref = (standin: StandinContext, id: string) => `${standin.url}/v1/payments/payouts-item/${id}`;
export const payoutLink = (standin: StandinContext, id: string): Link => ({ href: payoutHref(standin, id), rel: 'self', method: 'GET' });
/** Payouts' amounts name their currency `currency`, where v2's name it `currency_code`. */
const payoutAmount = (cents: number) => ({ currency: 'USD', value: usd(cents).value });

/** Why an item has not reached its receiver, as PayPal says it on the item. */
const ITEM_ERRORS: Partial<Record<PayoutItemStatus, { name: string; message: string }>> = {
  FAILED: { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'Receiver account is locked or inactive' },
  UNCLAIMED: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
};

/** A payout item as GET payouts-item shows it, and as its webhooks carry it. */
export function payoutItemJson(standin: StandinContext, i: StoredPayoutItem) {
  const error = ITEM_ERRORS[i.status];
  return {
    payout_item_id: i.id,
    transaction_id: i.transactionId,
    transaction_status: i.status,
    payout_item_fee: payoutAmount(i.feeCents),
    payout_batch_id: i.batchId,
    sender_batch_id: standin.state.payouts.batches[i.batchId].header.sender_batch_id,
    payout_item: {
      recipient_type: 'EMAIL',
      amount: payoutAmount(i.cents),
      ...(i.note !== undefined && { note: i.note }),
      receiver: i.receiver,
      ...(i.senderItemId !== undefined && { sender_item_id: i.senderItemId }),
      recipient_wallet: 'PAYPAL',
    },
    ...(i.processTime !== undefined && { time_processed: i.processTime }),
    ...(error && {
      errors: { ...error, information_link: `https://developer.paypal.com/docs/api/payments.payouts-batch/v1/#errors-${error.name}` },
    }),
    links: [
      { href: payoutItemHref(standin, i.id), rel: 'self', method: 'GET' },
      { href: payoutHref(standin, i.batchId), rel: 'batch', method: 'GET' },
    ],
  };
}

/** A payout as GET payouts shows it: the header with its totals, and every item. */
export function payoutBatchJson(standin: StandinContext, b: StoredPayoutBatch) {
  const items = b.itemIds.map((id) => standin.state.payouts.items[id]);
  const total = (cents: (i: StoredPayoutItem) => number) => payoutAmount(items.reduce((sum, i) => sum + cents(i), 0));
  return {
    batch_header: {
      payout_batch_id: b.id,
      batch_status: b.status,
      time_created: b.createTime,
      ...(b.completeTime !== undefined && { time_completed: b.completeTime }),
      sender_batch_header: b.header,
      amount: total((i) => i.cents),
      fees: total((i) => i.feeCents),
    },
    items: items.map((i) => payoutItemJson(standin, i)),
    links: [payoutLink(standin, b.id)],
  };
}

/** A dispute as GET disputes shows it, and as its webhooks carry it. */
export function disputeJson(standin: StandinContext, d: StoredDispute) {
  const capture = standin.state.captures[d.captureId];
  return {
    dispute_id: d.id,
    create_time: d.createTime,
    update_time: d.updateTime,
    disputed_transactions: [
      {
        seller_transaction_id: capture.id,
        create_time: capture.createTime,
        transaction_status: 'COMPLETED',
        gross_amount: usd(capture.cents),
        ...(capture.invoiceId !== undefined && { invoice_number: capture.invoiceId }),
        ...(capture.customId !== undefined && { custom: capture.customId }),
        buyer: { name: `${BUYER.givenName} ${BUYER.surname}` },
        seller: { email: MERCHANT_EMAIL, merchant_id: standin.merchantId },
      },
    ],
    reason: d.reason,
    status: d.status,
    dispute_amount: usd(d.cents),
    ...(d.outcome && {
      dispute_outcome: { outcome_code: d.outcome, ...(d.refundedCents !== undefined && { amount_refunded: usd(d.refundedCents) }) },
    }),
    dispute_life_cycle_stage: 'INQUIRY',
    dispute_channel: 'INTERNAL',
    links: [{ href: `${standin.url}/v1/customer/disputes/${d.id}`, rel: 'self', method: 'GET' }],
  };
}
