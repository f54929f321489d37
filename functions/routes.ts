/**
 * THE route table. The CDK API, the local gateway, the web API client and the generic route test
 * all come from it. Handlers live in `http/<area>.ts` under the same name as the route.
 * This module must stay free of handler code so that the web app can import it.
 */
import { emptyInput, existsOutput, okOutput } from '../shared/schemas/common.js';
import {
  chooseTypeInput,
  emailExistsInput,
  saveGenresInput,
  saveProProfileInput,
  usernameExistsInput,
  userView,
} from '../shared/schemas/users.js';
import {
  createTrackInput,
  createUploadInput,
  deleteTracksInput,
  deleteTracksView,
  listTracksInput,
  signedUrlInput,
  signedUrlView,
  trackListView,
  trackView,
  updateSnippetInput,
  uploadTicket,
} from '../shared/schemas/tracks.js';
import {
  addCommentInput,
  commentView,
  createShareInput,
  deleteCommentInput,
  getShareInput,
  listProsInput,
  listSharesInput,
  rateFeedbackInput,
  respondToShareInput,
  searchUsersInput,
  shareDetail,
  shareList,
  shareView,
  submitFeedbackInput,
  suggestionInput,
  suggestionView,
  updateCommentInput,
  userCardList,
} from '../shared/schemas/shares.js';
import { captureOrderInput, createOrderInput, orderView, paymentView, paypalEventInput, stripeEventInput, webhookAck } from '../shared/schemas/payments.js';
import { checkoutInput, planList, redirectView } from '../shared/schemas/billing.js';
import {
  adjustBalanceInput,
  adminUserView,
  auditPage,
  impersonateInput,
  impersonationView,
  listAuditInput,
  listUsersInput,
  setFeedbackPriceInput,
  setUserTypeInput,
  settingsView,
  updateMarginInput,
  userPage,
} from '../shared/schemas/admin.js';
import {
  applicationPage,
  createImageUploadInput,
  decideApplicationInput,
  imageUploadTicket,
  listApplicationsInput,
  myApplicationView,
  proApplicationInput,
  proApplicationView,
  saveImageInput,
  saveSocialLinksInput,
  setOwnPriceInput,
  updateProfileInput,
} from '../shared/schemas/profile.js';
import { earningsView } from '../shared/schemas/ledger.js';
import type { RouteDef } from './lib/route.js';

export const routes = {
  emailExists: { method: 'POST', path: '/users/email-exists', access: 'public', input: emailExistsInput, output: existsOutput, area: 'users' },
  usernameExists: { method: 'POST', path: '/users/username-exists', access: 'public', input: usernameExistsInput, output: existsOutput, area: 'users' },
  getMe: { method: 'GET', path: '/users/me', access: 'user', input: emptyInput, output: userView, area: 'users' },
  chooseType: { method: 'PUT', path: '/users/me/type', access: 'user', input: chooseTypeInput, output: userView, area: 'users' },
  saveGenres: { method: 'PUT', path: '/users/me/genres', access: 'user', input: saveGenresInput, output: userView, area: 'users' },
  getEarnings: { method: 'GET', path: '/users/me/earnings', access: 'pro', input: emptyInput, output: earningsView, area: 'users' },
  saveProProfile: { method: 'PUT', path: '/users/me/pro-profile', access: 'pro', input: saveProProfileInput, output: userView, area: 'users' },
  updateProfile: { method: 'PUT', path: '/users/me/profile', access: 'user', input: updateProfileInput, output: userView, area: 'users' },
  saveSocialLinks: { method: 'PUT', path: '/users/me/social-links', access: 'user', input: saveSocialLinksInput, output: userView, area: 'users' },
  setOwnPrice: { method: 'PUT', path: '/users/me/feedback-price', access: 'pro', input: setOwnPriceInput, output: userView, area: 'users' },
  createImageUpload: { method: 'POST', path: '/users/me/images/upload-url', access: 'user', input: createImageUploadInput, output: imageUploadTicket, area: 'users' },
  saveProfileImage: { method: 'PUT', path: '/users/me/images', access: 'user', input: saveImageInput, output: userView, area: 'users' },
  applyForPro: { method: 'POST', path: '/users/me/pro-application', access: 'musician', input: proApplicationInput, output: proApplicationView, area: 'users' },
  getMyApplication: { method: 'GET', path: '/users/me/pro-application', access: 'user', input: emptyInput, output: myApplicationView, area: 'users' },

  createUploadUrl: { method: 'POST', path: '/tracks/upload-url', access: 'user', input: createUploadInput, output: uploadTicket, area: 'tracks' },
  createTrack: { method: 'POST', path: '/tracks', access: 'user', input: createTrackInput, output: trackView, area: 'tracks' },
  listTracks: { method: 'GET', path: '/tracks', access: 'user', input: listTracksInput, output: trackListView, area: 'tracks' },
  getSignedUrl: { method: 'GET', path: '/tracks/signed-url', access: 'user', input: signedUrlInput, output: signedUrlView, area: 'tracks' },
  updateSnippet: { method: 'PUT', path: '/tracks/{id}/snippet', access: 'user', input: updateSnippetInput, output: trackView, area: 'tracks' },
  deleteTracks: { method: 'POST', path: '/tracks/delete', access: 'user', input: deleteTracksInput, output: deleteTracksView, area: 'tracks' },

  searchUsers: { method: 'GET', path: '/users/search', access: 'user', input: searchUsersInput, output: userCardList, area: 'users' },
  listPros: { method: 'GET', path: '/users/pros', access: 'user', input: listProsInput, output: userCardList, area: 'users' },

  createShare: { method: 'POST', path: '/shares', access: 'user', input: createShareInput, output: shareView, area: 'shares' },
  listShares: { method: 'GET', path: '/shares', access: 'user', input: listSharesInput, output: shareList, area: 'shares' },
  getShare: { method: 'GET', path: '/shares/{id}', access: 'user', input: getShareInput, output: shareDetail, area: 'shares' },
  respondToShare: { method: 'PUT', path: '/shares/{id}/status', access: 'user', input: respondToShareInput, output: shareView, area: 'shares' },
  addComment: { method: 'POST', path: '/shares/{id}/comments', access: 'user', input: addCommentInput, output: commentView, area: 'shares' },
  updateComment: { method: 'PUT', path: '/shares/{id}/comments/{commentId}', access: 'user', input: updateCommentInput, output: commentView, area: 'shares' },
  deleteComment: { method: 'DELETE', path: '/shares/{id}/comments/{commentId}', access: 'user', input: deleteCommentInput, output: okOutput, area: 'shares' },
  submitFeedback: { method: 'POST', path: '/shares/{id}/feedback', access: 'user', input: submitFeedbackInput, output: shareDetail, area: 'shares' },
  rateFeedback: { method: 'POST', path: '/shares/{id}/ranking', access: 'musician', input: rateFeedbackInput, output: shareDetail, area: 'shares' },
  createOrder: { method: 'POST', path: '/paypal/create-order', access: 'user', input: createOrderInput, output: orderView, area: 'payments', money: true },
  captureOrder: { method: 'POST', path: '/paypal/capture-order', access: 'user', input: captureOrderInput, output: paymentView, area: 'payments', money: true },
  paypalWebhook: { method: 'POST', path: '/paypal/webhook', access: 'public', input: paypalEventInput, output: webhookAck, area: 'payments' },

  listPlans: { method: 'GET', path: '/stripe/products', access: 'user', input: emptyInput, output: planList, area: 'billing' },
  createCheckoutSession: { method: 'POST', path: '/stripe/create-checkout-session', access: 'user', input: checkoutInput, output: redirectView, area: 'billing', money: true },
  createPortalSession: { method: 'POST', path: '/stripe/create-portal-session', access: 'user', input: emptyInput, output: redirectView, area: 'billing', money: true },
  stripeWebhook: { method: 'POST', path: '/stripe/webhook', access: 'public', input: stripeEventInput, output: webhookAck, area: 'billing' },

  listUsers: { method: 'GET', path: '/users', access: 'admin', input: listUsersInput, output: userPage, area: 'admin' },
  setUserType: { method: 'PUT', path: '/users/{id}/type', access: 'admin', input: setUserTypeInput, output: adminUserView, area: 'admin' },
  setFeedbackPrice: { method: 'PUT', path: '/users/{id}/feedback-price', access: 'admin', input: setFeedbackPriceInput, output: adminUserView, area: 'admin' },
  adjustBalance: { method: 'PUT', path: '/users/{id}/balance', access: 'admin', input: adjustBalanceInput, output: adminUserView, area: 'admin' },
  getSettings: { method: 'GET', path: '/config', access: 'admin', input: emptyInput, output: settingsView, area: 'admin' },
  updateMargin: { method: 'PUT', path: '/config', access: 'admin', input: updateMarginInput, output: settingsView, area: 'admin' },
  listApplications: { method: 'GET', path: '/pro-applications', access: 'admin', input: listApplicationsInput, output: applicationPage, area: 'admin' },
  decideApplication: { method: 'PUT', path: '/pro-applications/{id}', access: 'admin', input: decideApplicationInput, output: proApplicationView, area: 'admin' },
  impersonate: { method: 'POST', path: '/users/impersonate', access: 'admin', input: impersonateInput, output: impersonationView, area: 'admin' },
  listAudit: { method: 'GET', path: '/audit', access: 'admin', input: listAuditInput, output: auditPage, area: 'admin' },

  suggestComment: { method: 'POST', path: '/feedbacks/suggestion', access: 'user', input: suggestionInput, output: suggestionView, area: 'feedbacks' },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
