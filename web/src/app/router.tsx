import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/lib/paths';
import { recordPageView } from '@/lib/telemetry/client';
import { Gate } from './gate';
import { AppLayout } from './layout/app-layout';
import type { RouteKind } from './routing-rules';

/** A page from its module, fetched when first shown: every page is its own chunk. */
function page<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const auth = () => import('./routes/auth');
const onboarding = () => import('./routes/onboarding');
const choosePro = () => import('./routes/choose-pro');
const settings = () => import('./routes/settings');
const profile = () => import('./routes/profile');
const admin = () => import('./routes/admin');

/** Each gate's pages (path, page; a null page is a path the gate only sends on); `inApp` pages have the app's frame. */
const GATES: { kind: RouteKind; inApp?: true; pages: [string, ComponentType | null][] }[] = [
  { kind: 'landing', pages: [[paths.landing, page(() => import('./routes/front'), 'FrontRoute')]] },
  {
    kind: 'guest',
    pages: [
      [paths.login, page(auth, 'LoginRoute')],
      [paths.signup, page(auth, 'SignUpRoute')],
      [paths.forgotPassword, page(auth, 'ForgotPasswordRoute')],
    ],
  },
  {
    kind: 'open',
    pages: [
      [paths.resetPassword, page(auth, 'ResetPasswordRoute')],
      [paths.emailConfirmation, page(auth, 'EmailConfirmationRoute')],
    ],
  },
  { kind: 'adminGuest', pages: [[paths.adminLogin, page(auth, 'AdminLoginRoute')]] },
  {
    kind: 'onboarding',
    pages: [
      [paths.onboarding, null],
      [paths.onboardingType, page(onboarding, 'TypeOnboardingRoute')],
      [paths.onboardingMusician, page(onboarding, 'MusicianOnboardingRoute')],
      [paths.onboardingPro, page(onboarding, 'ProOnboardingRoute')],
    ],
  },
  {
    kind: 'user',
    inApp: true,
    pages: [
      [paths.dashboard, page(() => import('./routes/dashboard'), 'DashboardRoute')],
      [paths.profile, page(profile, 'ProfileRoute')],
      [paths.statement, page(profile, 'StatementRoute')],
      [paths.choosePro, page(choosePro, 'ChooseProRoute')],
      [paths.settings, page(settings, 'SettingsRoute')],
      [paths.receipt, page(settings, 'ReceiptRoute')],
      [paths.feedbackSuccess, page(choosePro, 'FeedbackSuccessRoute')],
      [paths.feedbackCancel, page(choosePro, 'FeedbackCancelRoute')],
      [paths.feedback, page(() => import('./routes/feedback-request'), 'FeedbackRequestRoute')],
    ],
  },
  { kind: 'account', inApp: true, pages: [[paths.account, page(() => import('./routes/account'), 'AccountRoute')]] },
  {
    kind: 'admin',
    inApp: true,
    pages: [
      [paths.adminUsers, page(admin, 'AdminUsersRoute')],
      [paths.adminSettings, page(admin, 'AdminSettingsRoute')],
      [paths.adminDisputes, page(admin, 'AdminDisputesRoute')],
      [paths.adminMoney, page(admin, 'AdminMoneyRoute')],
    ],
  },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => recordPageView(), [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          {GATES.map(({ kind, inApp, pages }) => {
            const routes = pages.map(([path, Page]) => <Route key={path} path={path} element={Page && <Page />} />);
            return (
              <Route key={kind} element={<Gate kind={kind} />}>
                {inApp ? <Route element={<AppLayout />}>{routes}</Route> : routes}
              </Route>
            );
          })}
          <Route path="*" element={<Gate kind="unknown" />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
