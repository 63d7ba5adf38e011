import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';

export interface HomePageProps {
  /** A sign-in is running: show that instead of the welcome. */
  isSigningIn: boolean;
  /** The vendor whose portal this is (configuration `vendorName`). */
  vendorName: string;
  /** Whether signing in is possible now (configured, the stored session checked). */
  canSignIn: boolean;
  onSignIn: () => void;
}

/**
 * The home route signed out (spec §2, issue 17): what the portal offers and one sign-in action; "Signing in…" while
 * a sign-in runs. Signed in, the route shows `signed-in-home.tsx` instead (loaded then, off the first page).
 */
export function HomePage({ isSigningIn, vendorName, canSignIn, onSignIn }: HomePageProps) {
  const { t } = useTranslation();
  if (isSigningIn) {
    return (
      <div className="portal-home">
        <h1 className="portal-h4">{t('Authentication.signingIn')}</h1>
      </div>
    );
  }
  const vendor = vendorName.trim() === '' ? t('Header.logo') : vendorName;
  const offers = [
    { title: t('Home.offerReportsTitle'), text: t('Home.offerReports') },
    { title: t('Home.offerAnalyticsTitle'), text: t('Home.offerAnalytics') },
    { title: t('Home.offerDownloadsTitle'), text: t('Home.offerDownloads') },
  ];
  return (
    <div className="portal-home">
      <Logo height={80} />
      <h1 className="portal-h4">{t('Home.title')}</h1>
      <p className="portal-home-lead">{t('Home.intro', { vendor })}</p>
      {/* The call to action before the cards: on a phone it is in view without scrolling. */}
      <div className="portal-home-action">
        <p>{t('Home.signInPrompt')}</p>
        {canSignIn && (
          <button
            type="button"
            className="portal-button portal-button-contained portal-button-large"
            onClick={onSignIn}
          >
            {t('Home.signIn')}
          </button>
        )}
      </div>
      <ul className="portal-home-offers">
        {offers.map((offer) => (
          <li key={offer.title} className="portal-card">
            <h2 className="portal-h6">{offer.title}</h2>
            <p>{offer.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
