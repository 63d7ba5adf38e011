import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorIcon } from '../../../components/icons';
import { ProgressBar } from '../../../components/progress-bar';
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
      <div className="portal-alert" role="alert">
        <div className="portal-alert-icon">
          <ErrorIcon />
        </div>
        <div className="portal-alert-message">{t('Configuration.loadError')}</div>
        <div className="portal-alert-action">
          <button
            type="button"
            className="portal-button portal-button-small"
            onClick={() => void dispatch(loadClientConfiguration())}
          >
            {t('Configuration.retry')}
          </button>
        </div>
      </div>
    );
  }
  return <ProgressBar label={t('Configuration.loading')} delayed />;
}
