/**
 * The people topic: users, profiles, pro applications, access, authenticator, admin, reputation, plan limits.
 * What it offers the topics above it and the entry points: the one way into people/ (lint holds it).
 */
export { allows } from './access.js';
export { mfaShortfall, poolStatus } from './admin-mfa.js';
export { adjustBalance, listUsers, setFeedbackPrice, setUserType, settings, updateMargin } from './admin.js';
export { vetWorldClass } from './world-class.js';
export { decide } from './application-decisions.js';
export { apply, listApplications, myApplication } from './applications.js';
export { confirmationEmail, emailChangeEmail, resetPasswordEmail } from './auth-emails.js';
export { authenticatorOf, confirmSetup, removeAuthenticator, startSetup } from './authenticator.js';
export { type Caller } from './caller.js';
export { listPros, searchUsers, showcase } from './directory.js';
export { takeConfirmedEmail } from './email-change.js';
export { passwordChanged } from './password-change.js';
export { createImageUpload, saveProfileImage } from './images.js';
export { auditWrite, impersonated, listAudit, lookUpImpersonation, ownWordRefused, startImpersonation } from './impersonation.js';
export { saveMailPreferences, unsubscribe } from './mail-preferences.js';
export { moneyRefused } from './money-refused.js';
export { FALLBACK_FREE_LIMITS, LIVE, assertWithinPlan, limitsOf, type PlanHolder } from './plan-limits.js';
export { saveSocialLinks, setOwnPrice, updateProfile } from './profile.js';
export { matchPoolPros } from './pool-match.js';
export {
  applyDueReputation,
  ratingEvent,
  readAhead,
  recordMissed,
  recorded,
  reputationOf,
  reputationWrite,
  reviewEvent,
} from './reputation.js';
export { createUserRecord } from './user-records.js';
export { chooseType, emailExists, ensureUser, saveGenres, saveProProfile, toUserView, usernameExists } from './users.js';
