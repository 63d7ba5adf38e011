import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface NavigationLink {
  to: string;
  label: string;
  /** Active only on this exact path. */
  end?: boolean;
}

export interface TopNavigationProps {
  links: readonly NavigationLink[];
  /** The user is likely to follow the link to `to` (pointer over it, focus on it): a chance to fetch its page. */
  onLinkIntent?: (to: string) => void;
}

/** The header's links; the one for the current page is highlighted (and has aria-current="page"). */
export function TopNavigation({ links, onLinkIntent }: TopNavigationProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Menu.navigation')} className="portal-navigation">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end === true}
          className="portal-button portal-button-small portal-nav-link"
          onPointerEnter={() => onLinkIntent?.(link.to)}
          onFocus={() => onLinkIntent?.(link.to)}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
