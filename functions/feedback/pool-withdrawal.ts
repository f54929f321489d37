/**
 * A Snip Pro request leaving the pool before any pro took it, by its musician's doing: withdrawn from
 * 'Finding your reviewer', or its track deleted. Either way it is refunded in full at once, unless a pro's
 * claim landed first, which wins.
 */
import type { PaymentView } from '../../shared/schemas/payments.js';
import type { UserRecord } from '../people/data/index.js';
import { getPayment, type PaymentRecord } from '../money/data/index.js';
import { endPooled, toPaymentView } from '../money/index.js';
import { getTrack } from '../tracks/data/index.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { log } from '../lib/observability.js';

/** The musician withdraws their Snip Pro request still in the pool: refunded in full. Asked again, the same answer. */
export async function withdrawPoolRequest(caller: UserRecord, orderId: string): Promise<PaymentView> {
  const p = (await getPayment(orderId))?.record;
  if (!p || p.payerId !== caller.id || !p.pool) throw new NotFound('Request not found');
  if (p.refundReason === 'withdrawn') return toPaymentView(p);
  if (p.status !== 'pooled') throw notWaiting(p);
  const ended = await endPooled(p, 'withdrawn');
  if (ended !== 'taken') return toPaymentView(ended);
  const latest = (await getPayment(orderId))?.record ?? p;
  if (latest.refundReason === 'withdrawn') return toPaymentView(latest);
  throw notWaiting(latest);
}

/** Why a request cannot be withdrawn: a pro took it, it was refunded already, or it is not paid yet. */
function notWaiting(p: PaymentRecord) {
  if (p.status === 'captured') return new Conflict('A pro has taken this request already: it goes on as any paid request', 'pool_taken');
  if (p.status === 'refunding' || p.status === 'refunded') return new Conflict('This request was refunded already', 'pool_closed');
  return new Conflict('This request is not paid yet: there is nothing to withdraw', 'not_paid');
}

/**
 * After the musician deleted tracks: their Snip Pro requests (`waiting`, read beside the deletion) whose track
 * is no longer there are refunded at once, rather than offered to pros until one tries to take it.
 */
export async function endPoolRequestsOfGoneTracks(waiting: PaymentRecord[]): Promise<void> {
  await Promise.all(
    waiting.map(async (p) => {
      try {
        // Read as the deletion left it (a read that may lag would find the track still there).
        if (!(await getTrack(p.trackId, { consistent: true }))) await endPooled(p, 'track_deleted');
      } catch (err) {
        // The deletion is done and stays done: the scheduled check finds the track gone at its next look.
        log.error('A Snip Pro request on a deleted track was not refunded yet', err, { orderId: p.orderId });
      }
    }),
  );
}
