/** HTTP handlers of the shares area: requests, comments, feedback and its rating. */
import type { ShareStatus } from '../../shared/feedback.js';
import * as shares from '../domain/shares.js';
import * as review from '../domain/review-work.js';
import { reputationOf } from '../domain/reputation.js';
import * as disputes from '../domain/disputes.js';
import * as rechecks from '../domain/rechecks.js';
import * as publicReviews from '../domain/public-reviews.js';
import { areaHandler } from './area-handler.js';
import { sharesSchemas } from '../../shared/api/route-schemas/shares.js';

export const handler = areaHandler('shares', sharesSchemas, {
  createShare: async ({ input, caller }) => shares.toShareView(await shares.createShare(caller.user, input)),
  listShares: async ({ input, caller }) => {
    const page = await shares.listShares(caller.user.id, input.as, input.status?.split(',') as ShareStatus[] | undefined, input.cursor);
    return { shares: page.shares.map(shares.toShareView), next: page.next };
  },
  getShare: async ({ input, caller }) => {
    const bundle = await shares.bundleFor(caller.user.id, input.id);
    const [reviewerReputation, checklist] = await Promise.all([
      reputationOf(bundle.share.sharedWithUserId),
      rechecks.checklistOf(bundle, caller.user.id),
    ]);
    return { ...shares.toShareDetail(bundle, caller.user.id), reviewerReputation, checklist };
  },
  respondToShare: async ({ input, caller }) =>
    shares.toShareView(
      await shares.respond(caller.user.id, input.id, input.status, {
        impersonated: Boolean(caller.actor),
        reason: input.reason,
        reasonText: input.reasonText,
      }),
    ),
  addComment: async ({ input, caller }) => shares.addComment(caller.user, input.id, input),
  updateComment: async ({ input, caller }) => shares.updateComment(caller.user.id, input),
  markCheck: async ({ input, caller }) => rechecks.markCheck(caller.user.id, input),
  deleteComment: async ({ input, caller }) => {
    await shares.deleteComment(caller.user.id, input.id, input.commentId);
    return { ok: true as const };
  },
  reportListening: async ({ input, caller }) => review.reportListening(caller.user.id, input),
  saveDraft: async ({ input, caller }) => review.saveDraft(caller.user.id, input),
  submitFeedback: async ({ input, caller }) => shares.submitFeedback(caller.user.id, input, { impersonated: Boolean(caller.actor) }),
  rateFeedback: async ({ input, caller }) => shares.rateFeedback(caller.user.id, input),
  reportReview: async ({ input, caller }) => disputes.reportReview(caller.user.id, input),
  getPublicLink: async ({ input, caller }) => publicReviews.publicLinkOf(caller.user.id, input.id),
  makePublicLink: async ({ input, caller }) => publicReviews.makePublicLink(caller.user.id, input.id),
  revokePublicLink: async ({ input, caller }) => publicReviews.revokePublicLink(caller.user.id, input.id),
});
