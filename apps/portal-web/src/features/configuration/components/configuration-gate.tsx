import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ProgressBar } from '../../../components/progress-bar';
import { ShellAlert } from '../../../components/shell-alert';
import { loadClientConfiguration } from '../api';
import { selectConfiguration } from '../slice';

/**
 * Loads the configuration and holds the pages back until it names a client id (spec §2): a progress
 * bar meanwhile, or an error with a retry when it cannot be loaded.
 */
export function ConfigurationGate({ children }: { children: ReactNode }): ReactNode {
  const dispatch = useAppDispatch();
  const { clientId, isLoading, error } = useAppSelector(selectConfiguration);
  useEffect(() => {
    void dispatch(loadClientConfiguration());
  }, [dispatch]);
  const { t } = useTranslation();
  if (clientId !== '') return children;
  if (error !== null && !isLoading) {
    return (
      <ShellAlert
        message={t('Configuration.loadError')}
        retryLabel={t('Configuration.retry')}
        onRetry={() => void dispatch(loadClientConfiguration())}
      />
    );
  }
  return <ProgressBar label={t('Configuration.loading')} delayed />;
}
