import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/Description';
import { useTranslation } from 'react-i18next';
import { toSupportedLanguage } from '../../../lib/languages';
import { reportsApi, useGetReportFilesQuery } from '../api';
import { LARGE_HTML_BYTES, formatSize, formatsFor, reportTitle } from '../model';
import type { CustomerAccount, ReportFiles as ReportFilesAnswer, ReportFormat, ReportNode } from '../model';

export interface ReportFilesProps {
  node: ReportNode;
  customer: CustomerAccount;
  /** `saveAsFile`: an HTML report too large to open in a window is saved instead. */
  onDownload: (fileName: string, format: ReportFormat, saveAsFile: boolean) => void;
}

type FileDetails = ReportFilesAnswer['files'][number];

/** How often a folder whose sizes are being measured is asked again. */
const SIZE_POLL_MS = 1_500;

/**
 * The right pane (spec §2, issue 17): the node's reports, each with a one-line description, when its data was
 * updated, and one link per format with the download's approximate size. The names come with the node; the
 * details (GET /api/reports/reportFiles) follow, as measuring a folder's reports the first time each day takes a
 * moment.
 */
export function ReportFiles({ node, customer, onDownload }: ReportFilesProps) {
  const { t, i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.language) ?? 'en';
  const formats = formatsFor(node);
  const args = { databaseName: customer.databaseName, path: node.relativePath, language };
  const skip = node.viewFiles.length === 0;
  // The server measures sizes it does not know yet in the background: asked again until they are all there.
  const pending =
    reportsApi.endpoints.getReportFiles.useQueryState(args, { skip }).data?.sizesPending === true;
  const details = useGetReportFilesQuery(args, { skip, pollingInterval: pending ? SIZE_POLL_MS : 0 });
  const byName = new Map((details.data?.files ?? []).map((file) => [file.name, file]));
  const updated =
    details.data === undefined
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(details.data.updatedAt),
        );
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h2">
        {t('Reports.files', { name: node.title })}
      </Typography>
      {node.viewFiles.length === 0 ? (
        <Typography>{t('Reports.noReports', { reportName: node.title })}</Typography>
      ) : (
        <>
          {details.isError && (
            <Typography variant="body2" color="text.secondary">
              {t('Reports.detailsFailed')}
            </Typography>
          )}
          <List dense sx={{ py: 0 }}>
            {node.viewFiles.map((fileName) => (
              <ReportFileItem
                key={fileName}
                fileName={fileName}
                title={byName.get(fileName)?.title ?? reportTitle(node, fileName)}
                formats={formats}
                file={byName.get(fileName)}
                loading={(details.isFetching && details.data === undefined) || pending}
                updated={updated}
                language={i18n.language}
                onDownload={onDownload}
              />
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

function ReportFileItem({
  fileName,
  title,
  formats,
  file,
  loading,
  updated,
  language,
  onDownload,
}: {
  fileName: string;
  /** The report's name in the UI language. */
  title: string;
  formats: ReportFormat[];
  file: FileDetails | undefined;
  loading: boolean;
  updated: string | null;
  language: string;
  onDownload: ReportFilesProps['onDownload'];
}) {
  const { t } = useTranslation();
  const sizeOf = (format: ReportFormat) => file?.formats.find((f) => f.format === format)?.bytes ?? undefined;
  const htmlBytes = sizeOf('html');
  const largeHtml = htmlBytes !== undefined && htmlBytes > LARGE_HTML_BYTES;
  return (
    <ListItem
      disableGutters
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <DescriptionIcon fontSize="small" color="action" aria-hidden sx={{ mt: 0.5 }} />
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, lineHeight: 1.4 }}>
          {title}
        </Typography>
        {file !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {file.description}
          </Typography>
        ) : (
          loading && <Skeleton variant="text" width="70%" aria-hidden />
        )}
        {updated !== null && (
          <Typography variant="caption" color="text.secondary">
            {t('Reports.updated', { date: updated })}
          </Typography>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          {formats.map((format) => {
            const bytes = sizeOf(format);
            const size = bytes === undefined ? null : formatSize(bytes, language);
            const label = format.toUpperCase();
            const saveAsFile = format === 'html' && largeHtml;
            return (
              <Link
                key={format}
                component="button"
                type="button"
                variant="body2"
                // Until its size is known, HTML might be the 12.8 MB kind: it waits (a moment) for the size.
                disabled={format === 'html' && htmlBytes === undefined && loading}
                aria-label={
                  size === null
                    ? t('Reports.download', { report: title, format: label })
                    : t(saveAsFile ? 'Reports.downloadLarge' : 'Reports.downloadSized', {
                        report: title,
                        format: label,
                        size,
                      })
                }
                onClick={() => onDownload(fileName, format, saveAsFile)}
              >
                {size === null ? label : t('Reports.formatSize', { format: label, size })}
              </Link>
            );
          })}
        </Stack>
        {largeHtml && (
          <Typography variant="caption" color="text.secondary">
            {t('Reports.largeHtml', { size: formatSize(htmlBytes, language) })}
          </Typography>
        )}
      </Stack>
    </ListItem>
  );
}
