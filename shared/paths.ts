/** The route constants of the spec (section 2); also used to build links in e-mails. */
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailConfirmation: '/email-confirmation',
  adminLogin: '/admin/login',
  adminUsers: '/admin/users',
  adminSettings: '/admin/settings',
  adminDisputes: '/admin/disputes',
  adminMoney: '/admin/money',
  profile: '/profile',
  choosePro: '/choose-pro',
  settings: '/settings',
  /** A payment's printable receipt (`:orderId`). */
  receipt: '/settings/payments/:orderId',
  /** A pro's printable statement of a month (`:month`, yyyy-mm). */
  statement: '/profile/statements/:month',
  dashboard: '/dashboard',
  onboarding: '/onboarding',
  onboardingType: '/onboarding/type',
  onboardingMusician: '/onboarding/musician',
  onboardingPro: '/onboarding/pro',
  /** A request's own page (`:shareId`), for its two participants: e-mails about it link there. */
  feedback: '/feedback/:shareId',
  feedbackSuccess: '/feedback/success',
  /** A completed review's read-only link (`:token`), for anyone holding it: no account, no audio. */
  publicReview: '/review/:token',
  /** An e-mail's unsubscribe link (`?token=&kind=`): works without signing in. */
  unsubscribe: '/unsubscribe',
  /** The user's own account: password, e-mail, e-mail preferences, data, leaving. */
  account: '/account',
  feedbackCancel: '/feedback/cancel',
} as const;

/** The address of a pro's statement of `month` (yyyy-mm). */
export const statementPath = (month: string) => paths.statement.replace(':month', month);

/** The address of a request's own page. */
export const feedbackPath = (shareId: string) => paths.feedback.replace(':shareId', encodeURIComponent(shareId));
