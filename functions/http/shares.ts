/** HTTP handlers of the shares area: requests, comments, feedback and its rating. */
import type { ShareStatus } from '../../shared/feedback.js';
import {
  toShareView,
  createShare,
  listShares,
  bundleFor,
  toShareDetail,
  respond,
  addComment,
  updateComment,
  deleteComment,
  submitFeedback,
  rateFeedback,
  reportListening,
  saveDraft,
  reportReview,
  checklistOf,
  markCheck,
  publicLinkOf,
  makePublicLink,
  revokePublicLink,
  findingsOfReview,
  dismissFinding,
  receiptOf,
  recheckQuote,
} from '../feedback/index.js';
import { reputationOf } from '../people/index.js';
import { areaHandler } from './area-handler.js';
import { sharesSchemas } from '../../shared/api/route-schemas/shares.js';

export const handler = areaHandler('shares', sharesSchemas, {
  createShare: async ({ input, caller }) => toShareView(await createShare(caller.user, input)),
  listShares: async ({ input, caller }) => {
    const page = await listShares(caller.user.id, input.as, input.status?.split(',') as ShareStatus[] | undefined, input.cursor);
    return { shares: page.shares.map(toShareView), next: page.next };
  },
  getShare: async ({ input, caller }) => {
    const bundle = await bundleFor(caller.user.id, input.id);
    const [reviewerReputation, checklist, receipt] = await Promise.all([
      reputationOf(bundle.share.sharedWithUserId),
      checklistOf(bundle, caller.user.id),
      receiptOf(bundle, { make: true }),
    ]);
    return { ...toShareDetail(bundle, caller.user.id), reviewerReputation, checklist, receipt };
  },
  respondToShare: async ({ input, caller }) =>
    toShareView(
      await respond(caller.user.id, input.id, input.status, {
        impersonated: Boolean(caller.actor),
        reason: input.reason,
        reasonText: input.reasonText,
      }),
    ),
  addComment: async ({ input, caller }) => addComment(caller.user, input.id, input),
  updateComment: async ({ input, caller }) => updateComment(caller.user.id, input),
  markCheck: async ({ input, caller }) => markCheck(caller.user.id, input),
  deleteComment: async ({ input, caller }) => {
    await deleteComment(caller.user.id, input.id, input.commentId);
    return { ok: true as const };
  },
  listReviewFindings: async ({ input, caller }) => findingsOfReview(caller.user.id, input.id),
  dismissFinding: async ({ input, caller }) => dismissFinding(caller.user.id, input),
  reportListening: async ({ input, caller }) => reportListening(caller.user.id, input),
  saveDraft: async ({ input, caller }) => saveDraft(caller.user.id, input),
  submitFeedback: async ({ input, caller }) => submitFeedback(caller.user.id, input, { impersonated: Boolean(caller.actor) }),
  rateFeedback: async ({ input, caller }) => rateFeedback(caller.user.id, input),
  reportReview: async ({ input, caller }) => reportReview(caller.user.id, input),
  getPublicLink: async ({ input, caller }) => publicLinkOf(caller.user.id, input.id),
  getRecheckQuote: async ({ input, caller }) => recheckQuote(caller.user.id, input.id),
  makePublicLink: async ({ input, caller }) => makePublicLink(caller.user.id, input.id),
  revokePublicLink: async ({ input, caller }) => revokePublicLink(caller.user.id, input.id),
});
