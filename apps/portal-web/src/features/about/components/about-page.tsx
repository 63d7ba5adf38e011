import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface AboutPageProps {
  version: string;
  schema: string;
  /** The welcome paragraphs, shown when the welcome message is enabled; empty otherwise. */
  welcomeMessage: readonly string[];
}

/** The About page (spec §2): versions, acknowledgments, the warning, and the welcome text when enabled. */
export function AboutPage({ version, schema, welcomeMessage }: AboutPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ px: 3, py: 4, maxWidth: '60em' }}>
      <Typography variant="h4" component="h1">
        {t('About.title')}
      </Typography>
      <Typography>{t('About.productVersion', { version })}</Typography>
      <Typography>{t('About.schemaVersion', { schema })}</Typography>
      <Typography variant="h5" component="h2">
        {t('About.acknowledgmentsTitle')}
      </Typography>
      <Typography component="ul" sx={{ pl: 3, my: 0 }}>
        <li>{t('About.acknowledgmentParser')}</li>
        <li>{t('About.acknowledgmentBuyersLab')}</li>
      </Typography>
      <Alert severity="warning" component="section" aria-labelledby="about-warning">
        <AlertTitle id="about-warning" component="h2">
          {t('About.warningTitle')}
        </AlertTitle>
        {t('About.warningMessage')}
      </Alert>
      {welcomeMessage.length > 0 && (
        <Stack component="section" spacing={1} aria-labelledby="about-welcome">
          <Typography id="about-welcome" variant="h5" component="h2">
            {t('About.welcomeTitle')}
          </Typography>
          {welcomeMessage.map((paragraph, index) => (
            <Typography key={index}>{paragraph}</Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
