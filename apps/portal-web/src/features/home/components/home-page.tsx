import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';

export interface HomePageProps {
  /** A sign-in is running: show that instead of the welcome. */
  isSigningIn: boolean;
}

/** The home route (spec §2): the logo and the home title, or "Signing in…" while a sign-in runs. */
export function HomePage({ isSigningIn }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <div className="portal-home">
      {isSigningIn ? (
        <h1 className="portal-h4">{t('Authentication.signingIn')}</h1>
      ) : (
        <>
          <Logo height={80} />
          <h1 className="portal-h4">{t('Home.title')}</h1>
        </>
      )}
    </div>
  );
}
