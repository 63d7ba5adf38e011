import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import { DEFAULT_ALLOWED_HOSTS, factories, models, service } from '@portico/embed';
import { PowerBIEmbed } from '@portico/embed-react';
import type { EmbedConfig, EmbeddedComponent } from '@portico/embed-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { errorTextOf } from '../../../lib/error-text';
import { FALLBACK_LANGUAGE, toSupportedLanguage } from '../../../lib/languages';
import { useGetEmbedInfoQuery } from '../api';
import {
  framePointerOver,
  isFrameFullscreenShortcut,
  useFullscreenButton,
} from '../hooks/use-fullscreen-button';
import { useRetryWhileUnavailable } from '../hooks/use-retry-while-unavailable';
import { refreshDelay } from '../model';
import type { UserReport } from '../model';
import { AnalyticsUnavailable } from './analytics-unavailable';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** One service for the page; plain-http analytics is allowed only while the portal itself runs locally. */
function createService(): service.Service {
  return new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, {
    allowedHosts: [...DEFAULT_ALLOWED_HOSTS],
    allowInsecureLocalhost: LOCAL_HOSTS.has(window.location.hostname),
  });
}

const SETTINGS = {
  panes: {
    filters: { visible: true, expanded: false, position: models.FiltersPanePosition.Left },
    pageNavigation: { visible: true, position: models.PageNavigationPosition.Left },
  },
};

/**
 * One embedded report (spec §2): its embed info fetched, then embedded with the filters pane and the page
 * navigation on the left. The token is fetched again before it expires; the new token reaches the frame
 * through setAccessToken (embed-react does that when only the token changed).
 */
export function EmbeddedReport({ report }: { report: UserReport }) {
  const { t, i18n } = useTranslation();
  // The report reads in the portal's language: the frame words its chrome and menus, and formats, by it.
  const language = toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  const embedService = useMemo(() => createService(), []);
  const embedRef = useRef<EmbeddedComponent | null>(null);
  const { workspaceId, reportId } = report;
  const info = useGetEmbedInfoQuery({ workspaceId, reportId, language }, { refetchOnMountOrArgChange: true });
  const fullscreen = useFullscreenButton();
  const { visible, reveal } = fullscreen;
  const { focusRequested, focused } = fullscreen;
  const { unavailable } = useRetryWhileUnavailable(info);
  const { refetch } = info;
  const expiration = info.data?.embedToken.expiration;

  useEffect(() => {
    if (expiration === undefined) return undefined;
    const timer = setTimeout(() => void refetch(), refreshDelay(expiration));
    return () => clearTimeout(timer);
  }, [expiration, refetch]);

  const entry = info.data?.embedReport.find((r) => r.reportId === reportId) ?? info.data?.embedReport[0];
  const token = info.data?.embedToken.token;
  const embedConfig = useMemo<EmbedConfig | null>(
    () =>
      entry && token
        ? {
            type: 'report',
            id: entry.reportId,
            embedUrl: entry.embedUrl,
            accessToken: token,
            tokenType: models.TokenType.Embed,
            settings: { ...SETTINGS, localeSettings: { language, formatLocale: language } },
          }
        : null,
    [entry, token, language],
  );

  // A token renewal that fails keeps the report on screen (its token is still valid) while it is retried.
  if (unavailable && !embedConfig) return <AnalyticsUnavailable onRetry={() => void refetch()} />;
  if (info.isError && !info.isFetching) {
    return (
      <LoadError
        what={t('EmbeddedReports.report')}
        message={errorTextOf(t, info.error)}
        error={info.error}
        onRetry={() => void refetch()}
      />
    );
  }
  if (!embedConfig) return <LinearProgress aria-label={t('EmbeddedReports.loading')} />;
  // A band above the frame, not an overlay on it: the report keeps every click and hover. The band is the report's
  // title bar (its name, cut with an ellipsis and whole in the tooltip), so it is never an empty strip; the
  // fullscreen button shows at its end while the pointer is over the report. The page sees no pointer events over
  // the frame, so the frame says when the pointer enters and leaves it (an `info` event).
  return (
    <Box
      onPointerEnter={() => fullscreen.hover(true)}
      onPointerLeave={() => fullscreen.hover(false)}
      onFocus={(event) => fullscreen.focusWithin(event.target instanceof HTMLButtonElement)}
      onBlur={() => fullscreen.focusWithin(false)}
      sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Box
        role="toolbar"
        aria-label={report.reportName}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 40,
          px: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          component="h2"
          variant="subtitle1"
          noWrap
          title={report.reportName}
          sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500 }}
        >
          {report.reportName}
        </Typography>
        {visible && (
          <Tooltip title={`${t('EmbeddedReports.fullscreen')} (Ctrl+Alt+F)`}>
            <IconButton
              size="small"
              color="primary"
              aria-label={t('EmbeddedReports.fullscreen')}
              ref={(button: HTMLButtonElement | null) => {
                if (button && focusRequested) {
                  button.focus();
                  focused();
                }
              }}
              onClick={() => embedRef.current?.fullscreen()}
            >
              <FullscreenIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, display: 'flex', minHeight: 0, '& .embedded-report': { flexGrow: 1 } }}>
        <PowerBIEmbed
          embedConfig={embedConfig}
          service={embedService}
          cssClassName="embedded-report"
          getEmbeddedComponent={(embed) => {
            embedRef.current = embed;
            // The frame needs a name for assistive technology (axe: frame-title).
            embed.setComponentTitle(report.reportName);
          }}
          eventHandlers={
            new Map([
              ['error', (event) => console.error('The embedded report failed', event?.detail)],
              // Ctrl+Alt+F with the focus in the report: the frame passes the shortcut on (apps/analytics/frame).
              [
                'info',
                (event) => {
                  const detail: unknown = event?.detail;
                  const pointer = framePointerOver(detail);
                  if (pointer !== undefined) fullscreen.hoverFrame(pointer);
                  else if (isFrameFullscreenShortcut(detail)) reveal(true);
                },
              ],
            ])
          }
        />
      </Box>
    </Box>
  );
}
