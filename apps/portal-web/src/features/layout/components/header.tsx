import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';
import { paths } from '../../../paths';
import { TopNavigation } from './top-navigation';
import type { NavigationLink } from './top-navigation';

export interface HeaderProps {
  links: readonly NavigationLink[];
  /** The signed-in account's user name; null when nobody is signed in. */
  userName: string | null;
  /** Whether to offer signing in (nobody signed in, and sign-in is possible). */
  canSignIn: boolean;
  /** A sign-in is running. */
  isSigningIn: boolean;
  onSignIn: () => void;
  onSignOut: () => void;
}

/** The top bar: logo, navigation, and the sign-in or sign-out button. */
export function Header({ links, userName, canSignIn, isSigningIn, onSignIn, onSignOut }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="static" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 2, py: 0.5, flexWrap: 'wrap' }}>
        <Box component={RouterLink} to={paths.home} sx={{ display: 'flex' }}>
          <Logo height={32} />
        </Box>
        <TopNavigation links={links} />
        {userName !== null ? (
          // describeChild: the button keeps its own name; the tooltip only describes it.
          <Tooltip title={userName} placement="left" describeChild>
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={onSignOut}>
              {t('Header.signout')}
            </Button>
          </Tooltip>
        ) : canSignIn ? (
          <Button color="inherit" startIcon={<LoginIcon />} onClick={onSignIn} disabled={isSigningIn}>
            {t('Header.signin')}
          </Button>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
