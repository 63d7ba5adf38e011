import { useEffect } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
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
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void dispatch(loadClientConfiguration())}>
            {t('Configuration.retry')}
          </Button>
        }
      >
        {t('Configuration.loadError')}
      </Alert>
    );
  }
  return <LinearProgress aria-label={t('Configuration.loading')} />;
}
