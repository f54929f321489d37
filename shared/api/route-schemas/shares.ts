/** What the shares area's routes take and give (shared/api/routes.ts joins every area's). */
import { okOutput } from '../../schemas/common.js';
import {
  addCommentInput,
  checkChangeView,
  commentView,
  createShareInput,
  deleteCommentInput,
  markCheckInput,
  draftView,
  listeningView,
  reportListeningInput,
  saveDraftInput,
  getShareInput,
  listSharesInput,
  rateFeedbackInput,
  reportReviewInput,
  disputeView,
  respondToShareInput,
  shareDetail,
  shareList,
  shareView,
  submitFeedbackInput,
  updateCommentInput,
} from '../../schemas/shares.js';
import type { AreaSchemas } from '../route.js';
import { publicLinkOutput, publicLinkView, revokedOutput } from '../../schemas/public-review.js';

export const sharesSchemas = {
  createShare: { input: createShareInput, output: shareView },
  listShares: { input: listSharesInput, output: shareList },
  getShare: { input: getShareInput, output: shareDetail },
  respondToShare: { input: respondToShareInput, output: shareView },
  addComment: { input: addCommentInput, output: commentView },
  updateComment: { input: updateCommentInput, output: commentView },
  deleteComment: { input: deleteCommentInput, output: okOutput },
  markCheck: { input: markCheckInput, output: checkChangeView },
  reportListening: { input: reportListeningInput, output: listeningView },
  saveDraft: { input: saveDraftInput, output: draftView },
  submitFeedback: { input: submitFeedbackInput, output: shareDetail },
  rateFeedback: { input: rateFeedbackInput, output: shareDetail },
  reportReview: { input: reportReviewInput, output: disputeView },
  getPublicLink: { input: getShareInput, output: publicLinkOutput },
  makePublicLink: { input: getShareInput, output: publicLinkView },
  revokePublicLink: { input: getShareInput, output: revokedOutput },
} as const satisfies AreaSchemas<'shares'>;
