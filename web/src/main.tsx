import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureAmplify } from './lib/amplify';
import { loadRuntimeConfig } from './lib/runtime-config';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
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
