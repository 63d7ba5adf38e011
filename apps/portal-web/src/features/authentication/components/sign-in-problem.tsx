import { useTranslation } from 'react-i18next';
import { ShellAlert } from '../../../components/shell-alert';
import { POPUP_BLOCKED } from '../thunks';

/** Which sentence a failed sign-in deserves; none when the user closed the popup themselves. */
export function signInProblemKey(
  error: string,
): 'Authentication.popupBlocked' | 'Authentication.failed' | null {
  if (error === POPUP_BLOCKED) return 'Authentication.popupBlocked';
  if (/closed by user/i.test(error)) return null;
  return 'Authentication.failed';
}

export interface SignInProblemProps {
  /** The stored sign-in error (authentication.error). */
  error: string | null;
  onRetry: () => void;
  onDismiss: () => void;
}

/** A failed sign-in told in the page (a blocked popup above all), with a retry: the click may open the popup. */
export function SignInProblem({ error, onRetry, onDismiss }: SignInProblemProps) {
  const { t } = useTranslation();
  const key = error === null ? null : signInProblemKey(error);
  if (key === null) return null;
  return (
    <ShellAlert
      message={t(key)}
      retryLabel={t('Common.retry')}
      onRetry={onRetry}
      dismiss={{ label: t('Authentication.dismiss'), onDismiss }}
    />
  );
}
