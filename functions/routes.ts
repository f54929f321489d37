/**
 * THE route table: the addresses of route-paths.ts joined to each route's zod schemas. The CDK API, the
 * local gateway, the handlers and the generic route test come from it; the web client takes the
 * addresses alone (route-paths.ts) and the types from here. Handlers live in `http/<area>.ts` under the
 * same name as the route. This module must stay free of handler code.
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
  proPage,
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
import type { RouteSchemas } from './lib/route.js';
import { routePaths, type RouteName } from './route-paths.js';

/** Each route's input and output schemas, by the name it has in route-paths.ts. */
const schemas = {
  emailExists: { input: emailExistsInput, output: existsOutput },
  usernameExists: { input: usernameExistsInput, output: existsOutput },
  getMe: { input: emptyInput, output: userView },
  chooseType: { input: chooseTypeInput, output: userView },
  saveGenres: { input: saveGenresInput, output: userView },
  getEarnings: { input: emptyInput, output: earningsView },
  saveProProfile: { input: saveProProfileInput, output: userView },
  updateProfile: { input: updateProfileInput, output: userView },
  saveSocialLinks: { input: saveSocialLinksInput, output: userView },
  setOwnPrice: { input: setOwnPriceInput, output: userView },
  createImageUpload: { input: createImageUploadInput, output: imageUploadTicket },
  saveProfileImage: { input: saveImageInput, output: userView },
  applyForPro: { input: proApplicationInput, output: proApplicationView },
  getMyApplication: { input: emptyInput, output: myApplicationView },

  createUploadUrl: { input: createUploadInput, output: uploadTicket },
  createTrack: { input: createTrackInput, output: trackView },
  listTracks: { input: listTracksInput, output: trackListView },
  getSignedUrl: { input: signedUrlInput, output: signedUrlView },
  updateSnippet: { input: updateSnippetInput, output: trackView },
  deleteTracks: { input: deleteTracksInput, output: deleteTracksView },

  searchUsers: { input: searchUsersInput, output: userCardList },
  listPros: { input: listProsInput, output: proPage },

  createShare: { input: createShareInput, output: shareView },
  listShares: { input: listSharesInput, output: shareList },
  getShare: { input: getShareInput, output: shareDetail },
  respondToShare: { input: respondToShareInput, output: shareView },
  addComment: { input: addCommentInput, output: commentView },
  updateComment: { input: updateCommentInput, output: commentView },
  deleteComment: { input: deleteCommentInput, output: okOutput },
  submitFeedback: { input: submitFeedbackInput, output: shareDetail },
  rateFeedback: { input: rateFeedbackInput, output: shareDetail },
  createOrder: { input: createOrderInput, output: orderView },
  captureOrder: { input: captureOrderInput, output: paymentView },
  paypalWebhook: { input: paypalEventInput, output: webhookAck },

  listPlans: { input: emptyInput, output: planList },
  createCheckoutSession: { input: checkoutInput, output: redirectView },
  createPortalSession: { input: emptyInput, output: redirectView },
  stripeWebhook: { input: stripeEventInput, output: webhookAck },

  listUsers: { input: listUsersInput, output: userPage },
  setUserType: { input: setUserTypeInput, output: adminUserView },
  setFeedbackPrice: { input: setFeedbackPriceInput, output: adminUserView },
  adjustBalance: { input: adjustBalanceInput, output: adminUserView },
  getSettings: { input: emptyInput, output: settingsView },
  updateMargin: { input: updateMarginInput, output: settingsView },
  listApplications: { input: listApplicationsInput, output: applicationPage },
  decideApplication: { input: decideApplicationInput, output: proApplicationView },
  impersonate: { input: impersonateInput, output: impersonationView },
  listAudit: { input: listAuditInput, output: auditPage },

  suggestComment: { input: suggestionInput, output: suggestionView },
} as const satisfies Record<RouteName, RouteSchemas>;

export type Routes = { [N in RouteName]: (typeof routePaths)[N] & (typeof schemas)[N] };
export type { RouteName };
export const routes = Object.fromEntries(
  (Object.keys(routePaths) as RouteName[]).map((name) => [name, { ...routePaths[name], ...schemas[name] }]),
) as Routes;
export const routeNames = Object.keys(routes) as RouteName[];
