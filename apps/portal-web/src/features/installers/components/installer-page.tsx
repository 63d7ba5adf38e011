import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { ALERT_WITH_ACTION } from '../../../components/alert-layout';
import { errorTextOf } from '../../../lib/error-text';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../lib/languages';
import { saveBlob } from '../../../lib/save-file';
import { fetchReleases, requestDownloadLink, startDownload } from '../download';
import { Markdown } from '../markdown';
import { PLATFORMS, SIGNING_KEY_FILE, SIGNING_KEY_URL, defaultVersion, notesIn, pickFile } from '../model';
import type { Installee, Platform, Release, ReleaseListing } from '../model';
import { VerifySteps } from './verify-steps';

export interface InstallerPageProps {
  installee: Installee;
  accessKey?: string;
  /** The configuration's is64Bit: the platform preselected. */
  is64Bit: boolean;
  title: string;
  /** The upgrade page's extra message. */
  message?: string;
}

type Listing =
  | { kind: 'loading' }
  | { kind: 'loaded'; listing: ReleaseListing }
  /** `error` is what the call threw, translated when drawn so a change of language reaches it. */
  | { kind: 'failed'; error: unknown };

type Status =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'started'; fileName: string }
  | { kind: 'failed'; error: unknown };

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const CHANNEL_KEYS: Record<string, 'Installer.channelStable' | 'Installer.channelPreview'> = {
  stable: 'Installer.channelStable',
  preview: 'Installer.channelPreview',
};

/** Whether the server refused the key or the account (a 4xx other than 429), rather than failing to answer. */
function isRefusal(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

/**
 * An installer download (spec §2): checks the key as it opens (the versions it may see), then a version picker with
 * its channel, language and platform, the chosen file's size and SHA-256, the version's SHA256SUMS and signature,
 * how to verify them, and the version history with release notes in the user's language.
 */
export function InstallerPage({ installee, accessKey, is64Bit, title, message }: InstallerPageProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [language, setLanguage] = useState<string>(
    () => toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE,
  );
  const [platform, setPlatform] = useState<Platform>(is64Bit ? 'x64' : 'x86');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Asking again after a failure that was not the key's refusal (the network, the server).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const target = { installee, ...(accessKey === undefined ? {} : { accessKey }) };
    dispatch(fetchReleases(target)).then(
      (loaded) => {
        if (!current) return;
        setListing({ kind: 'loaded', listing: loaded });
        setVersion(defaultVersion(loaded.releases));
      },
      (error: unknown) => {
        if (current) setListing({ kind: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, installee, accessKey, attempt]);

  const uiLanguage = toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  const dates = new Intl.DateTimeFormat(uiLanguage, { dateStyle: 'medium' });
  const sizes = new Intl.NumberFormat(uiLanguage, { maximumFractionDigits: 1 });
  const sizeText = (bytes: number) => t('Installer.sizeMegabytes', { size: sizes.format(bytes / 1_000_000) });

  const header = (
    <>
      {/* A size smaller on phones: German's "Datenerfassungsagenten" is wider than a phone at h4's 34 px, and
          Chromium on Linux has no hyphenation dictionary, so it broke as "Datenerfassungsagent" / "en". */}
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.625rem', sm: '2.125rem' } }}>
        {title}
      </Typography>
      {message !== undefined && <Typography>{message}</Typography>}
    </>
  );

  if (listing.kind !== 'loaded') {
    return (
      <Stack spacing={3} sx={{ px: { xs: 2, sm: 3 }, py: 4, maxWidth: '40em' }}>
        {header}
        {listing.kind === 'loading' ? (
          <LinearProgress aria-label={t('Installer.loadingVersions')} />
        ) : isRefusal(listing.error) ? (
          <Alert severity="error">{t('Installer.refused', { message: errorTextOf(t, listing.error) })}</Alert>
        ) : (
          // A lost connection or a server error says nothing about the key: not "cannot be used", and a retry.
          <Alert
            severity="error"
            sx={ALERT_WITH_ACTION}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setListing({ kind: 'loading' });
                  setAttempt((n) => n + 1);
                }}
              >
                {t('Common.retry')}
              </Button>
            }
          >
            {t('Common.loadError', {
              what: t('Installer.versionList'),
              message: errorTextOf(t, listing.error),
            })}
          </Alert>
        )}
      </Stack>
    );
  }

  const { releases } = listing.listing;
  const latest = defaultVersion(releases);
  const release: Release | undefined = releases.find((candidate) => candidate.version === version);
  const file = release === undefined ? undefined : pickFile(release, platform, language);
  const channelLabel = (channel: string) => {
    const key = CHANNEL_KEYS[channel];
    return key === undefined ? channel : t(key);
  };

  const download = async () => {
    if (release === undefined) return;
    setStatus({ kind: 'preparing' });
    try {
      const link = await dispatch(
        requestDownloadLink(
          { installee, ...(accessKey === undefined ? {} : { accessKey }) },
          { version: release.version, platform, language },
        ),
      );
      startDownload(link.url, link.fileName);
      setStatus({ kind: 'started', fileName: link.fileName });
    } catch (error) {
      setStatus({ kind: 'failed', error });
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Stack spacing={3} sx={{ px: { xs: 2, sm: 3 }, py: 4, maxWidth: '80em' }}>
      {header}
      {releases.length === 0 ? (
        <Alert severity="info">{t('Installer.noVersions')}</Alert>
      ) : (
        // One column: download, history, how to verify; wide: download and how to verify beside the history.
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, lg: 4 },
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gridTemplateRows: { lg: 'auto 1fr' },
            gridTemplateAreas: {
              xs: '"download" "history" "verify"',
              lg: '"download history" "verify history"',
            },
          }}
        >
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="installer-download-heading"
            sx={{ gridArea: 'download' }}
          >
            <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" id="installer-download-heading">
                {t('Installer.downloadHeading')}
              </Typography>
              {/* 15em: a shrunk label may take 133 % of its field, and German's "Sprache des
                    Installationsprogramms" was cut short in 12em. */}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <FormControl variant="standard" sx={{ minWidth: '15em' }}>
                  <InputLabel htmlFor="installer-version" shrink>
                    {t('Installer.version')}
                  </InputLabel>
                  <NativeSelect
                    id="installer-version"
                    value={version ?? ''}
                    onChange={(event) => {
                      setVersion(event.target.value);
                      setStatus({ kind: 'idle' });
                    }}
                  >
                    {releases.map((candidate) => (
                      <option key={candidate.version} value={candidate.version}>
                        {candidate.version === latest
                          ? t('Installer.versionOptionLatest', {
                              version: candidate.version,
                              channel: channelLabel(candidate.channel),
                            })
                          : t('Installer.versionOption', {
                              version: candidate.version,
                              channel: channelLabel(candidate.channel),
                            })}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
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
                <FormControl variant="standard" sx={{ minWidth: '10em' }}>
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
              {release !== undefined && file === undefined && (
                <Alert severity="warning">{t('Installer.noFile')}</Alert>
              )}
              {release !== undefined && file !== undefined && (
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                    columnGap: 2,
                    rowGap: 0.5,
                    '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
                    '& dd': { m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0 },
                  }}
                >
                  <dt>{t('Installer.file')}</dt>
                  <dd>
                    <Box component="code" sx={{ fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
                      {file.fileName}
                    </Box>
                  </dd>
                  <dt>{t('Installer.size')}</dt>
                  <dd>
                    <span title={t('Installer.sizeBytes', { bytes: file.size.toLocaleString(uiLanguage) })}>
                      {sizeText(file.size)}
                    </span>
                  </dd>
                  <dt>{t('Installer.sha256')}</dt>
                  <dd>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <Box
                        component="code"
                        data-testid="installer-sha256"
                        sx={{ wordBreak: 'break-all', fontSize: '0.8125rem' }}
                      >
                        {file.sha256}
                      </Box>
                      <Tooltip title={t('Installer.copySha256')}>
                        <IconButton
                          size="small"
                          aria-label={t('Installer.copySha256')}
                          onClick={() => void copy(file.sha256)}
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                    {copied !== 'idle' && (
                      <Typography variant="caption" role="status">
                        {copied === 'copied' ? t('Installer.copied') : t('Installer.copyFailed')}
                      </Typography>
                    )}
                  </dd>
                </Box>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  startIcon={<DownloadIcon />}
                  onClick={() => void download()}
                  disabled={status.kind === 'preparing' || file === undefined}
                >
                  {t('Installer.download')}
                </Button>
                {release !== undefined && (
                  <>
                    <Button
                      onClick={() =>
                        saveBlob(new Blob([release.checksums], { type: 'text/plain' }), 'SHA256SUMS')
                      }
                    >
                      {t('Installer.checksumsFile')}
                    </Button>
                    <Button
                      onClick={() =>
                        saveBlob(
                          new Blob([base64ToBytes(release.signature)], {
                            type: 'application/octet-stream',
                          }),
                          'SHA256SUMS.sig',
                        )
                      }
                    >
                      {t('Installer.signatureFile')}
                    </Button>
                    <Button component="a" href={SIGNING_KEY_URL} download={SIGNING_KEY_FILE}>
                      {t('Installer.publicKey')}
                    </Button>
                  </>
                )}
              </Stack>
              {status.kind === 'preparing' && <LinearProgress aria-label={t('Installer.downloading')} />}
              {status.kind === 'started' && (
                <Alert severity="success">{t('Installer.started', { fileName: status.fileName })}</Alert>
              )}
              {status.kind === 'failed' && (
                <Alert severity="error">
                  {t('Installer.failed', { message: errorTextOf(t, status.error) })}
                </Alert>
              )}
            </Stack>
          </Paper>
          {file !== undefined && (
            <Box sx={{ gridArea: 'verify' }}>
              <VerifySteps fileName={file.fileName} />
            </Box>
          )}
          <Box component="section" aria-labelledby="installer-history-heading" sx={{ gridArea: 'history' }}>
            <Typography variant="h6" component="h2" id="installer-history-heading" sx={{ mb: 1 }}>
              {t('Installer.history')}
            </Typography>
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {releases.map((entry) => {
                const notes = notesIn(entry, uiLanguage);
                return (
                  <Paper
                    key={entry.version}
                    component="li"
                    variant="outlined"
                    sx={{ p: 2 }}
                    aria-labelledby={`release-${entry.version}`}
                  >
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Typography variant="subtitle1" component="h3" id={`release-${entry.version}`}>
                        {entry.version}
                      </Typography>
                      <Chip
                        size="small"
                        label={channelLabel(entry.channel)}
                        color={entry.channel === 'stable' ? 'primary' : 'default'}
                        variant="outlined"
                      />
                      {entry.version === latest && (
                        <Chip size="small" label={t('Installer.latest')} color="primary" />
                      )}
                      <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                        {t('Installer.published', { date: dates.format(new Date(entry.publishedAt)) })}
                      </Typography>
                    </Stack>
                    {notes === undefined ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('Installer.noNotes')}
                      </Typography>
                    ) : (
                      <Box
                        lang={entry.notes[uiLanguage] === undefined ? 'en' : uiLanguage}
                        sx={{ '& code': { fontSize: '0.8125rem' } }}
                      >
                        <Markdown markdown={notes} headingLevel={4} />
                      </Box>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
