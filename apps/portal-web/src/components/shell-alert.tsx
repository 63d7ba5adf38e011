import type { ReactNode } from 'react';
import { ErrorIcon } from './icons';

/**
 * An error with a retry button, drawn by the shell without MUI (`app/shell.css`): for failures before MUI has
 * loaded (the configuration, a page's code, a sign-in). Pages use `LoadError`.
 */
export function ShellAlert({
  message,
  retryLabel,
  onRetry,
  dismiss,
}: {
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** A second button that puts the alert away. */
  dismiss?: { label: string; onDismiss: () => void };
}) {
  return (
    <div className="portal-alert" role="alert">
      <div className="portal-alert-icon">
        <ErrorIcon />
      </div>
      <div className="portal-alert-message">{message}</div>
      <div className="portal-alert-action">
        <button type="button" className="portal-button portal-button-small" onClick={onRetry}>
          {retryLabel}
        </button>
        {dismiss && (
          <button type="button" className="portal-button portal-button-small" onClick={dismiss.onDismiss}>
            {dismiss.label}
          </button>
        )}
      </div>
    </div>
  );
}
