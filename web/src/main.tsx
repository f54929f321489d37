import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureAmplify } from './lib/amplify';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/runtime-config';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

/** Where a signed-in visit of these paths lands: its route chunk. */
const LANDING_PATHS = new Set(['/', '/login', '/dashboard']);

/**
 * A returning signed-in user lands on the dashboard: its route chunk starts loading now, beside the
 * session check and the account request, instead of after them. The session itself is read later by
 * Amplify; this only looks whether one was stored (a wrong guess costs one unused chunk).
 */
function preloadLanding(config: RuntimeConfig) {
  try {
    const signedIn = localStorage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`);
    if (signedIn && LANDING_PATHS.has(window.location.pathname)) void import('./app/routes/dashboard');
  } catch {
    // Storage unavailable: nothing to preload.
  }
}

loadRuntimeConfig()
  .then((config) => {
    preloadLanding(config);
    configureAmplify(config);
    root.render(<App />);
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(
      <div className="center-screen">
        <div className="notice-card">
          <h1 className="page-title">Something went wrong</h1>
          <p className="muted">The app could not load its configuration. Please reload the page.</p>
        </div>
      </div>,
    );
  });
