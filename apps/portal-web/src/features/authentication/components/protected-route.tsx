import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectAuthentication } from '../slice';

/**
 * Shows its children to a signed-in user only (spec §2). Nothing while the login state is still
 * unknown or a sign-in runs; otherwise a prompt to sign in.
 */
export function ProtectedRoute({ children }: { children: ReactNode }): ReactNode {
  const { account, isLoggingIn } = useAppSelector(selectAuthentication);
  const { t } = useTranslation();
  if (account && isLoggingIn === false) return children;
  if (isLoggingIn !== false) return null;
  return <h1 className="portal-h5">{t('Authentication.defaultText')}</h1>;
}
