/**
 * Re-checks: after a review, the musician fixes the mix and asks the same reviewer to check the new
 * version. The previous review's comments become a checklist on the new version's timeline; the reviewer
 * marks each point fixed, not fixed or not applicable, and the outcome ('7 of 9 fixed') stays on the request.
 */
import { CLOSED_STATUSES } from '../../shared/feedback.js';
import type { CheckItemView, CheckMark, RecheckOutcome } from '../../shared/schemas/shares.js';
import * as shares from '../data/shares.js';
import type { ShareBundle, ShareRecord } from '../data/shares.js';
import { getTrack, type TrackRecord } from '../data/tracks.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { bundleFor } from './share-bundle.js';
import { orderComments } from './share-views.js';

const stackOf = (t: TrackRecord) => t.stackId ?? t.id;

/**
 * The request a re-check checks again, checked: the caller's own, completed, by the same reviewer, and
 * `track` a later version of the track it reviewed.
 */
export async function checkRecheck(callerId: string, previousId: string, track: TrackRecord, reviewerId: string): Promise<ShareRecord> {
  const found = await shares.readShare(previousId);
  if (!found) throw new NotFound('The review to re-check was not found');
  const previous = found.record;
  if (previous.sharedByUserId !== callerId) throw new Forbidden('This review was not written for you');
  if (previous.status !== 'completed') throw new Conflict('Only a completed review can be re-checked', 'recheck_not_completed');
  if (previous.sharedWithUserId !== reviewerId) {
    throw new BadRequest(`A re-check goes to the reviewer of the first review, ${previous.sharedWithName}`, undefined, 'recheck_reviewer');
  }
  const reviewed = await getTrack(previous.trackId);
  if (!reviewed || stackOf(reviewed) !== stackOf(track) || (track.version ?? 1) <= (reviewed.version ?? 1)) {
    throw new BadRequest('A re-check is of a later version of the same track: upload the new version first', undefined, 'recheck_version');
  }
  return previous;
}

/**
 * A re-check's checklist as `viewerId` sees it: the previous review's comments by its reviewer, in time
 * order, at the place the musician gave them on the new version, with the reviewer's marks (kept from the
 * musician until the re-check is submitted, as the rest of the review is). Null for a first request; empty
 * when the previous request is gone (its version deleted).
 */
export async function checklistOf(bundle: ShareBundle, viewerId: string): Promise<CheckItemView[] | null> {
  const { share, checklist } = bundle;
  if (!share.recheckOf) return null;
  const previous = await shares.getShareBundle(share.recheckOf);
  if (!previous) return [];
  const showMarks = viewerId === share.sharedWithUserId || share.status === 'completed';
  const points = orderComments(previous.comments.filter((c) => c.userId === previous.share.sharedWithUserId));
  return points.map((c) => {
    const marked = showMarks ? checklist?.marks[c.id] : undefined;
    const moved = checklist?.moved ?? {};
    return {
      commentId: c.id,
      text: c.text,
      tags: c.tags,
      originalTimestamp: c.timestamp,
      timestamp: c.id in moved ? moved[c.id] : c.timestamp,
      mark: marked?.mark ?? null,
      note: marked?.note || null,
    };
  });
}

export function outcomeOf(list: CheckItemView[]): RecheckOutcome {
  const n = (m: CheckMark) => list.filter((i) => i.mark === m).length;
  const notApplicable = n('not_applicable');
  return { fixed: n('fixed'), notFixed: n('not_fixed'), notApplicable, total: list.length - notApplicable };
}

/** A re-check is submitted with every point marked: what it checks is the point of it. */
export function assertChecklistDone(list: CheckItemView[]): void {
  const left = list.filter((i) => !i.mark).length;
  if (left) {
    throw new Conflict(
      `Mark every point of the previous review as fixed, not fixed or not applicable: ${left} ${left === 1 ? 'point is' : 'points are'} left.`,
      'checklist_incomplete',
      { left },
    );
  }
}

/**
 * Marks a point (the reviewer, while reviewing) or moves it on the new version's timeline (the musician,
 * until the review is submitted). Each may only do their own.
 */
export async function markCheck(
  userId: string,
  input: { id: string; commentId: string } & ({ mark: CheckMark; note: string } | { timestamp: number | null }),
): Promise<CheckItemView> {
  const bundle = await bundleFor(userId, input.id);
  const { share } = bundle;
  if (!share.recheckOf) throw new BadRequest('This request is not a re-check: it has no checklist', undefined, 'not_a_recheck');
  const isReviewer = userId === share.sharedWithUserId;
  if ('mark' in input && !isReviewer) throw new Forbidden('Only the reviewer marks the checklist');
  if ('timestamp' in input && isReviewer) throw new Forbidden('Only the musician moves a point of the checklist');
  if ('mark' in input && share.status !== 'accepted') {
    throw new Conflict(share.status === 'pending' ? 'Accept the request before reviewing it' : 'This re-check is closed', 'not_open');
  }
  if ('timestamp' in input && input.timestamp !== null && input.timestamp > share.trackDuration) {
    const message = `The point must be within the track, by ${Math.floor(share.trackDuration)} s`;
    throw new BadRequest(message, { timestamp: message });
  }
  const list = (await checklistOf(bundle, userId)) ?? [];
  const item = list.find((i) => i.commentId === input.commentId);
  if (!item) throw new NotFound('This point is not on the checklist');
  const after: CheckItemView =
    'mark' in input ? { ...item, mark: input.mark, note: input.note.trim() || null } : { ...item, timestamp: input.timestamp };
  const change = 'mark' in input ? { mark: input.mark, note: after.note, at: new Date().toISOString() } : { timestamp: after.timestamp };
  // The reviewer marks while reviewing; the musician moves points until the review is in.
  const closed = [...CLOSED_STATUSES, ...(isReviewer ? (['pending'] as const) : []), 'completed' as const];
  if (!(await shares.setCheck(share.id, item.commentId, change, [...new Set(closed)]))) {
    throw new Conflict('This re-check is closed: its checklist no longer changes', 'not_open');
  }
  return after;
}
