import { createRoot } from 'react-dom/client';
import { loadOnce } from './lib/load-once';
import { normalizePath, paths } from './lib/paths';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/runtime-config';
import { hasStoredSession } from './lib/stored-session';
import { startTelemetry } from './lib/telemetry/client';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

/** A review's read-only link: `/review/<token>`. */
const REVIEW_PREFIX = paths.publicReview.slice(0, paths.publicReview.indexOf(':'));

/** Where a signed-in visit of these paths lands: its route chunk. */
const LANDING_PATHS = new Set(['/', '/login', '/dashboard']);

/**
 * A returning signed-in user lands on the dashboard: its route chunk starts loading now, beside the
 * session check and the account request, instead of after them. The session itself is read later by
 * the app; this only looks whether one was stored (a wrong guess costs one unused chunk).
 */
function preloadLanding(config: RuntimeConfig) {
  if (hasStoredSession(config.userPoolClientId) && LANDING_PATHS.has(window.location.pathname)) void import('./app/routes/dashboard');
}

/**
 * The full app (router, TanStack Query, session, shell), at the current URL; Amplify is loaded when the
 * session needs it (lib/stored-session.ts). A failed load is tried again next time.
 */
const loadApp = loadOnce(() => import('./app/app'));
const bootApp = () => loadApp().then(({ App }) => root.render(<App />));

/**
 * A visitor without a stored session on /login gets the guest sign-in page: the form alone, the app
 * loaded only once they sign in or leave for another screen; on / the front page, the same way; anyone
 * on an e-mail's unsubscribe link or a review's read-only link, its page. Anyone else gets the app at once.
 */
async function start(config: RuntimeConfig) {
  const path = normalizePath(window.location.pathname);
  if (path === paths.login && !hasStoredSession(config.userPoolClientId)) {
    const { GuestLoginPage } = await import('./guest/login-page');
    root.render(<GuestLoginPage bootApp={bootApp} preloadApp={loadApp} />);
  } else if (path === paths.landing && !hasStoredSession(config.userPoolClientId)) {
    const { FrontPage } = await import('./guest/front-page');
    root.render(<FrontPage bootApp={bootApp} />);
  } else if (path.startsWith(REVIEW_PREFIX) && path.length > REVIEW_PREFIX.length) {
    // A review's read-only link, for anyone holding it: its page needs nothing of the app either.
    const { PublicReviewPage } = await import('./guest/public-review-page');
    root.render(<PublicReviewPage token={path.slice(REVIEW_PREFIX.length)} bootApp={bootApp} />);
  } else if (path === paths.unsubscribe) {
    // Signed in or not: the link's token is the proof, and its page needs nothing of the app.
    const { UnsubscribePage } = await import('./guest/unsubscribe-page');
    root.render(<UnsubscribePage bootApp={bootApp} />);
  } else {
    await bootApp();
  }
}

loadRuntimeConfig()
  .then((config) => {
    // Errors, API calls and the Core Web Vitals are reported from here on (the spec's sampling).
    startTelemetry({ endpoint: `${config.apiUrl.replace(/\/+$/, '')}/telemetry`, echo: config.mode === 'local' });
    preloadLanding(config);
    return start(config);
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(
      <div className="center-screen">
        <div className="notice-card">
          <h1 className="page-title">Something went wrong</h1>
          <p className="muted">Failed to load configuration. Please try again.</p>
        </div>
      </div>,
    );
  });
