import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ALERT_WITH_ACTION } from './alert-layout';
import { useSignInAgain } from '../lib/sign-in-again';

/**
 * A failed load, shown in the page with a retry (the §8 message is the error). When `error` says the sign-in is no
 * longer valid, the button signs in again instead: retrying would only fail the same way.
 */
export function LoadError({
  what,
  message,
  error,
  onRetry,
}: {
  what: string;
  message: string;
  error?: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const signInAgain = useSignInAgain(error);
  return (
    <Alert
      severity="error"
      sx={{ m: 2, ...ALERT_WITH_ACTION }}
      action={
        <Button color="inherit" size="small" onClick={signInAgain ?? onRetry}>
          {signInAgain ? t('Header.signInAgain') : t('Common.retry')}
        </Button>
      }
    >
      {t('Common.loadError', { what, message })}
    </Alert>
  );
}
