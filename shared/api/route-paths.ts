/**
 * THE route table's addresses: method, path, access level, feature area (one Lambda per area). Free of
 * schemas, so that the web client can import it without the zod schemas of every route; the schemas of
 * each route are in routes.ts, which joins them to this table (and refuses a route missing from either).
 */
import type { RouteAddress } from './route-address.js';
import { UNSUBSCRIBE_API_PATH } from '../mail-preferences.js';
import { USER_NOT_AUTHENTICATED, USER_NOT_FOUND } from '../constants.js';

export const routePaths = {
  emailExists: { method: 'POST', path: '/users/email-exists', access: 'public', area: 'users' },
  usernameExists: { method: 'POST', path: '/users/username-exists', access: 'public', area: 'users' },
  getShowcase: { method: 'GET', path: '/showcase', access: 'public', area: 'users' },
  // An e-mail's unsubscribe link (its token is the proof), also the target of a mail provider's one-click.
  // The links e-mails and musicians hand out, opened by anyone: an area of their own, whose function can
  // touch only the few partitions they need (infra/table-grants.ts).
  unsubscribe: { method: 'POST', path: UNSUBSCRIBE_API_PATH, access: 'public', area: 'links', maxBodyBytes: 1024, form: true },
  getMe: { method: 'GET', path: '/users/me', access: 'user', area: 'users' },
  chooseType: { method: 'PUT', path: '/users/me/type', access: 'user', area: 'users' },
  saveGenres: { method: 'PUT', path: '/users/me/genres', access: 'user', area: 'users' },
  getEarnings: { method: 'GET', path: '/users/me/earnings', access: 'pro', area: 'users' },
  getStatement: { method: 'GET', path: '/users/me/statements/{month}', access: 'pro', area: 'users' },
  saveProProfile: { method: 'PUT', path: '/users/me/pro-profile', access: 'pro', area: 'users' },
  updateProfile: { method: 'PUT', path: '/users/me/profile', access: 'user', area: 'users' },
  saveSocialLinks: { method: 'PUT', path: '/users/me/social-links', access: 'user', area: 'users' },
  saveMailPreferences: { method: 'PUT', path: '/users/me/mail-preferences', access: 'user', area: 'users' },
  // After the user confirmed a new address with Cognito: the record takes the address Cognito now has.
  takeConfirmedEmail: { method: 'POST', path: '/users/me/email', access: 'user', area: 'users' },
  passwordChanged: { method: 'POST', path: '/users/me/password-changed', access: 'user', area: 'users' },
  // The account's rare, heavy actions: a function of their own, so that no page's calls carry them.
  exportMyData: { method: 'GET', path: '/users/me/data', access: 'user', area: 'account' },
  getDeletionCheck: { method: 'GET', path: '/users/me/deletion', access: 'user', area: 'account' },
  // Confirmed by the account's e-mail in its body.
  deleteMyAccount: { method: 'POST', path: '/users/me/deletion', access: 'user', area: 'account', maxBodyBytes: 1024 },
  setOwnPrice: { method: 'PUT', path: '/users/me/feedback-price', access: 'pro', area: 'users' },
  createImageUpload: { method: 'POST', path: '/users/me/images/upload-url', access: 'user', area: 'users' },
  saveProfileImage: { method: 'PUT', path: '/users/me/images', access: 'user', area: 'users' },
  applyForPro: { method: 'POST', path: '/users/me/pro-application', access: 'musician', area: 'users' },
  getMyApplication: { method: 'GET', path: '/users/me/pro-application', access: 'user', area: 'users' },
  // An admin's authenticator (people/authenticator.ts): 'user' access, since an admin without one has no
  // admin rights yet; the domain refuses anyone outside the admin group.
  getAuthenticator: { method: 'GET', path: '/users/me/authenticator', access: 'user', area: 'users' },
  startAuthenticatorSetup: { method: 'POST', path: '/users/me/authenticator', access: 'user', area: 'users' },
  confirmAuthenticator: { method: 'PUT', path: '/users/me/authenticator', access: 'user', area: 'users' },
  removeAuthenticator: { method: 'DELETE', path: '/users/me/authenticator', access: 'user', area: 'users' },

  createUploadUrl: { method: 'POST', path: '/tracks/upload-url', access: 'user', area: 'tracks' },
  createTrack: { method: 'POST', path: '/tracks', access: 'user', area: 'tracks' },
  listTracks: { method: 'GET', path: '/tracks', access: 'user', area: 'tracks' },
  getSignedUrl: { method: 'GET', path: '/tracks/signed-url', access: 'user', area: 'tracks' },
  getTrackReport: { method: 'GET', path: '/tracks/report', access: 'user', area: 'tracks' },
  listTrackVersions: { method: 'GET', path: '/tracks/versions', access: 'user', area: 'tracks' },
  updateSnippet: { method: 'PUT', path: '/tracks/{id}/snippet', access: 'user', area: 'tracks' },
  renameTrack: { method: 'PUT', path: '/tracks/{id}/title', access: 'user', area: 'tracks' },
  deleteTracks: { method: 'POST', path: '/tracks/delete', access: 'user', area: 'tracks' },

  searchUsers: { method: 'GET', path: '/users/search', access: 'user', area: 'users' },
  listPros: { method: 'GET', path: '/users/pros', access: 'user', area: 'users' },
  getProgress: { method: 'GET', path: '/users/me/progress', access: 'user', area: 'users' },

  createShare: { method: 'POST', path: '/shares', access: 'user', area: 'shares' },
  listShares: { method: 'GET', path: '/shares', access: 'user', area: 'shares' },
  getShare: { method: 'GET', path: '/shares/{id}', access: 'user', area: 'shares' },
  respondToShare: { method: 'PUT', path: '/shares/{id}/status', access: 'user', area: 'shares' },
  addComment: { method: 'POST', path: '/shares/{id}/comments', access: 'user', area: 'shares', signedOut: USER_NOT_FOUND },
  updateComment: { method: 'PUT', path: '/shares/{id}/comments/{commentId}', access: 'user', area: 'shares' },
  deleteComment: { method: 'DELETE', path: '/shares/{id}/comments/{commentId}', access: 'user', area: 'shares' },
  markCheck: { method: 'PUT', path: '/shares/{id}/checklist/{commentId}', access: 'user', area: 'shares' },
  // The analysis findings of the request's track as its reviewer works with them: confirmed (addComment with
  // `finding`) or dismissed here.
  listReviewFindings: { method: 'GET', path: '/shares/{id}/findings', access: 'user', area: 'shares' },
  dismissFinding: { method: 'POST', path: '/shares/{id}/findings/{findingId}/dismissal', access: 'user', area: 'shares' },
  // The reviewer's player asks for the track's audio with a listening session the server records (served
  // where audio is signed, so that the shares area carries no S3 client), then reports what that session
  // has heard every few seconds while it plays.
  startListening: { method: 'POST', path: '/shares/{id}/listening-sessions', access: 'user', area: 'tracks' },
  // Reference tracks: audio, kept in the media bucket, so in the area that may reach it.
  createReference: { method: 'POST', path: '/shares/{id}/references', access: 'user', area: 'tracks' },
  listReferences: { method: 'GET', path: '/shares/{id}/references', access: 'user', area: 'tracks' },
  getReferenceUrl: { method: 'GET', path: '/shares/{id}/references/{referenceId}/signed-url', access: 'user', area: 'tracks' },
  deleteReference: { method: 'DELETE', path: '/shares/{id}/references/{referenceId}', access: 'user', area: 'tracks' },
  reportListening: { method: 'POST', path: '/shares/{id}/listening', access: 'user', area: 'shares' },
  saveDraft: { method: 'PUT', path: '/shares/{id}/draft', access: 'user', area: 'shares' },
  submitFeedback: { method: 'POST', path: '/shares/{id}/feedback', access: 'user', area: 'shares', signedOut: USER_NOT_FOUND },
  rateFeedback: { method: 'POST', path: '/shares/{id}/ranking', access: 'musician', area: 'shares' },
  // The musician's report of a paid review; any user who asked (a pro can ask too), the domain checks it is theirs.
  reportReview: { method: 'POST', path: '/shares/{id}/dispute', access: 'user', area: 'shares', ownWord: true },
  // A completed review's read-only link: its musician makes, reads and ends it; anyone with it reads the review.
  getPublicLink: { method: 'GET', path: '/shares/{id}/public-link', access: 'user', area: 'shares' },
  getRecheckQuote: { method: 'GET', path: '/shares/{id}/recheck-quote', access: 'user', area: 'shares' },
  makePublicLink: { method: 'POST', path: '/shares/{id}/public-link', access: 'user', area: 'shares', ownWord: true },
  revokePublicLink: { method: 'DELETE', path: '/shares/{id}/public-link', access: 'user', area: 'shares' },
  getPublicReview: { method: 'GET', path: '/public/reviews/{token}', access: 'public', area: 'links' },
  // Whether a review receipt is the platform's, unchanged: for anyone holding one (functions/feedback/receipts.ts).
  checkReceipt: { method: 'POST', path: '/public/receipts/check', access: 'public', area: 'links', maxBodyBytes: 256 * 1024 },
  createOrder: {
    method: 'POST',
    path: '/paypal/create-order',
    access: 'user',
    area: 'payments',
    money: true,
    signedOut: USER_NOT_AUTHENTICATED,
  },
  captureOrder: {
    method: 'POST',
    path: '/paypal/capture-order',
    access: 'user',
    area: 'payments',
    money: true,
    signedOut: USER_NOT_AUTHENTICATED,
  },
  cancelOrder: { method: 'POST', path: '/paypal/cancel-order', access: 'user', area: 'payments', money: true },
  // Snip Pro: a paid request matched from the pool (feedback/pool.ts), the pros' offers and their claims.
  createPoolRequest: { method: 'POST', path: '/pool/requests', access: 'user', area: 'payments', money: true },
  listWaitingPoolRequests: { method: 'GET', path: '/pool/requests', access: 'user', area: 'payments' },
  listPoolOffers: { method: 'GET', path: '/pool/offers', access: 'pro', area: 'payments' },
  claimPoolRequest: { method: 'POST', path: '/pool/offers/{orderId}/claim', access: 'pro', area: 'payments', money: true },
  withdrawPoolRequest: { method: 'POST', path: '/pool/requests/{orderId}/withdraw', access: 'user', area: 'payments', money: true },
  listMyPayments: { method: 'GET', path: '/payments', access: 'user', area: 'payments' },
  getReceipt: { method: 'GET', path: '/payments/{orderId}/receipt', access: 'user', area: 'payments' },
  listStuckRefunds: { method: 'GET', path: '/payments/stuck-refunds', access: 'admin', area: 'payments' },
  retryRefund: { method: 'POST', path: '/payments/{orderId}/retry-refund', access: 'admin', area: 'payments', money: true },
  getPayoutAccount: { method: 'GET', path: '/users/me/payout-account', access: 'pro', area: 'payments' },
  setPayoutAccount: { method: 'PUT', path: '/users/me/payout-account', access: 'pro', area: 'payments', money: true },
  createPayout: { method: 'POST', path: '/payouts', access: 'pro', area: 'payments', money: true },
  listPayouts: { method: 'GET', path: '/payouts', access: 'pro', area: 'payments' },
  listAllPayouts: { method: 'GET', path: '/payouts/all', access: 'admin', area: 'payments' },
  listStuckPayouts: { method: 'GET', path: '/payouts/stuck', access: 'admin', area: 'payments' },
  holdPayouts: { method: 'PUT', path: '/users/{id}/payout-hold', access: 'admin', area: 'payments', money: true },
  getBooks: { method: 'GET', path: '/books', access: 'admin', area: 'payments' },
  exportLedger: { method: 'GET', path: '/ledger/export', access: 'admin', area: 'payments' },
  // The queue of reported reviews, those decided, and an admin's decision (a refund goes through the payment state machine).
  listDisputes: { method: 'GET', path: '/disputes', access: 'admin', area: 'payments' },
  listDecidedDisputes: { method: 'GET', path: '/disputes/decided', access: 'admin', area: 'payments' },
  resolveDispute: { method: 'PUT', path: '/disputes/{id}', access: 'admin', area: 'payments', money: true },

  listPlans: { method: 'GET', path: '/stripe/products', access: 'user', area: 'billing' },
  // The plans for a visitor whose front page had none in the showcase (a fresh deployment): reads them from Stripe.
  listPublicPlans: { method: 'GET', path: '/plans', access: 'public', area: 'billing' },
  createCheckoutSession: { method: 'POST', path: '/stripe/create-checkout-session', access: 'user', area: 'billing', money: true },
  createPortalSession: { method: 'POST', path: '/stripe/create-portal-session', access: 'user', area: 'billing', money: true },

  // What the payment providers tell us, signed: an area of their own, whose function has no caller and
  // reaches only the partitions the events move (infra/table-grants.ts), never the audit.
  // PayPal's events can exceed the default 64 KB (an order with many items, say).
  paypalWebhook: { method: 'POST', path: '/paypal/webhook', access: 'public', area: 'webhooks', maxBodyBytes: 256 * 1024 },
  stripeWebhook: { method: 'POST', path: '/stripe/webhook', access: 'public', area: 'webhooks' },

  listUsers: { method: 'GET', path: '/users', access: 'admin', area: 'admin' },
  setUserType: { method: 'PUT', path: '/users/{id}/type', access: 'admin', area: 'admin' },
  setFeedbackPrice: { method: 'PUT', path: '/users/{id}/feedback-price', access: 'admin', area: 'admin' },
  adjustBalance: { method: 'PUT', path: '/users/{id}/balance', access: 'admin', area: 'admin' },
  setWorldClass: { method: 'PUT', path: '/users/{id}/world-class', access: 'admin', area: 'admin' },
  getSettings: { method: 'GET', path: '/config', access: 'admin', area: 'admin' },
  updateMargin: { method: 'PUT', path: '/config', access: 'admin', area: 'admin' },
  listApplications: { method: 'GET', path: '/pro-applications', access: 'admin', area: 'admin' },
  decideApplication: { method: 'PUT', path: '/pro-applications/{id}', access: 'admin', area: 'admin' },
  impersonate: { method: 'POST', path: '/users/impersonate', access: 'admin', area: 'admin' },
  listAudit: { method: 'GET', path: '/audit', access: 'admin', area: 'admin' },
  getFindingStats: { method: 'GET', path: '/findings/stats', access: 'admin', area: 'admin' },
  getPoolHealth: { method: 'GET', path: '/pool/health', access: 'admin', area: 'admin' },

  suggestComment: { method: 'POST', path: '/feedbacks/suggestion', access: 'user', area: 'feedbacks' },
  getSuggestionUsage: { method: 'GET', path: '/feedbacks/suggestion/usage', access: 'user', area: 'feedbacks' },
  listTemplates: { method: 'GET', path: '/feedbacks/templates', access: 'pro', area: 'feedbacks' },
  createTemplate: { method: 'POST', path: '/feedbacks/templates', access: 'pro', area: 'feedbacks' },
  updateTemplate: { method: 'PUT', path: '/feedbacks/templates/{id}', access: 'pro', area: 'feedbacks' },
  deleteTemplate: { method: 'DELETE', path: '/feedbacks/templates/{id}', access: 'pro', area: 'feedbacks' },

  health: { method: 'GET', path: '/health', access: 'public', area: 'health' },

  reportTelemetry: { method: 'POST', path: '/telemetry', access: 'public', area: 'telemetry' },
} as const satisfies Record<string, RouteAddress>;

export type RouteName = keyof typeof routePaths;
