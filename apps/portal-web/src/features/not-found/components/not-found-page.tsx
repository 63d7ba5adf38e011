import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../paths';

/** Shown for any path the portal does not know (and for features switched off by configuration). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', px: 3, py: 4 }}>
      <Typography variant="h4" component="h1">
        {t('NotFound.title')}
      </Typography>
      <Typography>{t('NotFound.body')}</Typography>
      <Button component={RouterLink} to={paths.home} variant="outlined">
        {t('Menu.home')}
      </Button>
    </Stack>
  );
}
