import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../paths';

/** Shown for any path the portal does not know (and for features switched off by configuration). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="portal-page">
      <h1 className="portal-h4">{t('NotFound.title')}</h1>
      <p>{t('NotFound.body')}</p>
      <RouterLink to={paths.home} className="portal-button portal-button-outlined">
        {t('Menu.home')}
      </RouterLink>
    </div>
  );
}
