import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface NavigationLink {
  to: string;
  label: string;
  /** Active only on this exact path. */
  end?: boolean;
}

/** The header's links; the one for the current page is highlighted. */
export function TopNavigation({ links }: { links: readonly NavigationLink[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('Menu.navigation')}
      sx={{ flexGrow: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
    >
      {links.map((link) => (
        <Button
          key={link.to}
          component={NavLink}
          to={link.to}
          end={link.end === true}
          color="inherit"
          size="small"
          sx={{
            textTransform: 'none',
            borderBottom: 2,
            borderColor: 'transparent',
            borderRadius: 0,
            '&.active': { borderColor: 'secondary.main', fontWeight: 'fontWeightBold' },
          }}
        >
          {link.label}
        </Button>
      ))}
    </Box>
  );
}
