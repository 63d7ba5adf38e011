import { Suspense } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import type { AppStore } from './store';
import { theme } from './theme';

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}

/** Store, translations and theme around the app; tests render through the same providers. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {/* Translations load before the first screen. */}
          <Suspense fallback={<LinearProgress />}>{children}</Suspense>
        </ThemeProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
