import { useTranslation } from 'react-i18next';

export const LOGO_SRC = '/resources/HeaderLogo.png';

/** The Portico logo (276 × 80 pixels, drawn for 138 × 40), scaled to `height` pixels. */
export function Logo({ height = 40 }: { height?: number }) {
  const { t } = useTranslation();
  return <img className="portal-logo" src={LOGO_SRC} alt={t('Header.logo')} style={{ height }} />;
}
