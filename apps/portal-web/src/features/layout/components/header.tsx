import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon, SignInIcon } from '../../../components/icons';
import { LoadBoundary } from '../../../components/load-boundary';
import { Logo } from '../../../components/logo';
import { paths } from '../../../paths';
import { TopNavigation } from './top-navigation';
import type { NavigationLink } from './top-navigation';

// The sign-out button's tooltip brings MUI (and its Popper): only signed-in users need it. It is fetched as
// soon as a sign-in looks likely, so the button is there when the popup closes.
const loadSignOutButton = () => import('./sign-out-button');
const SignOutButton = lazy(loadSignOutButton);

export interface HeaderProps {
  links: readonly NavigationLink[];
  /** The signed-in account's user name (the sign-out button's tooltip, spec §2); null when nobody is signed in. */
  userName: string | null;
  /** The signed-in user's name as shown beside the sign-out button (default: userName). */
  displayName?: string | null;
  /** Whether to offer signing in (nobody signed in, and sign-in is possible). */
  canSignIn: boolean;
  /** A sign-in is running. */
  isSigningIn: boolean;
  onSignIn: () => void;
  /** The user is likely to click sign-in soon (hover, focus): a chance to load its code. */
  onSignInIntent?: () => void;
  onSignOut: () => void;
  /** The user is likely to follow a navigation link: a chance to fetch its page's code. */
  onLinkIntent?: (to: string) => void;
}

/**
 * The top bar: logo, navigation, and the sign-in or sign-out button (styles in app/shell.css). On a narrow screen
 * the navigation and the button fold into a panel under a menu button (a disclosure: Escape closes it and returns
 * focus to the button, following a link closes it); on a wide one the button is not drawn and the panel is laid out
 * as if it were not there, so the order of the tab key is the order on screen at every width.
 */
export function Header({
  links,
  userName,
  displayName = userName,
  canSignIn,
  isSigningIn,
  onSignIn,
  onSignInIntent,
  onSignOut,
  onLinkIntent,
}: HeaderProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const signInIntent = () => {
    loadSignOutButton().catch(() => undefined);
    onSignInIntent?.();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    event.preventDefault();
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  };
  // Following a link (the home logo's or the navigation's) closes the menu; the page changes under it.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };
  return (
    <header className="portal-header">
      <div className="portal-toolbar" onKeyDown={closeOnEscape} onClick={closeOnLink}>
        <RouterLink to={paths.home} className="portal-home-link">
          <Logo height={32} />
        </RouterLink>
        <button
          ref={menuButtonRef}
          type="button"
          className="portal-button portal-menu-button"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="portal-button-icon">
            <MenuIcon />
          </span>
          {t('Header.menu')}
        </button>
        <div id={panelId} className="portal-menu-panel" data-open={menuOpen ? '' : undefined}>
          <TopNavigation links={links} {...(onLinkIntent ? { onLinkIntent } : {})} />
          {userName !== null && <span className="portal-user-name">{displayName ?? userName}</span>}
          {userName !== null ? (
            // Should its code not arrive, a plain button (without the tooltip) still signs out.
            <LoadBoundary
              fallback={
                <button type="button" className="portal-button" onClick={onSignOut}>
                  {t('Header.signout')}
                </button>
              }
            >
              <Suspense fallback={null}>
                <SignOutButton userName={userName} onSignOut={onSignOut} />
              </Suspense>
            </LoadBoundary>
          ) : canSignIn ? (
            <button
              type="button"
              className="portal-button"
              onClick={onSignIn}
              onPointerEnter={signInIntent}
              onFocus={signInIntent}
              disabled={isSigningIn}
            >
              <span className="portal-button-icon">
                <SignInIcon />
              </span>
              {t('Header.signin')}
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
