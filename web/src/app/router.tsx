import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/lib/paths';
import { recordPageView } from '@/lib/telemetry/client';
import { Gate } from './gate';
import { AppLayout } from './layout/app-layout';

// Every page is its own chunk: the first page loads only what it shows.
const auth = () => import('./routes/auth');
const onboarding = () => import('./routes/onboarding');
const choosePro = () => import('./routes/choose-pro');

const FrontRoute = lazy(() => import('./routes/front').then((m) => ({ default: m.FrontRoute })));
const LoginRoute = lazy(() => auth().then((m) => ({ default: m.LoginRoute })));
const SignUpRoute = lazy(() => auth().then((m) => ({ default: m.SignUpRoute })));
const ForgotPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => auth().then((m) => ({ default: m.ResetPasswordRoute })));
const EmailConfirmationRoute = lazy(() => auth().then((m) => ({ default: m.EmailConfirmationRoute })));
const AdminLoginRoute = lazy(() => auth().then((m) => ({ default: m.AdminLoginRoute })));
const TypeOnboardingRoute = lazy(() => onboarding().then((m) => ({ default: m.TypeOnboardingRoute })));
const MusicianOnboardingRoute = lazy(() => onboarding().then((m) => ({ default: m.MusicianOnboardingRoute })));
const ProOnboardingRoute = lazy(() => onboarding().then((m) => ({ default: m.ProOnboardingRoute })));
const FeedbackRequestRoute = lazy(() => import('./routes/feedback-request').then((m) => ({ default: m.FeedbackRequestRoute })));
const DashboardRoute = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
const ChooseProRoute = lazy(() => choosePro().then((m) => ({ default: m.ChooseProRoute })));
const AccountRoute = lazy(() => import('./routes/account').then((m) => ({ default: m.AccountRoute })));
const SettingsRoute = lazy(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute })));
const ReceiptRoute = lazy(() => import('./routes/settings').then((m) => ({ default: m.ReceiptRoute })));
const AdminUsersRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminUsersRoute })));
const AdminSettingsRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminSettingsRoute })));
const AdminDisputesRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminDisputesRoute })));
const AdminMoneyRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminMoneyRoute })));
const FeedbackSuccessRoute = lazy(() => choosePro().then((m) => ({ default: m.FeedbackSuccessRoute })));
const FeedbackCancelRoute = lazy(() => choosePro().then((m) => ({ default: m.FeedbackCancelRoute })));

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => recordPageView(), [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path={paths.landing} element={<Gate kind="landing" />}>
            <Route index element={<FrontRoute />} />
          </Route>

          <Route element={<Gate kind="guest" />}>
            <Route path={paths.login} element={<LoginRoute />} />
            <Route path={paths.signup} element={<SignUpRoute />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
          </Route>

          <Route element={<Gate kind="open" />}>
            <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
            <Route path={paths.emailConfirmation} element={<EmailConfirmationRoute />} />
          </Route>

          <Route element={<Gate kind="adminGuest" />}>
            <Route path={paths.adminLogin} element={<AdminLoginRoute />} />
          </Route>

          <Route element={<Gate kind="onboarding" />}>
            <Route path={paths.onboarding} element={null} />
            <Route path={paths.onboardingType} element={<TypeOnboardingRoute />} />
            <Route path={paths.onboardingMusician} element={<MusicianOnboardingRoute />} />
            <Route path={paths.onboardingPro} element={<ProOnboardingRoute />} />
          </Route>

          <Route element={<Gate kind="user" />}>
            <Route element={<AppLayout />}>
              <Route path={paths.dashboard} element={<DashboardRoute />} />
              <Route path={paths.profile} element={<ProfileRoute />} />
              <Route path={paths.choosePro} element={<ChooseProRoute />} />
              <Route path={paths.settings} element={<SettingsRoute />} />
              <Route path={paths.receipt} element={<ReceiptRoute />} />
              <Route path={paths.feedbackSuccess} element={<FeedbackSuccessRoute />} />
              <Route path={paths.feedbackCancel} element={<FeedbackCancelRoute />} />
              <Route path={paths.feedback} element={<FeedbackRequestRoute />} />
            </Route>
          </Route>

          <Route element={<Gate kind="account" />}>
            <Route element={<AppLayout />}>
              <Route path={paths.account} element={<AccountRoute />} />
            </Route>
          </Route>

          <Route element={<Gate kind="admin" />}>
            <Route element={<AppLayout />}>
              <Route path={paths.adminUsers} element={<AdminUsersRoute />} />
              <Route path={paths.adminSettings} element={<AdminSettingsRoute />} />
              <Route path={paths.adminDisputes} element={<AdminDisputesRoute />} />
              <Route path={paths.adminMoney} element={<AdminMoneyRoute />} />
            </Route>
          </Route>

          <Route path="*" element={<Gate kind="unknown" />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
