/**
 * A request for paid feedback, first or re-check: the one request orchestrator (requests.ts) checks it and
 * prices it by the one price rule, and money sells it as a purchase (money/payments.ts `sell`), which opens
 * the request once the payment is captured.
 */
import { completeDaysFor, PAID_REQUEST } from '../../shared/money.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import { versionedTitle } from '../../shared/track-version.js';
import type { UserRecord } from '../people/data/index.js';
import { Conflict } from '../lib/errors.js';
import { idFromKey } from '../lib/idempotency.js';
import { sell, type Purchase } from '../money/index.js';
import { newShare, prepareRequest } from './requests.js';

interface PaidRequest {
  proUserId: string;
  trackId: string;
  shareOptions: ShareOptions;
  /** The price the musician saw: 409 price_changed when the pro's stored price is no longer it. */
  feedbackPriceCents: number;
  idempotencyKey?: string;
  recheckOf?: string;
}

export function createPaidRequest(caller: UserRecord, input: PaidRequest): Promise<{ orderId: string; approveUrl: string }> {
  const { idempotencyKey, feedbackPriceCents: seen, ...request } = input;
  return sell(caller, purchaseOf(caller, request, seen), idempotencyKey);
}

async function purchaseOf(
  caller: UserRecord,
  request: Omit<PaidRequest, 'feedbackPriceCents' | 'idempotencyKey'>,
  seen: number,
): Promise<Purchase> {
  const {
    track,
    reviewer: pro,
    recheck,
    priceCents: price,
  } = await prepareRequest(caller, {
    reviewerId: request.proUserId,
    trackId: request.trackId,
    recheckOf: request.recheckOf,
  });
  if (!price) {
    const free = request.recheckOf ? 're-checks for free' : 'gives feedback for free';
    throw new Conflict(`${pro.fullName} ${free}: send the request without paying.`, 'no_price');
  }
  if (price !== seen) {
    throw new Conflict(
      `${pro.fullName}'s price has changed to $${(price / 100).toFixed(2)}. Check the new price before you pay.`,
      'price_changed',
      {
        feedbackPriceCents: price,
      },
    );
  }
  const title = versionedTitle(track);
  return {
    proUserId: pro.id,
    proName: pro.fullName,
    trackId: track.id,
    trackTitle: title,
    shareOptions: request.shareOptions,
    amountCents: price,
    description: `${request.recheckOf ? 'Re-check' : 'Feedback'} from ${pro.fullName} on "${title}"`,
    request: { ...request, feedbackPriceCents: price },
    opens: (orderId) => {
      const shareId = idFromKey(caller.id, 'paid-share', orderId);
      const terms = { orderId, amountCents: price, acceptHours: PAID_REQUEST.acceptHours, completeDays: completeDaysFor(pro.responseTime) };
      return { shareId, shareDraft: newShare(caller, track, pro, request.shareOptions, shareId, terms, recheck) };
    },
  };
}
