/**
 * The Payouts v1 API: send a payout (items paid to e-mail addresses; a sender_batch_id pays once), show it,
 * show one item, cancel an unclaimed one; and the moves of an item to its outcome, each with the webhook
 * PayPal sends for it.
 */
import { notFound, payoutsError, payoutsInvalid, unprocessable } from '../errors.js';
import { isObject } from '../input.js';
import { payoutBatchJson, payoutItemJson, payoutLink } from '../objects.js';
import type { Json, PayoutItemStatus, SenderBatchHeader, StoredPayoutBatch, StoredPayoutItem } from '../records.js';
import { idempotent, type Handler } from '../requests.js';
import { now, paypalId, type StandinContext } from '../store.js';

export type PayoutOutcome = Exclude<PayoutItemStatus, 'PENDING'>;

const MAX_ITEMS = 15_000;
/** The most one item may pay: PayPal's limit for a payout from the US. */
const MAX_ITEM_CENTS = 2_000_000;
/** A sender_batch_id used this recently is refused, as PayPal keeps them. */
const DUPLICATE_WINDOW_MS = 30 * 86_400_000;
/** The fee on each item: PayPal's usual 2%, capped. */
const FEE_RATE_BP = 200;
const FEE_CAP_CENTS = 2000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The webhook PayPal sends as an item reaches each outcome. */
const ITEM_EVENTS: Record<PayoutOutcome, { type: string; summary: string }> = {
  SUCCESS: { type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', summary: 'A payout item has succeeded' },
  FAILED: { type: 'PAYMENT.PAYOUTS-ITEM.FAILED', summary: 'A payout item has failed' },
  RETURNED: { type: 'PAYMENT.PAYOUTS-ITEM.RETURNED', summary: 'A payout item has been returned' },
  UNCLAIMED: { type: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED', summary: 'A payout item is unclaimed' },
};
/** An unclaimed item the sender cancelled: RETURNED, with an event of its own. */
const CANCELED_EVENT = { type: 'PAYMENT.PAYOUTS-ITEM.CANCELED', summary: 'A payout item has been canceled' };

/** Where an item can go from each state: an unclaimed one is claimed or its money returned; paid money can come back. */
const MOVES: Record<PayoutItemStatus, readonly PayoutOutcome[]> = {
  PENDING: ['SUCCESS', 'FAILED', 'RETURNED', 'UNCLAIMED'],
  UNCLAIMED: ['SUCCESS', 'RETURNED'],
  SUCCESS: ['RETURNED'],
  FAILED: [],
  RETURNED: [],
};

function optionalText(obj: Json, key: string, field: string, max: number): string | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > max) throw payoutsInvalid(field, `Value must be a string of at most ${max} characters`);
  return v;
}

function requiredText(obj: Json, key: string, field: string, max: number): string {
  const v = optionalText(obj, key, field, max);
  if (!v) throw payoutsInvalid(field, 'Required field missing');
  return v;
}

/** Payouts may go to an e-mail address, a phone or a PayPal id: this account pays e-mail addresses only. */
function checkRecipientType(obj: Json, field: string) {
  if (obj.recipient_type !== undefined && obj.recipient_type !== 'EMAIL')
    throw payoutsInvalid(field, 'Recipient type is not supported: this account pays EMAIL receivers only');
}

/** A positive USD amount with two decimals, as a payout item's `{ value, currency }`, in cents. */
function itemCents(amount: unknown, field: string): number {
  if (!isObject(amount)) throw payoutsInvalid(field, amount === undefined ? 'Required field missing' : 'Value is invalid');
  if (amount.currency !== 'USD') throw payoutsInvalid(`${field}.currency`, 'Currency is not supported: this account pays USD only');
  const value = amount.value;
  if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value) || Number(value) <= 0)
    throw payoutsInvalid(`${field}.value`, 'Value must be a positive amount with two decimals, such as "12.34"');
  const cents = Math.round(Number(value) * 100);
  if (cents > MAX_ITEM_CENTS) throw payoutsInvalid(`${field}.value`, 'Value is more than one payout item may pay (20000.00 USD)');
  return cents;
}

function parseHeader(raw: unknown): SenderBatchHeader {
  if (!isObject(raw)) throw payoutsInvalid('sender_batch_header', 'Required field missing');
  const where = 'sender_batch_header';
  checkRecipientType(raw, `${where}.recipient_type`);
  const header: SenderBatchHeader = { sender_batch_id: requiredText(raw, 'sender_batch_id', `${where}.sender_batch_id`, 256) };
  const subject = optionalText(raw, 'email_subject', `${where}.email_subject`, 255);
  const message = optionalText(raw, 'email_message', `${where}.email_message`, 1000);
  if (subject !== undefined) header.email_subject = subject;
  if (message !== undefined) header.email_message = message;
  if (raw.recipient_type !== undefined) header.recipient_type = 'EMAIL';
  return header;
}

type NewItem = Pick<StoredPayoutItem, 'cents' | 'receiver' | 'note' | 'senderItemId'>;

function parseItem(raw: unknown, index: number): NewItem {
  const where = `items[${index}]`;
  if (!isObject(raw)) throw payoutsInvalid(where, 'Value is invalid');
  checkRecipientType(raw, `${where}.recipient_type`);
  const cents = itemCents(raw.amount, `${where}.amount`);
  const receiver = requiredText(raw, 'receiver', `${where}.receiver`, 127);
  if (!EMAIL.test(receiver)) throw payoutsInvalid(`${where}.receiver`, 'Receiver is invalid or does not match with type');
  return {
    cents,
    receiver,
    note: optionalText(raw, 'note', `${where}.note`, 4000),
    senderItemId: optionalText(raw, 'sender_item_id', `${where}.sender_item_id`, 63),
  };
}

function parseItems(raw: unknown): NewItem[] {
  if (!Array.isArray(raw)) throw payoutsInvalid('items', raw === undefined ? 'Required field missing' : 'Value is invalid');
  if (raw.length < 1) throw payoutsInvalid('items', 'Payout must have at least one item');
  if (raw.length > MAX_ITEMS) throw payoutsInvalid('items', `Payout must have at most ${MAX_ITEMS} items`);
  return raw.map(parseItem);
}

/** A payout is PROCESSING while an item waits, and SUCCESS once every item has an outcome. */
function refreshBatch(standin: StandinContext, batch: StoredPayoutBatch) {
  const waiting = batch.itemIds.some((id) => standin.state.payouts.items[id].status === 'PENDING');
  batch.status = waiting ? 'PROCESSING' : 'SUCCESS';
  if (!waiting) batch.completeTime ??= now();
}

/** An item reaches an outcome: its payout follows, and PayPal's webhook for it (by default the outcome's own) is sent. */
function settle(standin: StandinContext, item: StoredPayoutItem, outcome: PayoutOutcome, event = ITEM_EVENTS[outcome]) {
  const time = now();
  item.status = outcome;
  item.processTime = time;
  if (outcome === 'SUCCESS') item.paidTime ??= time;
  refreshBatch(standin, standin.state.payouts.batches[item.batchId]);
  standin.save();
  standin.log(`paypal: payout item ${item.id} to ${item.receiver}: ${outcome}`);
  standin.emit(event.type, 'payouts_item', event.summary, payoutItemJson(standin, item));
}

/** Each item of a new payout reaches the outcome set for its receiver (SUCCESS unless one is); PENDING leaves it waiting. */
function processBatch(standin: StandinContext, batch: StoredPayoutBatch) {
  const { payouts } = standin.state;
  for (const id of batch.itemIds) {
    const item = payouts.items[id];
    const outcome = payouts.outcomes[item.receiver.toLowerCase()] ?? 'SUCCESS';
    if (outcome !== 'PENDING') settle(standin, item, outcome);
  }
  // Left PROCESSING when an item waits.
  refreshBatch(standin, batch);
  standin.save();
}

/** Moves an item to an outcome now, with its webhook; refused where PayPal never moves one. */
export function movePayoutItem(standin: StandinContext, item: StoredPayoutItem, outcome: PayoutItemStatus) {
  if (outcome === 'PENDING' || !MOVES[item.status].includes(outcome)) {
    throw unprocessable({ issue: 'ITEM_INCORRECT_STATUS', description: `A ${item.status} payout item cannot become ${outcome}.` });
  }
  settle(standin, item, outcome);
}

/** The payouts API's handlers. */
export function payoutRoutes(standin: StandinContext) {
  const { state, save, log } = standin;

  function earlierBatch(senderBatchId: string) {
    const since = Date.now() - DUPLICATE_WINDOW_MS;
    return Object.values(state.payouts.batches).find(
      (b) => b.header.sender_batch_id === senderBatchId && Date.parse(b.createTime) >= since,
    );
  }

  /** PayPal's refusal of a sender_batch_id used before: it links to the payout that used it. */
  const duplicateBatch = (earlier: StoredPayoutBatch) =>
    payoutsError('USER_BUSINESS_ERROR', 'User business error.', [
      {
        field: 'SENDER_BATCH_ID',
        location: 'body',
        issue: 'Batch with given sender_batch_id already exists',
        link: [payoutLink(standin, earlier.id)],
      },
    ]);

  const createPayout: Handler = (ctx) =>
    idempotent(standin, ctx, 'create-payout', () => {
      const body = ctx.json();
      const header = parseHeader(body.sender_batch_header);
      const items = parseItems(body.items);
      const earlier = earlierBatch(header.sender_batch_id);
      if (earlier) throw duplicateBatch(earlier);
      const batch: StoredPayoutBatch = { id: paypalId(13), header, status: 'PENDING', itemIds: [], createTime: now() };
      for (const item of items) {
        const feeCents = Math.min(Math.round((item.cents * FEE_RATE_BP) / 10_000), FEE_CAP_CENTS);
        const stored: StoredPayoutItem = {
          ...item,
          id: paypalId(13),
          batchId: batch.id,
          transactionId: paypalId(),
          status: 'PENDING',
          feeCents,
        };
        state.payouts.items[stored.id] = stored;
        batch.itemIds.push(stored.id);
      }
      state.payouts.batches[batch.id] = batch;
      save();
      log(`paypal: payout ${batch.id} (${header.sender_batch_id}) created with ${items.length} item(s)`);
      return {
        status: 201,
        json: {
          batch_header: { payout_batch_id: batch.id, batch_status: batch.status, sender_batch_header: header },
          links: [payoutLink(standin, batch.id)],
        },
        after: () => processBatch(standin, batch),
      };
    });

  const showPayout: Handler = (_ctx, [id]) => {
    const b = state.payouts.batches[id];
    if (!b) throw notFound('payout_batch_id', id);
    return { status: 200, json: payoutBatchJson(standin, b) };
  };

  const itemOf = (id: string) => {
    const i = state.payouts.items[id];
    if (!i) throw notFound('payout_item_id', id);
    return i;
  };

  const showPayoutItem: Handler = (_ctx, [id]) => ({ status: 200, json: payoutItemJson(standin, itemOf(id)) });

  /** An unclaimed item's money back now, rather than after PayPal's 30 days; a returned one's is back already. */
  const cancelPayoutItem: Handler = (ctx, [id]) => {
    ctx.json();
    const i = itemOf(id);
    if (i.status === 'RETURNED') throw payoutsError('ITEM_ALREADY_CANCELLED', 'The requested item is already cancelled.', []);
    if (i.status !== 'UNCLAIMED')
      throw payoutsError('ITEM_INCORRECT_STATUS', 'You can only cancel items that have an Unclaimed state.', []);
    settle(standin, i, 'RETURNED', CANCELED_EVENT);
    return { status: 200, json: payoutItemJson(standin, i) };
  };

  return { createPayout, showPayout, showPayoutItem, cancelPayoutItem };
}
