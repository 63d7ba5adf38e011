import { lazy, Suspense } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import LoginIcon from '@mui/icons-material/Login';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';
import { paths } from '../../../paths';
import { TopNavigation } from './top-navigation';
import type { NavigationLink } from './top-navigation';

// The tooltip brings MUI's Popper and popper.js (about 12 KB gzipped): only signed-in users need it. It is
// fetched as soon as a sign-in looks likely, so the button is there when the popup closes.
const loadSignOutButton = () => import('./sign-out-button');
const SignOutButton = lazy(loadSignOutButton);

export interface HeaderProps {
  links: readonly NavigationLink[];
  /** The signed-in account's user name; null when nobody is signed in. */
  userName: string | null;
  /** Whether to offer signing in (nobody signed in, and sign-in is possible). */
  canSignIn: boolean;
  /** A sign-in is running. */
  isSigningIn: boolean;
  onSignIn: () => void;
  /** The user is likely to click sign-in soon (hover, focus): a chance to load its code. */
  onSignInIntent?: () => void;
  onSignOut: () => void;
}

/** The top bar: logo, navigation, and the sign-in or sign-out button. */
export function Header({
  links,
  userName,
  canSignIn,
  isSigningIn,
  onSignIn,
  onSignInIntent,
  onSignOut,
}: HeaderProps) {
  const { t } = useTranslation();
  const signInIntent = () => {
    loadSignOutButton().catch(() => undefined);
    onSignInIntent?.();
  };
  return (
    <AppBar position="static" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 2, py: 0.5, flexWrap: 'wrap' }}>
        <Box component={RouterLink} to={paths.home} sx={{ display: 'flex' }}>
          <Logo height={32} />
        </Box>
        <TopNavigation links={links} />
        {userName !== null ? (
          <Suspense fallback={null}>
            <SignOutButton userName={userName} onSignOut={onSignOut} />
          </Suspense>
        ) : canSignIn ? (
          <Button
            color="inherit"
            startIcon={<LoginIcon />}
            onClick={onSignIn}
            onPointerEnter={signInIntent}
            onFocus={signInIntent}
            disabled={isSigningIn}
          >
            {t('Header.signin')}
          </Button>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
