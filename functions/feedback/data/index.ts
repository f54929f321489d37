/**
 * The records of feedback, as other topics and the entry points read and write them: the one way into
 * feedback/data/ (lint holds it).
 */
export { DAY_MS, HOUR_MS, deadlineOf, reminderOf, respondBy } from './paid-deadlines.js';
export {
  SHARE_ENTITIES,
  claimDigest,
  claimEmail,
  countOpenDisputes,
  dueDigests,
  emailClaimItem,
  forgetAuthor,
  forgetReviewer,
  getShareBundle,
  isTrackLink,
  newShareItems,
  noOpenDispute,
  pageSharesBy,
  pageSharesWith,
  readDispute,
  readShare,
  refundMark,
  releaseEmail,
  restoreDigest,
  setStatus,
  shareDeletes,
  shareItemKeys,
  shareOpenCheck,
  sharesOfTrack,
  sharesReviewedBy,
  statusChange,
  toTrackLink,
  type DigestRecord,
  type ShareEmailEvent,
  type ShareRecord,
  type StatusPositions,
  type TrackLink,
} from './shares.js';
export { deletePublicLink, getPublicLinkOf, type PublicLinkRecord } from './shares/public-links.js';
export { getTemplates } from './templates.js';
export { offerDelete, offerPut, offersOf, type PoolOffer } from './pool-offers.js';
export { reportedBy } from './reported-pros.js';
export { poolStats, poolStatsAdd } from './pool-stats.js';
