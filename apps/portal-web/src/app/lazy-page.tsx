import { Suspense } from 'react';
import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** A lazily loaded page: a progress bar while its code arrives. */
export function LazyPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<LinearProgress aria-label={t('Common.loading')} />}>{children}</Suspense>;
}
