import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SIGNING_KEY_FILE } from '../model';

function Command({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        my: 1,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** "How to verify": the signature of SHA256SUMS with OpenSSL 3, then the file's checksum (Linux/macOS, Windows). */
export function VerifySteps({ fileName }: { fileName: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="installer-verify-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="installer-verify-heading">
        {t('Installer.verifyHeading')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('Installer.verifyIntro')}
      </Typography>
      <Typography variant="body2" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {t('Installer.verifySignature')}
      </Typography>
      <Command>{`openssl pkeyutl -verify -pubin -inkey ${SIGNING_KEY_FILE} -rawin -in SHA256SUMS -sigfile SHA256SUMS.sig`}</Command>
      <Typography variant="body2">
        {t('Installer.verifyPrints')} <code>Signature Verified Successfully</code>
      </Typography>
      <Typography variant="body2" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {t('Installer.verifyChecksum')}
      </Typography>
      <Command>{'sha256sum --check --ignore-missing SHA256SUMS'}</Command>
      <Typography variant="body2">
        {t('Installer.verifyPrints')} <code>{`${fileName}: OK`}</code>
      </Typography>
      <Typography variant="body2" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {t('Installer.verifyWindows')}
      </Typography>
      <Command>{`(Get-FileHash .\\${fileName} -Algorithm SHA256).Hash.ToLower()`}</Command>
      <Typography variant="body2">{t('Installer.verifyWindowsResult')}</Typography>
    </Paper>
  );
}
