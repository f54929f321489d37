/** Use cases of the feedback loop: sharing a track, answering, commenting, feedback and its rating. */
import { randomUUID } from 'node:crypto';
import { CLOSED_STATUSES, type ShareStatus } from '../../shared/feedback.js';
import { MAX_COMMENTS_PER_SHARE, MAX_SHARES_PER_TRACK } from '../../shared/constants.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import * as shares from './data/shares.js';
import type { CommentRecord, FeedbackRecord, ShareRecord } from './data/shares.js';
import { formatPrice } from '../../shared/money.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import type { DeclineReason } from '../../shared/review.js';
import { NOT_ACCEPTED, bundleFor } from './share-bundle.js';
import { assertHeard } from './review-work.js';
import { findingToConfirm } from './review-findings.js';
import { receiptPayload, signReceipt } from './receipts.js';
import { toCommentView, toShareDetail } from './share-views.js';
import { madeFrom, madeOf } from './comment-made.js';
import { drewOn, type Made } from '../../shared/comment-made.js';
import { assertNotRepeated, assertReviewComplete, readReviewTexts, rememberReviewText } from './review-floor.js';
import { ratingEvent, readAhead, recorded, reputationWrite, reviewEvent, moneyRefused } from '../people/index.js';
import {
  sendClaimedShareMail,
  feedbackRequestedMail,
  feedbackRequested,
  digestDueAt,
  feedbackRespondedMail,
  requestAnsweredMail,
} from '../platform/index.js';
import { declinePaidRequest, fulfilment } from '../money/index.js';
import { deadlineCutoffs, respondBy } from './data/paid-deadlines.js';
import { newShare, prepareRequest, trackUnavailable } from './requests.js';
import { idempotencyConflict, idFromKey, requestHash } from '../lib/idempotency.js';
import * as rechecks from './rechecks.js';
import { reviewReceived } from './progress.js';
import { count, log } from '../lib/observability.js';

export async function createShare(
  caller: UserRecord,
  input: { sharedWithId: string; trackId: string; shareOptions: ShareOptions; idempotencyKey?: string; recheckOf?: string },
): Promise<ShareRecord> {
  const { idempotencyKey, ...request } = input;
  const id = idempotencyKey ? idFromKey(caller.id, 'share', idempotencyKey) : randomUUID();
  // A keyed request's share is read with the checks: a retry is known before anything is written.
  const [{ track, reviewer, recheck, priceCents: price }, earlier] = await Promise.all([
    prepareRequest(caller, { reviewerId: request.sharedWithId, trackId: request.trackId, recheckOf: request.recheckOf }),
    idempotencyKey ? shares.readShare(id) : null,
  ]);
  if (price) {
    throw new Conflict(
      `${reviewer.fullName} charges ${formatPrice(price)} ${request.recheckOf ? 'for a re-check' : 'per feedback'}: pay for the request to send it.`,
      'payment_required',
      { feedbackPriceCents: price },
    );
  }
  const hash = idempotencyKey ? requestHash(request) : undefined;
  if (earlier) return sameRequest(caller, earlier, hash);
  const share = newShare(caller, track, reviewer, request.shareOptions, id, null, recheck);
  // The 'requested' e-mail is claimed with the share, and its recipient was read with the checks.
  const result = await shares.putNewShare(share, hash, { claimEmail: 'requested' });
  if (result === 'track_unavailable') throw trackUnavailable(await shares.trackState(track.id));
  if (result === 'track_full')
    throw new Conflict(
      `This track has had ${MAX_SHARES_PER_TRACK} requests for feedback, the most one track can have. Upload it again to ask more people.`,
      'track_share_limit',
    );
  if (result === 'exists') {
    // The same key sent twice at once: the other request made the share.
    const existing = await shares.readShare(share.id);
    if (!existing) throw new NotFound('This track has been deleted');
    return sameRequest(caller, existing, hash);
  }
  count('FeedbackRequested');
  await sendClaimedShareMail(share.id, 'requested', reviewer, feedbackRequestedMail(share));
  return share;
}

/** A retry of a keyed request whose share exists: that share, and its e-mail if that has not gone out yet. */
async function sameRequest(caller: UserRecord, existing: shares.Keyed<ShareRecord>, hash: string | undefined): Promise<ShareRecord> {
  if (!hash || existing.requestHash !== hash || existing.record.sharedByUserId !== caller.id) throw idempotencyConflict();
  await feedbackRequested(existing.record);
  return existing.record;
}

export { bundleFor };
export { authorName, orderComments, toCommentView, toShareDetail, toShareView } from './share-views.js';
export { SHARES_PAGE_SIZE, listShares } from './share-lists.js';

/** Whether a comment is part of a review not yet submitted (so no one but its author hears of it). */
const inDraft = (share: ShareRecord, userId: string) => userId === share.sharedWithUserId && share.status !== 'completed';

/** The reviewer's answer to a request: accepted, or declined (a paid one refunded); the musician is e-mailed either way. */
export async function respond(
  userId: string,
  shareId: string,
  status: 'accepted' | 'declined',
  opts: { impersonated?: boolean; reason?: DeclineReason; reasonText?: string } = {},
): Promise<ShareRecord> {
  const { share } = await bundleFor(userId, shareId);
  if (share.sharedWithUserId !== userId) throw new Forbidden('Only the reviewer answers a feedback request');
  // The musician, read beside the answer's write for the e-mail that tells them of it (claimed by that write).
  const author = getUser(share.sharedByUserId).catch(() => null);
  const { record, answered } = await answer(share, status, opts);
  if (answered) await sendClaimedShareMail(share.id, 'answered', await author, requestAnsweredMail(record, respondBy(record)));
  return record;
}

/** Writes the reviewer's answer; `answered` when this call wrote it (and claimed its e-mail). */
async function answer(
  share: ShareRecord,
  status: 'accepted' | 'declined',
  opts: { impersonated?: boolean; reason?: DeclineReason; reasonText?: string },
): Promise<{ record: ShareRecord; answered: boolean }> {
  // Accepting a paid request commits its money to the review, declining refunds it: money an
  // impersonating admin may not move.
  if (opts.impersonated && share.payment) throw moneyRefused();
  const decline = status === 'declined' ? { reason: opts.reason ?? 'other', text: opts.reasonText || null } : null;
  // This very answer again (its answer was lost, or a double click): the request as it landed.
  if (sameAnswer(share, status, decline)) return { record: share, answered: false };
  // The deadline is in the write's condition too: the job that expires requests may lag behind it.
  const deadline = share.payment && status === 'accepted' ? respondBy(share) : null;
  if (deadline && deadline <= new Date().toISOString()) throw paidRequestExpired(share.status);
  // A paid request declined is refunded, the decline and the refund's start being one write.
  const paid =
    decline && share.payment ? await declinePaidRequest(share, decline, [shares.emailClaimItem(share.id, 'answered')]) : 'not_paid';
  if (paid === 'declined') return { record: { ...share, status, decline }, answered: true };
  const at = new Date().toISOString();
  if (
    paid === 'not_pending' ||
    !(await shares.setStatusClaiming(share, ['pending'], status, 'answered', {
      at,
      ...(decline ? { decline } : {}),
      ...(deadline && share.payment ? { createdAfter: deadlineCutoffs(share.payment).createdAfter } : {}),
    }))
  ) {
    const now = await shares.readShare(share.id);
    if (!now) throw new NotFound('Feedback request not found');
    if (now.deleting) throw beingDeleted();
    if (now.record.status === 'pending' && deadline) throw paidRequestExpired('pending');
    if (sameAnswer(now.record, status, decline)) return { record: now.record, answered: false };
    throw new Conflict(`This request is already ${now.record.status}`, 'not_pending');
  }
  const record = { ...share, status, updatedAt: at, ...(status === 'accepted' ? { acceptedAt: at } : {}), ...(decline ? { decline } : {}) };
  return { record, answered: true };
}

/** Whether the request already has this answer (a decline with the same reason). */
const sameAnswer = (share: ShareRecord, status: 'accepted' | 'declined', decline: ShareRecord['decline'] | null) =>
  share.status === status && (!decline || (share.decline?.reason === decline.reason && (share.decline?.text ?? null) === decline.text));

/** A paid request whose time to accept (or to complete) ran out: refunded by the scheduled check. */
const paidRequestExpired = (status: ShareStatus) =>
  new Conflict(
    status === 'pending'
      ? 'The time to accept this request has run out: the musician is being refunded.'
      : 'The time to complete this review has run out: the musician is being refunded.',
    'expired',
  );

/**
 * Who may write on a share. The musician may, unless it was declined (questions after completion are
 * asking for clarification). The reviewer reviews once accepted; once the feedback is submitted, the
 * review is frozen but the reviewer may still answer: new comments only, no edits or deletions.
 * Returns the statuses in which the write must not land, for the write itself to check (the share may
 * change between this read and the write).
 */
function assertCanComment(share: ShareRecord, userId: string, action: 'add' | 'change'): ShareStatus[] {
  if (CLOSED_STATUSES.includes(share.status)) throw closedRequest(share.status);
  // Nobody is there to read it.
  if (share.leftBy) throw new Conflict(PARTICIPANT_LEFT, 'participant_left');
  if (userId !== share.sharedWithUserId) return [...CLOSED_STATUSES];
  if (share.status === 'pending') throw new Conflict(NOT_ACCEPTED, 'not_accepted');
  if (share.status === 'completed' && action === 'change') {
    throw new Conflict('Submitted feedback cannot be changed: add a new comment instead', 'completed');
  }
  return action === 'change' ? [...CLOSED_STATUSES, 'pending', 'completed'] : [...CLOSED_STATUSES, 'pending'];
}

const PARTICIPANT_LEFT = 'The other side of this request deleted their account: this conversation is closed.';

/** Why nothing more can happen on a closed request. */
function closedRequest(status: ShareStatus) {
  if (status === 'expired') return new Conflict('This request expired and was refunded', 'expired');
  if (status === 'cancelled') return new Conflict('This request was cancelled and refunded', 'cancelled');
  return new Conflict('This request was declined', 'declined');
}

const beingDeleted = () => new Conflict('This feedback request is being deleted with its track', 'deleting');

/** Why a write on a share was refused by the share itself, read again. */
async function closedShare(shareId: string, userId: string, action: 'add' | 'change'): Promise<never> {
  const now = await shares.readShare(shareId);
  if (!now) throw new NotFound('Feedback request not found');
  if (now.deleting) throw beingDeleted();
  assertCanComment(now.record, userId, action);
  throw new Conflict('This feedback request changed meanwhile. Please try again.', 'busy');
}

function assertWithinTrack(share: ShareRecord, timestamp: number | null | undefined, field = 'timestamp') {
  if (timestamp != null && timestamp > share.trackDuration + 1) {
    throw new BadRequest('The time is past the end of the track', { [field]: 'The time is past the end of the track' });
  }
}

export async function addComment(
  user: UserRecord,
  shareId: string,
  input: {
    timestamp: number | null;
    endTimestamp?: number | null;
    text: string;
    tags: string[];
    pasted?: boolean;
    finding?: string;
    idempotencyKey?: string;
  },
) {
  const { idempotencyKey, pasted, finding: findingId, ...request } = input;
  const sources = madeFrom(user.id, shareId);
  const bundle = await bundleFor(user.id, shareId);
  const { share } = bundle;
  const closed = assertCanComment(share, user.id, 'add');
  assertWithinTrack(share, request.timestamp);
  assertWithinTrack(share, request.endTimestamp, 'endTimestamp');
  assertHeard(bundle, user.id, request.timestamp);
  const finding = findingId ? await findingToConfirm(bundle, user.id, findingId, request.timestamp) : null;
  const now = new Date().toISOString();
  const hash = idempotencyKey && !finding ? requestHash({ shareId, ...request }) : undefined;
  const comment: CommentRecord = {
    // A finding confirmed again (a double-click, a retry) names the same comment.
    id: finding
      ? idFromKey(user.id, `finding\n${shareId}`, finding.id)
      : idempotencyKey
        ? idFromKey(user.id, `comment\n${shareId}`, idempotencyKey)
        : randomUUID(),
    shareId,
    trackId: share.trackId,
    userId: user.id,
    timestamp: request.timestamp,
    ...(request.endTimestamp != null ? { endTimestamp: request.endTimestamp } : {}),
    text: request.text,
    tags: request.tags,
    ...withMade(finding ? { how: 'analysis' } : await madeOf(bundle, user.id, { text: request.text, pasted }, sources)),
    ...(finding ? { finding: finding.id } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const toUserId = user.id === share.sharedByUserId ? share.sharedWithUserId : share.sharedByUserId;
  const draft = inDraft(share, user.id);
  const result = await shares.putNewComment(share, comment, {
    closed,
    requestHash: hash,
    // A review's comments reach the musician with the review, not one digest or live event at a time before it.
    digest: draft ? null : { toUserId, dueAt: digestDueAt() },
    draft,
    ...(finding ? { confirms: { id: finding.id, kind: finding.kind } } : {}),
  });
  if (result === 'closed') return closedShare(shareId, user.id, 'add');
  if (result === 'full')
    throw new Conflict(`This request has ${MAX_COMMENTS_PER_SHARE} comments, the most one request can have.`, 'comment_limit');
  if (result === 'exists') {
    const existing = await shares.readComment(shareId, comment.id);
    if (!existing) throw new NotFound('Comment not found');
    const same = finding ? existing.record.finding === finding.id : hash && existing.requestHash === hash;
    if (!same || existing.record.userId !== user.id) throw idempotencyConflict();
    return toCommentView(share, existing.record);
  }
  return toCommentView(share, comment);
}

const withMade = (made: Made | undefined) => (made ? { made } : {});

async function ownComment(userId: string, shareId: string, commentId: string) {
  const bundle = await bundleFor(userId, shareId);
  const comment = bundle.comments.find((c) => c.id === commentId);
  if (!comment) throw new NotFound('Comment not found');
  if (comment.userId !== userId) throw new Forbidden('Only the author of a comment can change it');
  return { bundle, share: bundle.share, comment };
}

/** Edits a comment only if it still exists: one deleted meanwhile is a 404 and stays deleted. */
export async function updateComment(
  userId: string,
  input: {
    id: string;
    commentId: string;
    text: string;
    tags: string[];
    timestamp?: number | null;
    endTimestamp?: number | null;
    pasted?: boolean;
  },
) {
  const sources = madeFrom(userId, input.id);
  const { bundle, share, comment } = await ownComment(userId, input.id, input.commentId);
  const closed = assertCanComment(share, userId, 'change');
  assertWithinTrack(share, input.timestamp);
  assertWithinTrack(share, input.endTimestamp, 'endTimestamp');
  if (input.timestamp !== undefined && input.timestamp !== comment.timestamp) assertHeard(bundle, userId, input.timestamp);
  const timestamp = input.timestamp === undefined ? comment.timestamp : input.timestamp;
  // An edit that leaves the time alone keeps the range; a new time without an end is a moment.
  const endTimestamp = input.endTimestamp !== undefined ? input.endTimestamp : input.timestamp === undefined ? comment.endTimestamp : null;
  if (endTimestamp != null && (timestamp == null || endTimestamp <= timestamp)) {
    const message = 'The end of a range must come after its start';
    throw new BadRequest(message, { endTimestamp: message });
  }
  // An edit is judged again: a suggestion taken or a template inserted while editing says so too. A confirmed
  // finding stays 'from analysis', edited or not.
  const made = comment.finding || comment.text === input.text ? comment.made : await madeOf(bundle, userId, input, sources);
  const next: CommentRecord = {
    ...comment,
    text: input.text,
    tags: input.tags,
    ...withMade(made),
    timestamp,
    endTimestamp: endTimestamp ?? null,
    updatedAt: new Date().toISOString(),
  };
  const result = await shares.updateComment(share, next, { closed, draft: inDraft(share, userId) });
  if (result === null) throw new NotFound('Comment not found');
  if (result === 'closed') return closedShare(share.id, userId, 'change');
  return toCommentView(share, next);
}

/** Deletes a comment under the rule of an edit, checked again by the write: a share closed meanwhile keeps it. */
export async function deleteComment(userId: string, shareId: string, commentId: string) {
  const { share } = await ownComment(userId, shareId, commentId);
  const closed = assertCanComment(share, userId, 'change');
  const result = await shares.deleteComment(share, commentId, userId, { closed, draft: inDraft(share, userId) });
  if (result === null) throw new NotFound('Comment not found');
  if (result === 'closed') await closedShare(share.id, userId, 'change');
}

/** Whether the stored feedback is what this submission says: the same reviewer, scores and general comment. */
function isSameFeedback(stored: FeedbackRecord | null, userId: string, criteria: Record<string, number>, comment: string | undefined) {
  if (!stored || stored.userId !== userId || (stored.comment ?? '') !== (comment ?? '')) return false;
  const keys = Object.keys(criteria);
  return keys.length === Object.keys(stored.criteria).length && keys.every((k) => stored.criteria[k] === criteria[k]);
}

export async function submitFeedback(
  userId: string,
  input: { id: string; criteria: Record<string, number | undefined>; comment?: string; notApplicable?: string[] },
  opts: { impersonated?: boolean } = {},
) {
  // The reviewer's recent reviews and templates (to compare) are read beside the share.
  const texts = readReviewTexts(userId);
  texts.catch(() => {}); // awaited below, or not at all when the request is refused first
  const bundle = await bundleFor(userId, input.id);
  const { share } = bundle;
  if (share.sharedWithUserId !== userId) throw new Forbidden('Only the reviewer submits feedback');
  // Submitting a paid review makes its payment final: money an impersonating admin may not move.
  if (opts.impersonated && share.payment) throw moneyRefused();
  const criteria = Object.fromEntries(Object.entries(input.criteria).filter(([, v]) => v != null)) as Record<string, number>;
  if (share.status === 'completed') {
    // This very submission again (its answer was lost, and the reviewer or the app tried again): the review as it landed.
    if (isSameFeedback(bundle.feedback, userId, criteria, input.comment)) return toShareDetail(bundle, userId);
    throw new Conflict('This feedback is complete and cannot be reviewed again', 'completed');
  }
  if (CLOSED_STATUSES.includes(share.status)) throw closedRequest(share.status);
  if (share.status === 'pending') throw new Conflict(NOT_ACCEPTED, 'not_accepted');
  const at = new Date().toISOString();
  const completeBy = share.payment ? respondBy(share) : null;
  if (completeBy && completeBy <= at) throw paidRequestExpired('accepted');
  const notApplicable = input.notApplicable ?? [];
  assertReviewComplete(bundle, criteria, input.comment ?? '', notApplicable);
  const mine = bundle.comments.filter((c) => c.userId === userId);
  // A re-check is submitted with its checklist marked, and its outcome stays on the request.
  const [recheckOutcome] = await Promise.all([
    rechecks.recheckOutcome(bundle),
    assertNotRepeated(
      share.id,
      input.comment ?? '',
      mine.map((c) => c.text),
      texts,
    ),
  ]);
  const words = { criteria, comment: input.comment || null, ...(notApplicable.length ? { notApplicable } : {}) };
  // A paid review goes out with its signed receipt (receipts.ts: made on first read if it cannot be signed now).
  const receipt = share.payment ? await signReceipt(receiptPayload(share, bundle, words, at)) : null;
  const feedback = { ...words, userId, createdAt: at, ...(receipt ? { receipt } : {}) };
  // The review joins the musician's progress in the same write, so it is counted once and only if delivered.
  const progress = reviewReceived(share.sharedByUserId, { ...feedback, comments: mine });
  // The musician (the e-mail's recipient) and the reviewer's listing are read alongside the write.
  const listing = readAhead(userId);
  // The reviewer's reputation moves in the same write: its event, applied to their listing just after.
  const reputation = reviewEvent(share, at);
  const acceptedAfter = completeBy && share.payment ? deadlineCutoffs(share.payment, Date.parse(at)).acceptedAfter : undefined;
  const [ok, musician] = await Promise.all([
    shares.completeWithFeedback(
      share,
      feedback,
      [...(share.payment ? fulfilment(share, at) : []), progress, reputationWrite(userId, reputation, at)],
      {
        claimEmail: 'responded',
        acceptedAfter,
        recheckOutcome,
        // The comments as the floor was checked on them: a change meanwhile (another tab) refuses the completion.
        reviewEdits: bundle.reviewEdits ?? 0,
      },
    ),
    getUser(share.sharedByUserId).catch((err) => (log.error('Recipient not read', err, { userId: share.sharedByUserId }), undefined)),
  ]);
  if (!ok) {
    const now = await shares.readShare(share.id);
    if (!now) throw new NotFound('Feedback request not found');
    if (now.deleting) throw beingDeleted();
    if (now.record.status === 'accepted') {
      const late = acceptedAfter && (now.record.acceptedAt ?? '') <= acceptedAfter;
      if (late || (completeBy && completeBy <= new Date().toISOString())) throw paidRequestExpired('accepted');
      throw new Conflict(
        'Your comments changed while the review was being submitted (in another tab?). Check them and submit again.',
        'review_changed',
      );
    }
    if (now.record.status !== 'completed') throw closedRequest(now.record.status);
    // The same submission made at once elsewhere (a double click, two tabs) won: the review as it landed.
    const landed = await shares.getShareBundle(share.id);
    if (landed && isSameFeedback(landed.feedback, userId, criteria, input.comment)) return toShareDetail(landed, userId);
    throw new Conflict('This feedback is complete and cannot be reviewed again', 'completed');
  }
  count('FeedbackCompleted');
  const done = { ...share, status: 'completed' as const, updatedAt: at, ...(recheckOutcome ? { recheckOutcome } : {}) };
  const mail = async () => {
    const to = musician === undefined ? await getUser(share.sharedByUserId).catch(() => undefined) : musician;
    if (to === undefined) await shares.releaseEmail(share.id, 'responded').catch(() => {});
    else {
      const drew = drewOn(
        bundle.comments.filter((c) => c.userId === userId),
        'you',
      );
      await sendClaimedShareMail(share.id, 'responded', to, feedbackRespondedMail(done, drew));
    }
  };
  // What follows the delivery, side by side: none of it can fail the review.
  await Promise.all([
    mail(),
    recorded(userId, reputation, listing),
    rememberReviewText(
      userId,
      share.id,
      feedback.comment ?? '',
      mine.map((c) => c.text),
      texts,
    ),
  ]);
  // The view as written: what was read, with the write applied (the client reloads on later changes).
  return toShareDetail({ ...bundle, share: done, feedback, draft: null }, userId);
}

export async function rateFeedback(userId: string, input: { id: string; rating: number; comment?: string }) {
  const bundle = await bundleFor(userId, input.id);
  const { share } = bundle;
  if (share.sharedByUserId !== userId) throw new Forbidden('Only the musician who asked rates the feedback');
  if (share.status !== 'completed') throw new Conflict('Feedback can be rated once it is complete', 'not_completed');
  const ranking = { rating: input.rating, comment: input.comment || null, createdAt: new Date().toISOString() };
  const listing = readAhead(share.sharedWithUserId);
  const reputation = ratingEvent(share.id, ranking.rating);
  if (!(await shares.putRanking(share, ranking, [reputationWrite(share.sharedWithUserId, reputation, ranking.createdAt)]))) {
    const [now, rated] = await Promise.all([shares.readShare(share.id), shares.getShareBundle(share.id)]);
    if (!now) throw new NotFound('Feedback request not found');
    if (now.deleting) throw beingDeleted();
    // This very rating again (its answer was lost): the rating as it landed.
    const same = rated?.ranking && rated.ranking.rating === ranking.rating && rated.ranking.comment === ranking.comment;
    if (same) return toShareDetail(rated, userId);
    throw new Conflict('You have already rated this feedback', 'already_rated');
  }
  await recorded(share.sharedWithUserId, reputation, listing);
  return toShareDetail({ ...bundle, share: { ...share, rating: ranking.rating }, ranking }, userId);
}
