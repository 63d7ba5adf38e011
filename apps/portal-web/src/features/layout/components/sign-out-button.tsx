import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import MuiTheme from '../../../app/mui-theme';

export interface SignOutButtonProps {
  userName: string;
  onSignOut: () => void;
}

/** Sign-out with the account's user name in a tooltip on its left (spec §2). Loaded lazily, with MUI. */
export default function SignOutButton({ userName, onSignOut }: SignOutButtonProps) {
  const { t } = useTranslation();
  return (
    <MuiTheme>
      {/* describeChild: the button keeps its own name; the tooltip only describes it. */}
      <Tooltip title={userName} placement="left" describeChild>
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={onSignOut}>
          {t('Header.signout')}
        </Button>
      </Tooltip>
    </MuiTheme>
  );
}
