import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ALERT_WITH_ACTION } from '../../../components/alert-layout';

/**
 * The analytics service cannot be reached: said in the page (a live region, so a screen reader hears it), with
 * a button to try at once; `useRetryWhileUnavailable` keeps trying meanwhile.
 */
export function AnalyticsUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ m: 2, ...ALERT_WITH_ACTION }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('Common.retry')}
        </Button>
      }
    >
      {t('EmbeddedReports.unavailable')}
    </Alert>
  );
}
