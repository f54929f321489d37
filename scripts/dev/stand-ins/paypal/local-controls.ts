/**
 * The local-only controls (not PayPal's; no token): health, verification counts, pausing webhook deliveries;
 * and what only PayPal's side can make happen: payout outcomes, disputes, reversals, transactions the
 * product never made.
 */
import { badSyntax, invalidRequest, missing, notFound } from './errors.js';
import { isObject, optionalString } from './input.js';
import { disputeJson, payoutItemJson, refundJson } from './objects.js';
import type { Json, PayoutItemStatus } from './records.js';
import type { Handler } from './requests.js';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, openDispute, resolveDispute } from './resources/disputes.js';
import { reverseCapture } from './resources/payments.js';
import { movePayoutItem } from './resources/payouts.js';
import { givenTime, transactionInfo } from './resources/transactions.js';
import { now, paypalId, type StandinContext } from './store.js';
import type { PaypalWebhooks } from './webhooks.js';

const PAYOUT_OUTCOMES: readonly PayoutItemStatus[] = ['SUCCESS', 'FAILED', 'RETURNED', 'UNCLAIMED', 'PENDING'];
/** The search's transaction statuses: denied, pending, success, reversed. */
const TRANSACTION_STATUSES = ['D', 'P', 'S', 'V'] as const;

/** A body field that must be one of `allowed` (or, when missing, `fallback`). */
function oneOf<T extends string>(body: Json, key: string, allowed: readonly T[], fallback?: T): T {
  const v = body[key] ?? fallback;
  if (v === undefined) throw missing(`/${key}`);
  if (!allowed.includes(v as T)) {
    throw invalidRequest({
      field: `/${key}`,
      value: String(v),
      issue: 'INVALID_PARAMETER_VALUE',
      description: `One of ${allowed.join(', ')}.`,
    });
  }
  return v as T;
}

/** The local controls' handlers. */
export function localControlRoutes(standin: StandinContext, webhooks: PaypalWebhooks) {
  const { state, save } = standin;

  const pendingEvents = () => state.events.filter((e) => e.status === 'PENDING').length;
  const verificationCount: Handler = (ctx) => {
    const eventId = ctx.url.searchParams.get('event_id') ?? '';
    return { status: 200, json: { event_id: eventId, calls: standin.verifications.get(eventId) ?? 0 } };
  };
  const health: Handler = () => ({ status: 200, json: { ok: true, webhooks_paused: webhooks.paused, pending_events: pendingEvents() } });
  /**
   * While paused, events raised are recorded but only a resend delivers them; deliveries (and retries)
   * already under way wait, and go on when delivery resumes.
   */
  const webhookControl: Handler = (ctx) => {
    if (ctx.method === 'POST') {
      const body = ctx.json();
      if (typeof body.paused !== 'boolean') throw badSyntax('/paused', body.paused);
      webhooks.setPaused(body.paused);
    }
    return { status: 200, json: { paused: webhooks.paused, url: webhooks.webhookUrl() ?? null } };
  };

  /** The outcome of the next items paid to a receiver, until set again; PENDING leaves them waiting for payoutItemOutcome. */
  const payoutOutcome: Handler = (ctx) => {
    const body = ctx.json();
    if (typeof body.receiver !== 'string' || !body.receiver.includes('@')) throw badSyntax('/receiver', body.receiver);
    const outcome = oneOf(body, 'outcome', PAYOUT_OUTCOMES);
    state.payouts.outcomes[body.receiver.toLowerCase()] = outcome;
    save();
    return { status: 200, json: { receiver: body.receiver, outcome } };
  };

  /** Moves a payout item now: a pending one to its outcome, an unclaimed one claimed, paid or unclaimed money back. */
  const payoutItemOutcome: Handler = (ctx, [id]) => {
    const item = state.payouts.items[id];
    if (!item) throw notFound('payout_item_id', id);
    movePayoutItem(standin, item, oneOf(ctx.json(), 'outcome', PAYOUT_OUTCOMES));
    return { status: 200, json: payoutItemJson(standin, item) };
  };

  const captureOf = (id: string) => {
    const c = state.captures[id];
    if (!c) throw notFound('capture_id', id);
    return c;
  };

  /** The buyer disputes what is left of a capture. */
  const disputeCapture: Handler = (ctx, [id]) => {
    const c = captureOf(id);
    const reason = oneOf(ctx.json(), 'reason', DISPUTE_REASONS, 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
    return { status: 201, json: disputeJson(standin, openDispute(standin, c, reason)) };
  };

  /** PayPal decides a dispute; for the buyer, the capture is reversed. */
  const disputeResolution: Handler = (ctx, [id]) => {
    const d = state.disputes[id];
    if (!d) throw notFound('dispute_id', id);
    resolveDispute(standin, d, oneOf(ctx.json(), 'outcome', DISPUTE_OUTCOMES));
    return { status: 200, json: disputeJson(standin, d) };
  };

  /** PayPal takes what is left of a capture back for the buyer (a chargeback). */
  const captureReversal: Handler = (ctx, [id]) => {
    const c = captureOf(id);
    const reverse = () => reverseCapture(standin, c);
    // `hold`: its webhook waits for a resend, so a test can deliver it where and when it chooses.
    return { status: 201, json: refundJson(standin, ctx.json().hold === true ? webhooks.withheld(reverse) : reverse()) };
  };

  /** A transaction only PayPal knows of, for a reconciliation to find: the search lists it as given. */
  const plantTransaction: Handler = (ctx) => {
    const body = ctx.json();
    const eventCode = body.transaction_event_code;
    if (typeof eventCode !== 'string' || !/^T\d{4}$/.test(eventCode)) throw badSyntax('/transaction_event_code', eventCode);
    const amount = body.amount;
    if (!isObject(amount) || typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code))
      throw badSyntax('/amount/currency_code', JSON.stringify(amount));
    if (typeof amount.value !== 'string' || !/^-?\d{1,10}\.\d{2}$/.test(amount.value)) throw badSyntax('/amount/value', amount.value);
    const time = body.transaction_initiation_date ?? now();
    if (typeof time !== 'string' || Number.isNaN(givenTime(time))) throw badSyntax('/transaction_initiation_date', time);
    const info = transactionInfo({
      id: paypalId(),
      eventCode,
      amount: { currency_code: amount.currency_code, value: amount.value },
      time: new Date(givenTime(time)).toISOString(),
      status: oneOf(body, 'transaction_status', TRANSACTION_STATUSES, 'S'),
      invoiceId: optionalString(body, 'invoice_id', '/invoice_id', 127),
      referenceId: optionalString(body, 'paypal_reference_id', '/paypal_reference_id', 24),
    });
    state.plantedTransactions.push(info);
    save();
    return { status: 201, json: { transaction_info: info } };
  };

  return {
    health,
    verificationCount,
    webhookControl,
    payoutOutcome,
    payoutItemOutcome,
    disputeCapture,
    disputeResolution,
    captureReversal,
    plantTransaction,
  };
}
