/**
 * What a re-check is asked on, checked where every request is made ready (requests.ts prepareRequest):
 * apart from rechecks.ts, which the request routes do not need.
 */
import * as shares from './data/shares.js';
import type { ShareBundle } from './data/shares.js';
import type { TrackRecord } from '../tracks/data/index.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { orderComments } from './share-views.js';

/**
 * The previous request of a re-check, read beside the request's other checks (one round trip): null when
 * none is asked for.
 */
export function readPrevious(recheckOf: string | undefined): Promise<ShareBundle | null> {
  return recheckOf ? shares.getShareBundle(recheckOf) : Promise.resolve(null);
}

/**
 * The points of the review a re-check checks again, checked: the caller's own request, completed, by the
 * same reviewer, and `track` a later version of the track it reviewed. Its points are the reviewer's
 * comments up to the submission (answers to questions after it are not points), at most MAX_CHECKLIST_POINTS.
 */
export function checkRecheck(
  callerId: string,
  previous: ShareBundle | null,
  track: TrackRecord,
  reviewerId: string,
): { of: string; points: string[] } {
  if (!previous) throw new NotFound('The review to re-check was not found');
  const { share, feedback } = previous;
  if (share.sharedByUserId !== callerId) throw new Forbidden('This review was not written for you');
  if (share.status !== 'completed' || !feedback) throw new Conflict('Only a completed review can be re-checked', 'recheck_not_completed');
  if (share.sharedWithUserId !== reviewerId) {
    throw new BadRequest(`A re-check goes to the reviewer of the first review, ${share.sharedWithName}`, undefined, 'recheck_reviewer');
  }
  // A request made before versions is on a track itself (v1).
  const reviewedStack = share.trackStackId ?? share.trackId;
  if ((track.stackId ?? track.id) !== reviewedStack || (track.version ?? 1) <= (share.trackVersion ?? 1)) {
    throw new BadRequest('A re-check is of a later version of the same track: upload the new version first', undefined, 'recheck_version');
  }
  const points = orderComments(previous.comments.filter((c) => c.userId === share.sharedWithUserId && c.createdAt <= feedback.createdAt));
  return { of: share.id, points: points.slice(0, MAX_CHECKLIST_POINTS).map((c) => c.id) };
}

/**
 * The most points a checklist takes (the first in time order): its marks and notes live on one item, which
 * must stay well under DynamoDB's 400 KB (200 notes of 280 characters are about 70 KB).
 */
export const MAX_CHECKLIST_POINTS = 200;
