import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALERT_WITH_ACTION } from '../../../components/alert-layout';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SIDEBAR_WIDTH } from '../../../app/theme';
import { LoadError } from '../../../components/load-error';
import { errorTextOf } from '../../../lib/error-text';
import { toSupportedLanguage } from '../../../lib/languages';
import { useGetCustomerAccountsQuery, useGetDownloadAccessTokenQuery, useGetReportNodesQuery } from '../api';
import { selectCustomers } from '../customers-slice';
import { downloadReport } from '../download';
import { firstNodeWithFiles, indexNodes, reportTitle } from '../model';
import type { ReportFormat } from '../model';
import { selectReports } from '../slice';
import { CustomerSelect } from './customer-select';
import { ReportFiles } from './report-files';
import { ReportTree } from './report-tree';

const FETCH_FRESH = { refetchOnMountOrArgChange: true } as const;

/**
 * The reports page (spec §2): a download access token first; then the customer dropdown and the node
 * tree on the left, the selected node's reports on the right.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const tokenQuery = useGetDownloadAccessTokenQuery(undefined, FETCH_FRESH);
  const ready = tokenQuery.data !== undefined;
  const customersQuery = useGetCustomerAccountsQuery(undefined, { ...FETCH_FRESH, skip: !ready });
  const language = toSupportedLanguage(i18n.language) ?? 'en';
  // Named in the UI language: another language asks again (the ids, the address and the selection stay).
  const nodesQuery = useGetReportNodesQuery(language, { ...FETCH_FRESH, skip: !ready });
  const customers = useAppSelector(selectCustomers);
  const reports = useAppSelector(selectReports);
  const index = useMemo(() => indexNodes(reports.reportNodes), [reports.reportNodes]);

  // The account and folder live in the address (?account=…&folder=…): a link from home opens them, and signing in
  // again after a lock-out comes back to them.
  const [search, setSearch] = useSearchParams();
  const chosenCustomer = search.get('account');
  const folder = Number(search.get('folder') ?? Number.NaN);
  const chosenNode = Number.isInteger(folder) ? folder : null;
  const choose = (name: 'account' | 'folder', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const setChosenCustomer = (databaseName: string) => choose('account', databaseName);
  const setChosenNode = (id: number) => choose('folder', String(id));
  // What a download threw (translated when drawn), which report it was and how to try it again.
  const [downloadError, setDownloadError] = useState<{
    error: unknown;
    report: string;
    format: string;
    retry: () => void;
  } | null>(null);
  const [downloads, setDownloads] = useState(0);

  // The first customer and the first folder with reports (not the empty root) are preselected until the user
  // chooses.
  const customer =
    customers.customerAccounts.find((c) => c.databaseName === chosenCustomer) ??
    customers.customerAccounts[0];
  const nodeId =
    chosenNode !== null && index.byId.has(chosenNode)
      ? chosenNode
      : (firstNodeWithFiles(reports.reportNodes)?.id ?? null);
  const node = nodeId === null ? undefined : index.byId.get(nodeId);

  const onDownload = (fileName: string, format: ReportFormat, saveAsFile: boolean) => {
    if (!customer || !node || !tokenQuery.data) return;
    // The window must open inside the click, before anything is awaited, or the browser blocks it. A large HTML
    // report is saved as a file instead (saveAsFile): a window would stay blank for many seconds.
    const inWindow = format === 'html' && !saveAsFile;
    const target = inWindow ? window.open('', '_blank') : undefined;
    if (inWindow && !target) {
      window.alert(t('Reports.popupBlocked'));
      return;
    }
    setDownloadError(null);
    setDownloads((n) => n + 1);
    dispatch(downloadReport({ token: tokenQuery.data, customer, node, fileName, format, language, target }))
      .catch((error: unknown) =>
        setDownloadError({
          error,
          report: reportTitle(node, fileName),
          format: format.toUpperCase(),
          retry: () => onDownload(fileName, format, saveAsFile),
        }),
      )
      .finally(() => setDownloads((n) => n - 1));
  };

  const loadErrors = [
    { what: t('Reports.downloadToken'), query: tokenQuery },
    { what: t('Reports.accounts'), query: customersQuery },
    { what: t('Reports.catalog'), query: nodesQuery },
  ].filter(({ query }) => query.isError && !query.isFetching);
  // A change of language reloads the catalog in place: the page keeps the tree it has meanwhile.
  const loading = !ready || customers.isLoading || (reports.isLoading && reports.reportNodes.length === 0);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
        {t('Reports.title')}
      </Typography>
      {loadErrors.map(({ what, query }) => (
        <LoadError
          key={what}
          what={what}
          message={errorTextOf(t, query.error)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ))}
      {loading && loadErrors.length === 0 && <LinearProgress aria-label={t('Reports.loading')} />}
      {ready && !loading && loadErrors.length === 0 && !customer && (
        // No account, no reports: the folder tree alone would offer folders that hold nothing for this user.
        <Alert severity="info" sx={{ mx: { xs: 2, sm: 3 }, my: 2 }}>
          {t('Reports.noCustomers')}
        </Alert>
      )}
      {ready && !loading && loadErrors.length === 0 && customer && (
        // On a phone (or a zoomed-in window) the tree and the reports stack: side by side, the reports had a
        // few characters' width left.
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            flexGrow: 1,
            minHeight: '60vh',
            gap: 2,
            px: { xs: 2, sm: 3 },
            py: 2,
          }}
        >
          <Box
            component="section"
            aria-label={t('Reports.tree')}
            sx={{
              width: { xs: 'auto', sm: SIDEBAR_WIDTH },
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
            }}
          >
            <CustomerSelect
              customers={customers.customerAccounts}
              value={customer.databaseName}
              onChange={setChosenCustomer}
            />
            <ReportTree index={index} selectedId={nodeId} onSelect={setChosenNode} />
          </Box>
          <Box component="section" aria-live="polite" sx={{ flexGrow: 1, minWidth: 0 }}>
            {downloads > 0 && <LinearProgress aria-label={t('Common.loading')} sx={{ mb: 1 }} />}
            {downloadError !== null && (
              // Which report failed, in case several were asked for, and the same download again in one click.
              <Alert
                severity="error"
                sx={{ mb: 1, ...ALERT_WITH_ACTION }}
                action={
                  <Button color="inherit" size="small" onClick={downloadError.retry}>
                    {t('Common.retry')}
                  </Button>
                }
              >
                {t('Reports.downloadFailed', {
                  report: downloadError.report,
                  format: downloadError.format,
                  message: errorTextOf(t, downloadError.error),
                })}
              </Alert>
            )}
            {node && <ReportFiles node={node} customer={customer} onDownload={onDownload} />}
          </Box>
        </Box>
      )}
    </Box>
  );
}
