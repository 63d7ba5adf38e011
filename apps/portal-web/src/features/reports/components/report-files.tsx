import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/Description';
import { useTranslation } from 'react-i18next';
import { formatsFor } from '../model';
import type { ReportFormat, ReportNode } from '../model';

export interface ReportFilesProps {
  node: ReportNode;
  onDownload: (fileName: string, format: ReportFormat) => void;
}

/** The right pane (spec §2): the node's reports, each with one link per format. */
export function ReportFiles({ node, onDownload }: ReportFilesProps) {
  const { t } = useTranslation();
  const formats = formatsFor(node);
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h2">
        {t('Reports.files', { name: node.name })}
      </Typography>
      {node.viewFiles.length === 0 ? (
        <Typography>{t('Reports.noReports', { reportName: node.name })}</Typography>
      ) : (
        <List dense>
          {node.viewFiles.map((fileName) => (
            <ListItem key={fileName} disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
              <DescriptionIcon fontSize="small" color="action" aria-hidden />
              <Typography component="span" sx={{ minWidth: '12em' }}>
                {fileName}
              </Typography>
              {formats.map((format) => (
                <Link
                  key={format}
                  component="button"
                  type="button"
                  variant="body2"
                  aria-label={t('Reports.download', { report: fileName, format: format.toUpperCase() })}
                  onClick={() => onDownload(fileName, format)}
                >
                  {format.toUpperCase()}
                </Link>
              ))}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
