/**
 * A paid review's receipt: what the server knew when the review was delivered, signed by it
 * (functions/feedback/receipts.ts), so that the musician, an admin deciding a dispute, or anyone holding
 * the public link can check that it is what the platform recorded: the version heard, how much of it and in
 * how many sessions, how long after acceptance it came, each comment's time, category and how it was made,
 * and a hash of the review's words. A changed byte fails the check.
 */
import { listeningSummary } from './review.js';

export interface ReceiptPayload {
  v: 1;
  requestId: string;
  /** The version heard (a track id) and its title then. */
  trackId: string;
  trackTitle: string;
  trackSeconds: number;
  reviewerName: string;
  paidCents: number;
  acceptedAt: string;
  deliveredAt: string;
  secondsToDeliver: number;
  secondsHeard: number;
  sessions: number;
  /** Each of the reviewer's comments, in time order: its time (null: general), range end, tags and how it was made. */
  comments: { at: number | null; end: number | null; tags: string[]; made: string }[];
  /** SHA-256 (hex) of the review's words: functions/feedback/receipts.ts reviewDigest. */
  reviewSha256: string;
}

/** A receipt as it is kept and given: the exact text signed, its signature (base64), and the key. */
export interface SignedReceipt {
  signed: string;
  signature: string;
  keyId: string;
  algorithm: string;
}

const hours = (s: number) => (s < 3600 ? `${Math.max(1, Math.round(s / 60))} min` : `${(s / 3600).toFixed(1)} h`);

/** The receipt as one line: 'Listened to 95% (3:10 of 3:20), 2 sessions, ...; delivered 14.2 h after acceptance; 12 comments'. */
export function receiptSummary(p: ReceiptPayload): string {
  const listened = listeningSummary(p.secondsHeard, p.trackSeconds, p.sessions).replace(/, reported by the player$/, '');
  return `${listened}; delivered ${hours(p.secondsToDeliver)} after acceptance; ${p.comments.length} ${p.comments.length === 1 ? 'comment' : 'comments'}`;
}
