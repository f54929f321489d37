/**
 * Review receipts (shared/receipt.ts): made and signed when a paid review is delivered, from the records the
 * delivery writes; read back with the check of their signature; checked on their own for anyone holding one.
 * A receipt that cannot be signed (the key's service down) does not hold the review back: the review is
 * delivered without it, and it is made from the same records on its first read.
 */
import { createHash } from 'node:crypto';
import type { ReceiptPayload, SignedReceipt } from '../../shared/receipt.js';
import type { CommentRecord, FeedbackRecord, ShareBundle, ShareRecord } from './data/shares.js';
import * as shares from './data/shares.js';
import { orderComments } from './share-views.js';
import { RECEIPT_ALGORITHM, receiptSigner, signatureHolds, type ReceiptSigner } from '../providers/receipt-signer.js';
import { log } from '../lib/observability.js';
import { enforceRateLimit } from '../platform/index.js';

/** SHA-256 of the review's words: the scores, the general comment, and the reviewer's comments in time order. */
export function reviewDigest(feedback: Pick<FeedbackRecord, 'criteria' | 'comment'>, comments: Pick<CommentRecord, 'text'>[]): string {
  const criteria = Object.fromEntries(Object.entries(feedback.criteria).sort(([a], [b]) => a.localeCompare(b)));
  const words = JSON.stringify({ criteria, comment: feedback.comment ?? '', comments: comments.map((c) => c.text) });
  return createHash('sha256').update(words).digest('hex');
}

/** What the receipt of `share`'s review says, delivered at `deliveredAt`: its fields in a fixed order. */
export function receiptPayload(
  share: ShareRecord,
  bundle: Pick<ShareBundle, 'comments' | 'listening'>,
  feedback: Pick<FeedbackRecord, 'criteria' | 'comment'>,
  deliveredAt: string,
): ReceiptPayload {
  // The reviewer's comments as delivered: one added after Submit (an answer to the musician) is not the review's.
  const mine = orderComments(bundle.comments.filter((c) => c.userId === share.sharedWithUserId && c.createdAt <= deliveredAt));
  const acceptedAt = share.acceptedAt ?? share.createdAt;
  return {
    v: 1,
    requestId: share.id,
    trackId: share.trackId,
    trackTitle: share.trackTitle,
    trackSeconds: share.trackDuration,
    reviewerName: share.sharedWithName,
    paidCents: share.payment?.amountCents ?? 0,
    acceptedAt,
    deliveredAt,
    secondsToDeliver: Math.max(0, Math.round((Date.parse(deliveredAt) - Date.parse(acceptedAt)) / 1000)),
    secondsHeard: bundle.listening?.heardSeconds ?? 0,
    sessions: bundle.listening?.sessions ?? 0,
    comments: mine.map((c) => ({ at: c.timestamp, end: c.endTimestamp ?? null, tags: c.tags, made: c.made?.how ?? 'typed' })),
    reviewSha256: reviewDigest(feedback, mine),
  };
}

/** How long a delivery waits for the key's service: past it the review goes out, and the receipt is made on first read. */
export const SIGN_WAIT_MS = 3000;

/**
 * The payload signed, or null when it could not be within SIGN_WAIT_MS (logged: the review goes out without
 * it, see above). `signer`: the deployment's, unless a test gives its own.
 */
export async function signReceipt(payload: ReceiptPayload, signer?: ReceiptSigner): Promise<SignedReceipt | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const by = signer ?? receiptSigner();
    const signed = JSON.stringify(payload);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The receipt key did not answer within ${SIGN_WAIT_MS} ms`)), SIGN_WAIT_MS);
    });
    const signature = await Promise.race([by.sign(Buffer.from(signed)), late]);
    return { signed, signature: signature.toString('base64'), keyId: by.keyId, algorithm: RECEIPT_ALGORITHM };
  } catch (err) {
    log.error('Receipt not signed', err, { requestId: payload.requestId });
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a receipt someone holds is the platform's, unchanged (the public route: limited per address). */
export async function checkReceipt(receipt: SignedReceipt, clientIp: string): Promise<{ valid: boolean; payload: ReceiptPayload | null }> {
  await enforceRateLimit('checkReceipt', clientIp);
  return receiptHolds(receipt);
}

/** Whether a receipt is the platform's, unchanged: its signature holds over its exact text, with this deployment's key. */
async function receiptHolds(receipt: SignedReceipt): Promise<{ valid: boolean; payload: ReceiptPayload | null }> {
  let signer;
  try {
    signer = receiptSigner();
  } catch {
    return { valid: false, payload: null };
  }
  const valid =
    receipt.keyId === signer.keyId &&
    receipt.algorithm === RECEIPT_ALGORITHM &&
    (await signatureHolds(Buffer.from(receipt.signed), Buffer.from(receipt.signature, 'base64')));
  let payload: ReceiptPayload | null = null;
  try {
    payload = valid ? (JSON.parse(receipt.signed) as ReceiptPayload) : null;
  } catch {
    payload = null;
  }
  return { valid, payload };
}

/**
 * The receipt of a completed paid review, as its participants, an admin or the public link show it, with
 * whether it checks: the one kept, or (for a participant, `make`) one the delivery could not sign, made now
 * from the same records and kept. Null for a review that is not a delivered paid one, or has none yet.
 */
export async function receiptOf(
  bundle: ShareBundle,
  { make = false }: { make?: boolean } = {},
): Promise<(SignedReceipt & { payload: ReceiptPayload; verified: boolean }) | null> {
  const { share, feedback } = bundle;
  if (!share.payment || share.status !== 'completed' || !feedback) return null;
  let receipt = feedback.receipt ?? null;
  if (!receipt && make) {
    receipt = await signReceipt(receiptPayload(share, bundle, feedback, feedback.createdAt));
    if (receipt) await shares.keepReceipt(share.id, receipt);
  }
  if (!receipt) return null;
  const { valid, payload } = await receiptHolds(receipt);
  return { ...receipt, payload: payload ?? (JSON.parse(receipt.signed) as ReceiptPayload), verified: valid };
}
