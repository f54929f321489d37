/**
 * 'Delete my account'. What money is still moving on the account must be settled first, and is listed:
 * paid requests waiting for an answer or a review (either side), a review accepted and not submitted, an
 * open report, a balance not paid out, a payout on its way, a plan that renews. Then, in an order that a
 * failure part-way can be finished from by asking again (each step finds what is left):
 * 1. at once: requests the user was asked for (a free one still pending is declined; every one keeps its
 *    review for its author, attributed to 'Deleted user'); the user's completed requests, which leave
 *    their tracks, kept for their reviewers the same way (the read-only link of one revoked); the names in
 *    money records (money/data/money-names.ts);
 * 2. the tracks go, with their remaining requests and their audio (tracks/track-deletion.ts; a paid
 *    request there, which the blockers leave none of, would be refunded by the next check);
 * 3. the profile's images, then the user's records (people/data/user-removal.ts);
 * 4. the account in Cognito, last: until then the user can sign in and finish.
 * Payments, payouts and the ledger stay (the books must), under the account's id, which names nobody once
 * the profile is gone (the ledger's entries, never changed, name nobody: views take names from the records).
 */
import type { ShareStatus } from '../../shared/feedback.js';
import { formatCents } from '../../shared/money.js';
import { paths } from '../../shared/paths.js';
import type { AccountDeletionView, DeleteAccountInput, DeletionBlocker } from '../../shared/schemas/account-deletion.js';
import { deleteAccount as deleteIdentity, deleteImage, removeUserRecords, getUser, type UserRecord } from '../people/data/index.js';
import { openPayoutOf, forgetNameInPayment, forgetPayee, type PaymentRecord } from '../money/data/index.js';
import { pooledOf } from '../feedback/index.js';
import {
  readDispute,
  setStatus,
  forgetReviewer,
  forgetAuthor,
  deletePublicLink,
  getPublicLinkOf,
  type PublicLinkRecord,
  type ShareRecord,
} from '../feedback/data/index.js';
import { BadRequest, Conflict, ServiceUnavailable, notWhileImpersonating } from '../lib/errors.js';
import { log } from '../lib/observability.js';
import { allPayments, allPayouts, allRequests, allTracks, paymentsEarnedBy } from './account-history.js';
import type { Caller } from '../people/index.js';
import { deliverTo, enforceRateLimit } from '../platform/index.js';
import { deleteOwnTracks } from '../tracks/index.js';

/** Why a free request the user was asked for is declined by the deletion. */
export const DECLINED_BY_DELETION = 'The reviewer deleted their account.';

interface History {
  user: UserRecord;
  tracks: { id: string }[];
  made: ShareRecord[];
  received: ShareRecord[];
  /** The paid, completed requests whose report waits for an admin (either side). */
  openDisputes: ShareRecord[];
  openPayout: boolean;
  /** Snip Pro requests still finding their reviewer: no request exists yet, only the payment. */
  pooled: PaymentRecord[];
}

/** A report of a paid review is decided by an admin, with both sides there. */
async function openDisputesIn(made: ShareRecord[], received: ShareRecord[]): Promise<ShareRecord[]> {
  const paidDone = [...made, ...received].filter((s) => s.payment && s.status === 'completed');
  const disputes = await Promise.all(paidDone.map((s) => readDispute(s.id)));
  return paidDone.filter((_, i) => disputes[i]?.status === 'open');
}

/**
 * The account's lists and what hangs on them. Each read starts as soon as what it needs is there (the reports
 * once the requests are listed, beside the tracks' second read), so the route stays at three round trips.
 */
async function historyOf(user: UserRecord): Promise<History> {
  const made = allRequests(user.id, 'author');
  const received = allRequests(user.id, 'reviewer');
  const [tracks, madeList, receivedList, openDisputes, openPayout, pooled] = await Promise.all([
    allTracks(user.id),
    made,
    received,
    Promise.all([made, received]).then(([m, r]) => openDisputesIn(m, r)),
    openPayoutOf(user.id),
    pooledOf(user.id),
  ]);
  return { user, tracks, made: madeList, received: receivedList, openDisputes, openPayout: Boolean(openPayout), pooled };
}

/** A request still waiting for its reviewer's answer or review. */
const WAITING: ReadonlySet<ShareStatus> = new Set<ShareStatus>(['pending', 'accepted']);

/** What stops the deletion now, each named for the user to settle. */
function blockersOf({ user, made, received, openDisputes, openPayout, pooled }: History, isAdmin: boolean): DeletionBlocker[] {
  const out: DeletionBlocker[] = [];
  if (isAdmin || user.type === 'admin') {
    out.push({
      kind: 'admin',
      message: 'An admin account is not deleted here: ask another admin to take you out of the admin group first.',
    });
  }
  for (const s of made) {
    if (s.payment && WAITING.has(s.status)) {
      const state = s.status === 'pending' ? 'waits for their answer (deleting its track withdraws it, refunded)' : 'is being reviewed';
      out.push({ kind: 'request', shareId: s.id, message: `"${s.trackTitle}": your paid request to ${s.sharedWithName} ${state}.` });
    }
  }
  for (const p of pooled) {
    out.push({
      kind: 'request',
      message: `"${p.trackTitle}": your Snip Pro request is finding its reviewer: withdraw it on your home page first (refunded in full).`,
    });
  }
  for (const s of received) {
    if (s.status === 'accepted') {
      out.push({
        kind: 'review',
        shareId: s.id,
        message: `"${s.trackTitle}": you accepted ${s.sharedByName}'s request: submit your review first.`,
      });
    } else if (s.payment && s.status === 'pending') {
      out.push({ kind: 'request', shareId: s.id, message: `"${s.trackTitle}": ${s.sharedByName}'s paid request waits for your answer.` });
    }
  }
  for (const s of openDisputes) {
    out.push({ kind: 'dispute', shareId: s.id, message: `"${s.trackTitle}": a report of this review waits for an admin's decision.` });
  }
  if (user.balanceCents) out.push(balanceBlocker(user.balanceCents));
  if (openPayout) out.push({ kind: 'payout', message: 'A payout to your PayPal account is on its way: wait until it arrives.' });
  if (user.plan && !user.plan.cancelAtPeriodEnd && user.plan.status !== 'canceled') {
    out.push({ kind: 'plan', message: `Your ${user.plan.name} plan renews: cancel it on Billing first.` });
  }
  return out;
}

/** Completed requests: the reviews the other side keeps. */
const keptReviews = ({ made, received }: History) => [...made, ...received].filter((s) => s.status === 'completed').length;

/** The limit is counted beside the lists' first pages (as the data export does): a round trip less. */
async function limitedHistory(user: UserRecord): Promise<History> {
  const [, history] = await Promise.all([enforceRateLimit('accountDeletion', user.id), historyOf(user)]);
  return history;
}

export async function deletionCheck({ user, isAdmin }: Caller): Promise<AccountDeletionView> {
  const history = await limitedHistory(user);
  return { blockers: blockersOf(history, isAdmin), tracks: history.tracks.length, keptReviews: keptReviews(history) };
}

export async function deleteMyAccount({ user, isAdmin, actor, identity }: Caller, input: DeleteAccountInput): Promise<{ deleted: true }> {
  if (actor) throw notWhileImpersonating('Deleting the account is not available while impersonating.');
  if (input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new BadRequest("Type your account's e-mail to confirm", { email: "This is not your account's e-mail" }, 'email_mismatch');
  }
  const history = await limitedHistory(user);
  const completed = history.made.filter((s) => s.status === 'completed');
  // Read together: the read-only links of the requests kept for their reviewers, and the money
  // records that name the user.
  const blockers = blockersOf(history, isAdmin);
  const [links, payments, payouts, earned] = await Promise.all([
    Promise.all(completed.map((s) => getPublicLinkOf(s.id))),
    allPayments(user.id),
    allPayouts(user.id),
    paymentsEarnedBy(user.id),
  ]);
  if (blockers.length) {
    throw new Conflict(
      blockers.length === 1 ? blockers[0].message : `${blockers[0].message} (and ${blockers.length - 1} more to settle first)`,
      'deletion_blocked',
    );
  }

  // The requests and money records left to others, at once: none of these writes depends on another.
  await Promise.all([
    ...history.received.map(leaveAsReviewer),
    ...completed.map((s, i) => leaveAsAuthor(s, links[i])),
    ...payments.map((p) => forgetNameInPayment(p.orderId, 'author')),
    ...payouts.map((p) => forgetPayee(p.id)),
  ]);
  if (history.tracks.length) {
    const { failed } = await deleteOwnTracks(
      user.id,
      history.tracks.map((t) => t.id),
    );
    if (failed.length) throw partWay(user.id, `tracks: ${failed.map((f) => f.message).join('; ')}`);
  }
  await Promise.all(
    [user.profileImage, user.coverImage]
      .filter((k): k is string => Boolean(k))
      .map((k) => deleteImage(k).catch((err) => log.error('Image left behind', err, { key: k }))),
  );
  // A write meanwhile (a preference saved in another tab) moved the profile on: once more from it.
  if (!(await removeUserRecords(user))) {
    const fresh = await getUser(user.id);
    // A payment credited meanwhile (a capture after the check): the balance stops it, as it would have.
    if (fresh?.balanceCents) throw new Conflict(balanceBlocker(fresh.balanceCents).message, 'deletion_blocked');
    if (fresh && !(await removeUserRecords(fresh))) throw partWay(user.id, 'the profile kept changing');
  }
  // Every payment that paid them (those of the requests they still have, and those whose track is gone) moves
  // no balance of theirs from now on: marked only once the profile, and with it the balance, is gone, so that
  // a deletion stopped by a late earning leaves their payments as they were.
  await Promise.all(
    [...new Set([...history.received.flatMap((s) => (s.payment ? [s.payment.orderId] : [])), ...earned])].map((orderId) =>
      forgetNameInPayment(orderId, 'reviewer'),
    ),
  );
  // Asked again, the account's next call makes it a new empty record, and the deletion finishes here.
  await deleteIdentity(identity.cognitoUsername).catch((err) => {
    log.error('The account stayed in the pool', err, { userId: user.id });
    throw partWay(user.id, 'the account in the pool');
  });
  log.info('Account deleted', { userId: user.id, tracks: history.tracks.length, keptReviews: keptReviews(history) });
  // Told to the address, whatever it chose to hear: a deletion nobody asked for must not go unnoticed.
  await deliverTo(
    user,
    'account',
    'Your Snip account was deleted',
    [
      `Your Snip account (${user.email}) was deleted as you asked, with its tracks and their audio.`,
      "Each review you wrote or received stays with the other side of its request, attributed to 'Deleted user'. Payment records are kept without your name, as the law requires.",
      'Thank you for making music with us.',
    ],
    paths.landing,
  ).catch((err) => log.error('Deletion e-mail not sent', err, { userId: user.id }));
  return { deleted: true };
}

/** A request the user was asked for: a free one still pending is declined (a paid one was a blocker). */
async function leaveAsReviewer(s: ShareRecord) {
  if (s.status === 'pending' && !s.payment) {
    // False when answered or withdrawn meanwhile: either way no longer pending.
    await setStatus(s, ['pending'], 'declined', {
      at: new Date().toISOString(),
      decline: { reason: 'other', text: DECLINED_BY_DELETION },
    });
  }
  if (s.leftBy !== 'reviewer') await forgetReviewer(s.id);
}

/** A completed request of the user's: kept for its reviewer, off the track, its read-only link revoked. */
async function leaveAsAuthor(s: ShareRecord, link: PublicLinkRecord | null) {
  if (link) await deletePublicLink(s.id, link.token);
  await forgetAuthor(s.trackId, s.id);
}

const balanceBlocker = (cents: number): DeletionBlocker => ({
  kind: 'balance',
  message: `Your earnings balance is ${formatCents(cents)}: it must be paid out (or settled) first.`,
});

function partWay(userId: string, what: string) {
  log.error('Account deletion stopped part-way', undefined, { userId, what });
  return new ServiceUnavailable(
    'Your account could not be deleted completely. Please try again: what is done stays done.',
    'deletion_incomplete',
  );
}
