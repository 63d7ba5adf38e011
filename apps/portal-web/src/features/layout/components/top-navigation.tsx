import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface NavigationLink {
  to: string;
  label: string;
  /** Active only on this exact path. */
  end?: boolean;
}

/** The header's links; the one for the current page is highlighted (and has aria-current="page"). */
export function TopNavigation({ links }: { links: readonly NavigationLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Menu.navigation')} className="portal-navigation">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end === true}
          className="portal-button portal-button-small portal-nav-link"
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
