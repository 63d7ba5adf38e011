import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadBoundary } from '../components/load-boundary';
import { ProgressBar } from '../components/progress-bar';
import { ShellAlert } from '../components/shell-alert';

/** The page's code did not arrive: say so in the user's language and offer to load the portal again. */
function PageLoadFailed() {
  const { t } = useTranslation();
  // React keeps a failed lazy import failed: loading the document again is the honest retry, and it also picks up
  // a new release whose chunks replaced the ones this page asked for.
  return (
    <ShellAlert
      message={t('Common.pageLoadError')}
      retryLabel={t('Common.retry')}
      onRetry={() => window.location.reload()}
    />
  );
}

/**
 * A lazily loaded page: a progress bar while its code arrives (shown only after a short delay, `shell.css`, so a
 * chunk that arrives quickly causes no flash), and an error with a retry if it never does.
 */
export function LazyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <LoadBoundary key={pathname} fallback={<PageLoadFailed />}>
      <Suspense fallback={<ProgressBar label={t('Common.loading')} delayed />}>{children}</Suspense>
    </LoadBoundary>
  );
}
