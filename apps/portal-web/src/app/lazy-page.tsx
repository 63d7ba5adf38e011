import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../components/progress-bar';

/** A lazily loaded page: a progress bar while its code arrives. */
export function LazyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<ProgressBar label={t('Common.loading')} />}>{children}</Suspense>;
}
