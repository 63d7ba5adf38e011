import { useTranslation } from 'react-i18next';
import { idleDuration } from '../../../lib/sign-in-notice';
import type { SignInNotice } from '../../../lib/sign-in-notice';

export interface SignInNoticeBannerProps {
  notice: SignInNotice;
  /** Shown only when signing in is possible now. */
  onSignIn: (() => void) | null;
  onDismiss: () => void;
}

/**
 * Why the user is signed out (an idle lock-out, or a page that needs a sign-in), with a sign-in that returns to
 * where they were. A status, not an alert: nothing failed. Drawn by the shell (`app/shell.css`).
 */
export function SignInNoticeBanner({ notice, onSignIn, onDismiss }: SignInNoticeBannerProps) {
  const { t, i18n } = useTranslation();
  const message =
    notice.reason === 'idleLockout'
      ? t('IdleLockout.signedOut', { duration: idleDuration(notice.idleSeconds ?? 900, i18n.language) })
      : t('Header.signInRequired', { page: t('Menu.controlPanelUpgrade') });
  return (
    <div className="portal-alert portal-notice" role="status">
      <div className="portal-alert-message">{message}</div>
      <div className="portal-alert-action">
        {onSignIn !== null && (
          <button
            type="button"
            className="portal-button portal-button-small portal-button-contained"
            onClick={onSignIn}
          >
            {t('Header.signInAgain')}
          </button>
        )}
        <button type="button" className="portal-button portal-button-small" onClick={onDismiss}>
          {t('Authentication.dismiss')}
        </button>
      </div>
    </div>
  );
}
