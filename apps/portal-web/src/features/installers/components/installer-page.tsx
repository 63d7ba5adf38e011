import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { errorTextOf } from '../../../lib/error-text';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/languages';
import type { Progress } from '../../../lib/save-file';
import { downloadInstaller } from '../download';
import { PLATFORMS } from '../model';
import type { Installee, Platform } from '../model';

export interface InstallerPageProps {
  installee: Installee;
  accessKey?: string;
  /** The configuration's is64Bit: the platform preselected. */
  is64Bit: boolean;
  title: string;
  /** The upgrade page's extra message. */
  message?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: Progress }
  | { kind: 'done'; fileName: string }
  /** `error` is what the download threw, translated when drawn so a change of language reaches it. */
  | { kind: 'failed'; error: unknown };

function percent({ received, total }: Progress): number | undefined {
  return total === null ? undefined : Math.min(100, Math.round((received / total) * 100));
}

/** An installer download (spec §2): language and platform selectors and a download button with progress. */
export function InstallerPage({ installee, accessKey, is64Bit, title, message }: InstallerPageProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [language, setLanguage] = useState<string>(
    () => toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE,
  );
  const [platform, setPlatform] = useState<Platform>(is64Bit ? 'x64' : 'x86');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const download = async () => {
    setStatus({ kind: 'downloading', progress: { received: 0, total: null } });
    try {
      const request = { installee, platform, language, ...(accessKey === undefined ? {} : { accessKey }) };
      const fileName = await dispatch(
        downloadInstaller(request, (progress) => setStatus({ kind: 'downloading', progress })),
      );
      setStatus({ kind: 'done', fileName });
    } catch (error) {
      setStatus({ kind: 'failed', error });
    }
  };

  const busy = status.kind === 'downloading';
  return (
    <Stack spacing={3} sx={{ px: { xs: 2, sm: 3 }, py: 4, maxWidth: '40em' }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {message !== undefined && <Typography>{message}</Typography>}
      {/* 15em: a shrunk label may take 133 % of its field, and German's "Sprache des Installationsprogramms"
          was cut short in 12em. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <FormControl variant="standard" sx={{ minWidth: '15em' }}>
          <InputLabel htmlFor="installer-language" shrink>
            {t('Installer.language')}
          </InputLabel>
          <NativeSelect
            id="installer-language"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          >
            {SUPPORTED_LANGUAGES.map(({ code, name }) => (
              <option key={code} value={code} lang={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <FormControl variant="standard" sx={{ minWidth: '15em' }}>
          <InputLabel htmlFor="installer-platform" shrink>
            {t('Installer.platform')}
          </InputLabel>
          <NativeSelect
            id="installer-platform"
            value={platform}
            onChange={(event) => setPlatform(event.target.value === 'x86' ? 'x86' : 'x64')}
          >
            {PLATFORMS.map(({ value, labelKey }) => (
              <option key={value} value={value}>
                {t(labelKey)}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </Stack>
      <div>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={busy}
        >
          {t('Installer.download')}
        </Button>
      </div>
      {status.kind === 'downloading' && (
        <LinearProgress
          aria-label={t('Installer.downloading')}
          variant={percent(status.progress) === undefined ? 'indeterminate' : 'determinate'}
          {...(percent(status.progress) === undefined ? {} : { value: percent(status.progress) })}
        />
      )}
      {status.kind === 'done' && (
        <Alert severity="success">{t('Installer.downloaded', { fileName: status.fileName })}</Alert>
      )}
      {status.kind === 'failed' && (
        <Alert severity="error">{t('Installer.failed', { message: errorTextOf(t, status.error) })}</Alert>
      )}
    </Stack>
  );
}
