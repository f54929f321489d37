/**
 * The feedback topic: requests free and paid, reviews, listening, re-checks, disputes, public reviews, templates, suggestions.
 * What it offers the topics above it and the entry points: the one way into feedback/ (lint holds it).
 */
export { listDecidedDisputes, listDisputes, reportReview, resolveDispute } from './disputes.js';
export { startListening } from './listening-sessions.js';
export { createPaidRequest } from './paid-requests.js';
export { claimPoolRequest, createPoolRequest, poolOffersFor, pooledOf, waitingPoolRequests } from './pool.js';
export { endPoolRequestsOfGoneTracks, withdrawPoolRequest } from './pool-withdrawal.js';
export { poolHealth } from './pool-health.js';
export { recheckQuote } from './requests.js';
export { progressOf } from './progress.js';
export { makePublicLink, publicLinkOf, publicReview, revokePublicLink } from './public-reviews.js';
export { checklistOf, markCheck } from './rechecks.js';
export { dismissFinding, findingsOfReview, findingStats } from './review-findings.js';
export { checkReceipt, receiptOf } from './receipts.js';
export { reportListening, saveDraft } from './review-work.js';
export { orderComments, toCommentView, toShareView, visibleComments } from './share-views.js';
export {
  addComment,
  bundleFor,
  createShare,
  deleteComment,
  listShares,
  rateFeedback,
  respond,
  submitFeedback,
  toShareDetail,
  updateComment,
} from './shares.js';
export { suggestComment, suggestionUsage } from './suggestions.js';
export { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.js';
