import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { SIDEBAR_WIDTH } from '../../../app/theme';
import { LoadError } from '../../../components/load-error';
import { errorTextOf } from '../../../lib/error-text';
import { FALLBACK_LANGUAGE, toSupportedLanguage } from '../../../lib/languages';
import { useGetUserReportsQuery } from '../api';
import { useRetryWhileUnavailable } from '../hooks/use-retry-while-unavailable';
import { selectPbiReportsForUsers } from '../slice';
import { useFillHeight } from '../hooks/use-fill-height';
import { AnalyticsUnavailable } from './analytics-unavailable';
import { EmbeddedReport } from './embedded-report';

/** At most three lines, broken anywhere when a word is longer than the sidebar, then an ellipsis. */
const CLAMPED_NAME = {
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  overflow: 'hidden',
} as const;

/** Below md: the list as a wrapping row (see the nav); from md: a column down the sidebar. */
const COMPACT_LIST = {
  display: { xs: 'flex', md: 'block' },
  flexWrap: 'wrap',
  gap: { xs: 1, md: 0 },
  px: { xs: 2, md: 0 },
  pb: { xs: 1.5, md: 1 },
} as const;

/** Each report a bordered button below md (widths and style apart: see the nav's border note). */
const COMPACT_ITEM = {
  borderStyle: 'solid',
  borderWidth: { xs: 1, md: 0 },
  borderColor: 'divider',
  borderRadius: { xs: 2, md: 0 },
} as const;

/**
 * The embedded reports page (spec §2): the user's reports in a left sidebar titled 'Reports'; the chosen
 * one embedded beside it.
 */
export default function EmbeddedReportsPage() {
  const { t, i18n } = useTranslation();
  // Report names come in the UI language; a change of language asks again.
  const query = useGetUserReportsQuery(toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE, {
    refetchOnMountOrArgChange: true,
  });
  const { userReports, isLoading, error } = useAppSelector(selectPbiReportsForUsers);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = userReports.find((report) => report.reportId === selectedId);
  const [pageRef, fillHeight] = useFillHeight<HTMLDivElement>();
  const { unavailable } = useRetryWhileUnavailable(query);

  let content;
  if (unavailable) {
    content = <AnalyticsUnavailable onRetry={() => void query.refetch()} />;
  } else if (error !== null && !isLoading) {
    content = (
      <LoadError
        what={t('EmbeddedReports.list')}
        message={errorTextOf(t, query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (isLoading || query.isUninitialized) {
    content = <LinearProgress aria-label={t('EmbeddedReports.loading')} />;
  } else if (userReports.length === 0) {
    content = (
      <Box sx={{ p: 3 }}>
        <Typography variant="h6" component="p">
          {t('EmbeddedReports.noReports')}
        </Typography>
        {/* Reports are granted per account (npm run admin -- reports grant): say why the list is empty. */}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('EmbeddedReports.noneShared')}
        </Typography>
      </Box>
    );
  } else if (!selected) {
    content = <Typography sx={{ p: 3 }}>{t('EmbeddedReports.selectReport')}</Typography>;
  } else {
    // A new language embeds the report again, in that language.
    content = <EmbeddedReport key={`${selected.reportId}/${i18n.language}`} report={selected} />;
  }

  return (
    // Below md (a phone, a zoomed-in window) the list goes above the report, which then keeps the full width.
    // From md up the page reaches down to the footer and the report fills it; below, the list goes first and the
    // report takes most of the window under it.
    <Box
      ref={pageRef}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        minHeight: { xs: '75vh', md: 0 },
        height: { md: fillHeight ?? '75vh' },
      }}
    >
      <Box
        component="nav"
        aria-labelledby="embedded-reports-title"
        sx={{
          width: { xs: 'auto', md: SIDEBAR_WIDTH },
          flexShrink: 0,
          overflowY: { md: 'auto' },
          // Widths only: a responsive `borderRight: 1` is '1px solid' after `borderColor` in the CSS, which drew
          // the line in the text colour (black) instead of the divider's grey.
          borderStyle: 'solid',
          borderWidth: 0,
          borderRightWidth: { md: 1 },
          borderBottomWidth: { xs: 1, md: 0 },
          borderColor: 'divider',
        }}
      >
        <Typography id="embedded-reports-title" variant="h6" component="h1" sx={{ px: 2, pt: 2 }}>
          {t('EmbeddedReports.sidebarTitle')}
        </Typography>
        {/* Below md the reports are a row of buttons that wraps, so the report starts within the first screen (a
            list of four took half of a 200 % zoomed laptop's window above it). */}
        <List dense sx={COMPACT_LIST}>
          {userReports.map((report) => (
            <ListItem
              key={`${report.workspaceId}/${report.reportId}`}
              disablePadding
              sx={{ width: { xs: 'auto', md: '100%' } }}
            >
              <ListItemButton
                sx={COMPACT_ITEM}
                selected={report.reportId === selectedId}
                aria-current={report.reportId === selectedId ? 'page' : undefined}
                // A name too long for the sidebar wraps, anywhere if it must, over at most three lines and
                // ends in an ellipsis; the whole name is in the tooltip (and is the button's accessible name).
                title={report.reportName}
                onClick={() => setSelectedId(report.reportId)}
              >
                <ListItemText
                  primary={report.reportName}
                  slotProps={{ primary: { sx: CLAMPED_NAME } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box
        component="section"
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          minWidth: 0,
          minHeight: { xs: '85vh', md: 0 },
        }}
      >
        {content}
      </Box>
    </Box>
  );
}
