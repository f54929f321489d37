/**
 * Re-checks: after a review, the musician fixes the mix and asks the same reviewer to check the new
 * version. The previous review's comments become a checklist on the new version's timeline; the reviewer
 * marks each point fixed, not fixed or not applicable, and the outcome ('7 of 9 fixed') stays on the request.
 */
import { CLOSED_STATUSES } from '../../shared/feedback.js';
import type { CheckChangeView, CheckItemView, CheckMark, RecheckOutcome } from '../../shared/schemas/shares.js';
import type { ShareStatus } from '../../shared/feedback.js';
import * as shares from './data/shares.js';
import type { ChecklistRecord, ShareBundle } from './data/shares.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { bundleFor } from './share-bundle.js';

/**
 * A re-check's checklist as `viewerId` sees it: its points (the previous review's comments, in time
 * order) at the place the musician gave them on the new version, with the reviewer's marks (kept from the
 * musician until the re-check is submitted, as the rest of the review is). Null for a first request; a
 * point whose comment is gone (its version deleted) is left out.
 */
export async function checklistOf(bundle: ShareBundle, viewerId: string): Promise<CheckItemView[] | null> {
  const { share, checklist } = bundle;
  if (!share.recheckOf) return null;
  const previous = await shares.getShareBundle(share.recheckOf);
  const comments = new Map(previous?.comments.map((c) => [c.id, c]));
  const showMarks = viewerId === share.sharedWithUserId || share.status === 'completed';
  const moved = checklist?.moved ?? {};
  return (checklist?.points ?? []).flatMap((id) => {
    const c = comments.get(id);
    if (!c) return [];
    const marked = showMarks ? checklist?.marks[id] : undefined;
    return [
      {
        commentId: id,
        text: c.text,
        tags: c.tags,
        originalTimestamp: c.timestamp,
        timestamp: id in moved ? moved[id] : c.timestamp,
        mark: marked?.mark ?? null,
        note: marked?.note || null,
      },
    ];
  });
}

const checklistIncomplete = (left: number) =>
  new Conflict(
    `Mark every point of the previous review as fixed, not fixed or not applicable: ${left} ${left === 1 ? 'point is' : 'points are'} left.`,
    'checklist_incomplete',
    { left },
  );

/**
 * A re-check is submitted with every point marked (the point of it), and its outcome kept on the request.
 * Read from the re-check alone; only when points are unmarked is the previous review read, to see whether
 * they are still there (a deleted version takes its points with it). Undefined for a first request.
 */
export async function recheckOutcome(bundle: ShareBundle): Promise<RecheckOutcome | undefined> {
  if (!bundle.share.recheckOf) return undefined;
  const points = bundle.checklist?.points ?? [];
  const marks: ChecklistRecord['marks'] = bundle.checklist?.marks ?? {};
  let counted = points;
  const unmarked = points.filter((p) => !marks[p]);
  if (unmarked.length) {
    const previous = await shares.getShareBundle(bundle.share.recheckOf);
    const there = new Set(previous?.comments.map((c) => c.id));
    const left = unmarked.filter((p) => there.has(p)).length;
    if (left) throw checklistIncomplete(left);
    counted = points.filter((p) => marks[p]);
  }
  const n = (m: CheckMark) => counted.filter((p) => marks[p]?.mark === m).length;
  const notApplicable = n('not_applicable');
  return { fixed: n('fixed'), notFixed: n('not_fixed'), notApplicable, total: counted.length - notApplicable };
}

/**
 * Marks a point (the reviewer, while reviewing) or moves it on the new version's timeline (the musician,
 * until the review is submitted). Each may only do their own. Returns what changed.
 */
export async function markCheck(
  userId: string,
  input: { id: string; commentId: string } & ({ mark: CheckMark; note: string } | { timestamp: number | null }),
): Promise<CheckChangeView> {
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
  if (!bundle.checklist?.points.includes(input.commentId)) throw new NotFound('This point is not on the checklist');
  const write =
    'mark' in input ? { mark: input.mark, note: input.note.trim() || null, at: new Date().toISOString() } : { timestamp: input.timestamp };
  // The reviewer marks while reviewing; the musician moves points until the review is in.
  const closed: ShareStatus[] = [...CLOSED_STATUSES, 'completed', ...(isReviewer ? (['pending'] as const) : [])];
  if (!(await shares.setCheck(share.id, input.commentId, write, closed))) {
    throw new Conflict('This re-check is closed: its checklist no longer changes', 'not_open');
  }
  return 'mark' in write ? { commentId: input.commentId, mark: write.mark, note: write.note } : { commentId: input.commentId, ...write };
}
