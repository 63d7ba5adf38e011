import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { ProgressBar } from '../components/progress-bar';
import type { AppStore } from './store';

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}

/**
 * Store and translations around the app; tests render through the same providers. MUI's theme is not here:
 * the pages that use MUI bring it (`mui-theme.tsx`), the shell is styled by `shell.css`.
 */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        {/* Translations load before the first screen. */}
        <Suspense fallback={<ProgressBar delayed />}>{children}</Suspense>
      </I18nextProvider>
    </ReduxProvider>
  );
}
