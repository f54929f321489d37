/**
 * The Transaction Search v1 API: what moved money on the account in a range of at most 31 days, a page at a
 * time, each with PayPal's transaction event code: captures (T0006), refunds (T1107), reversals (T1106),
 * paid payout items (T0001, from when they succeeded), and what a local control planted. Each is given by its
 * transaction_info alone, whatever `fields` asks, and no filter but the range is taken.
 */
import { invalidRequest } from '../errors.js';
import type { Money, TransactionInfo } from '../records.js';
import type { Handler } from '../requests.js';
import { now, usd, type StandinContext } from '../store.js';

const MAX_RANGE_MS = 31 * 86_400_000;
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 500;
/** PayPal wants the offset written out: a time without one is no time at all. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

/** A time with its offset as PayPal writes it (-0700) or as ISO does (-07:00, Z), in ms. */
const timeOf = (s: string) => Date.parse(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
/** A time given to the search, in ms; NaN unless it is a date and time with an offset. */
export const givenTime = (s: string) => (ISO_WITH_OFFSET.test(s) ? timeOf(s) : NaN);
/** PayPal's transaction times: whole seconds, in UTC written +0000. */
const searchTime = (iso: string) => iso.replace(/(\.\d+)?Z$/, '+0000');

/** One transaction as the search lists it; money going out of the account is negative. */
export function transactionInfo(t: {
  id: string;
  eventCode: string;
  amount: Money;
  time: string;
  status?: string;
  invoiceId?: string;
  referenceId?: string;
}): TransactionInfo {
  return {
    transaction_id: t.id,
    transaction_event_code: t.eventCode,
    transaction_initiation_date: searchTime(t.time),
    transaction_updated_date: searchTime(t.time),
    transaction_amount: t.amount,
    transaction_status: t.status ?? 'S',
    ...(t.invoiceId !== undefined && { invoice_id: t.invoiceId }),
    ...(t.referenceId !== undefined && { paypal_reference_id: t.referenceId, paypal_reference_id_type: 'TXN' }),
  };
}

const queryError = (field: string, value: string | null, issue: string, description: string) =>
  invalidRequest({ field, ...(value !== null && { value }), location: 'query', issue, description });

function queryDate(q: URLSearchParams, field: string): number {
  const v = q.get(field);
  if (v === null) throw queryError(field, v, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  const t = givenTime(v);
  if (Number.isNaN(t))
    throw queryError(field, v, 'INVALID_PARAMETER_SYNTAX', 'Give a date and time with its offset, such as 2024-05-01T00:00:00-0700.');
  return t;
}

function queryCount(q: URLSearchParams, field: string, fallback: number, max: number): number {
  const v = q.get(field);
  if (v === null) return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > max) throw queryError(field, v, 'INVALID_PARAMETER_VALUE', `${field} must be from 1 to ${max}.`);
  return n;
}

/** The search's handler. */
export function transactionRoutes(standin: StandinContext) {
  const { state } = standin;

  function allTransactions(): TransactionInfo[] {
    const captures = Object.values(state.captures).map((c) =>
      transactionInfo({ id: c.id, eventCode: 'T0006', amount: usd(c.cents), time: c.createTime, invoiceId: c.invoiceId }),
    );
    const refunds = Object.values(state.refunds).map((r) =>
      transactionInfo({
        id: r.id,
        eventCode: r.reversal ? 'T1106' : 'T1107',
        amount: usd(-r.cents),
        time: r.createTime,
        invoiceId: r.invoiceId,
        referenceId: r.captureId,
      }),
    );
    const payouts = Object.values(state.payouts.items).flatMap((i) =>
      i.paidTime ? [transactionInfo({ id: i.transactionId, eventCode: 'T0001', amount: usd(-i.cents), time: i.paidTime })] : [],
    );
    return [...captures, ...refunds, ...payouts, ...state.plantedTransactions];
  }

  /** From start_date to end_date, both included, oldest first. */
  const searchTransactions: Handler = (ctx) => {
    const q = ctx.url.searchParams;
    const start = queryDate(q, 'start_date');
    const end = queryDate(q, 'end_date');
    if (end < start) throw queryError('end_date', q.get('end_date'), 'INVALID_PARAMETER_VALUE', 'end_date must not be before start_date.');
    if (end - start > MAX_RANGE_MS)
      throw queryError('end_date', q.get('end_date'), 'INVALID_PARAMETER_VALUE', 'Date range is greater than 31 days');
    const size = queryCount(q, 'page_size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const page = queryCount(q, 'page', 1, Number.MAX_SAFE_INTEGER);
    const at = (t: TransactionInfo) => timeOf(t.transaction_initiation_date);
    const found = allTransactions()
      .filter((t) => at(t) >= start && at(t) <= end)
      .sort((a, b) => at(a) - at(b));
    const totalPages = Math.ceil(found.length / size);
    const pageHref = (n: number) => {
      const href = new URL(`${ctx.url.pathname}${ctx.url.search}`, standin.url);
      href.searchParams.set('page', String(n));
      return href.toString();
    };
    return {
      status: 200,
      json: {
        transaction_details: found.slice((page - 1) * size, page * size).map((t) => ({ transaction_info: t })),
        account_number: standin.merchantId,
        start_date: q.get('start_date'),
        end_date: q.get('end_date'),
        last_refreshed_datetime: searchTime(now()),
        page,
        total_items: found.length,
        total_pages: totalPages,
        links: [
          { href: pageHref(page), rel: 'self', method: 'GET' },
          ...(page < totalPages ? [{ href: pageHref(page + 1), rel: 'next', method: 'GET' }] : []),
        ],
      },
    };
  };

  return { searchTransactions };
}
