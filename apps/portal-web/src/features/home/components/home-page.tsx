import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';

export interface HomePageProps {
  /** A sign-in is running: show that instead of the welcome. */
  isSigningIn: boolean;
}

/** The home route (spec §2): the logo and the home title, or "Signing in…" while a sign-in runs. */
export function HomePage({ isSigningIn }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', px: 2, py: 6, textAlign: 'center' }}>
      {isSigningIn ? (
        <Typography variant="h4" component="h1">
          {t('Authentication.signingIn')}
        </Typography>
      ) : (
        <>
          <Logo height={80} />
          <Typography variant="h4" component="h1">
            {t('Home.title')}
          </Typography>
        </>
      )}
    </Stack>
  );
}
