/**
 * Exporting a visual's data, shared by the `exportData` call and the options menu's Export data: the visual's query
 * under every filter that reaches it, as CSV, with `exportDataCompleted` raised whether it succeeded or failed (the
 * event powerbi-client 2.24 raises when an export ends).
 */
import type { ExportDataType } from '@portico/models';
import { ExportDataCompletedStatus, ExportDataResultFormat } from '@portico/models';
import type { ReportPage } from '@portico/analytics-model';
import type { ReportController } from './controller.ts';
import { badRequest } from './errors.ts';

export interface ExportRequest {
  readonly reportId: string;
  readonly page: ReportPage;
  readonly visualName: string;
  readonly exportDataType: ExportDataType;
  /** At most this many rows; all of them when absent. */
  readonly rows?: number;
}

/** The CSV text; on failure the error to answer with (already raised as `error`). */
export async function exportVisualCsv(controller: ReportController, request: ExportRequest): Promise<string> {
  const { reportId, page, visualName, exportDataType, rows } = request;
  const query = controller.queryOf(page, visualName);
  if (!query) throw badRequest('The visual has no query.');
  const completed = (status: ExportDataCompletedStatus) =>
    controller.raise('exportDataCompleted', {
      status,
      exportDataType,
      exportFormat: ExportDataResultFormat.Csv,
      pageName: page.name,
      visualName,
    });
  try {
    const csv = await controller.api.exportCsv(reportId, query, exportDataType, rows);
    completed(ExportDataCompletedStatus.Succeeded);
    return csv;
  } catch (error) {
    completed(ExportDataCompletedStatus.Failed);
    throw controller.fail(error);
  }
}
