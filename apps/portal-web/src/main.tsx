import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/shell.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { setupStore } from './app/store';
import { completeAuthCallback } from './features/authentication/auth-callback';
import { createI18n } from './lib/i18n';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);

  // The sign-in popup and the silent-renewal frame load this page too: they hand the provider's answer
  // to the window that asked and must not start a second portal.
  if ((await completeAuthCallback()) === 'child-window') {
    root.render(<p style={{ fontFamily: 'sans-serif', margin: 16 }}>Signing in…</p>);
    return;
  }

  const store = setupStore();
  const i18n = createI18n();
  root.render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        {/* The declarative router: the data router's loaders and actions are unused and cost ~17 KB gzipped. */}
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
