/**
 * The platform topic: configuration, limits, realtime pushes, e-mail, health, telemetry.
 * What it offers the topics above it and the entry points: the one way into platform/ (lint holds it).
 */
export { checkHealth } from './health.js';
export { mailToken, wantsMail } from './mail-links.js';
export { deliverTo, sendClaimedMail } from './mail.js';
export {
  deadlineReminder,
  digestDueAt,
  feedbackRequested,
  feedbackRequestedMail,
  feedbackRespondedMail,
  requestAnsweredMail,
  paymentReceivedMail,
  paymentRefundedMail,
  poolOffersMail,
  requestExpired,
  sendClaimedPaymentMail,
  sendClaimedShareMail,
  sendDueDigests,
} from './notifications.js';
export { RATE_LIMITS, countRateLimitedUse, enforceRateLimit, enforceRateLimits, refuseOverLimit } from './rate-limits.js';
export { connect, disconnect } from './realtime-connections.js';
export { deliver, notificationFor, type Notification, type StreamChange } from './realtime.js';
export { recordClientReport } from './telemetry.js';
