/**
 * "Device alerts by site" with its Alert column as narrow as it was beside the code column (0.265 of the width, the
 * rest unused): the sample's long descriptions ("Device offline: not reachable on the network") then wrap onto
 * continuation lines, as a longer description would in the real report, whose every sample description fits its
 * line. The tests of the wrapping (its plan, pages and batches, both engines) run on it.
 */
import type { PaginatedReport, SheetColumn } from '../../src/kinds/paginated/definition.ts';
import { DEVICE_ALERTS_REPORT } from '../../src/kinds/paginated/samples/device-alerts.ts';

export const NARROW_ALERT_WIDTH = 0.265;

export const NARROW_ALERTS_COLUMNS: readonly SheetColumn[] = DEVICE_ALERTS_REPORT.columns.map((column) =>
  column.title === 'Description' ? { ...column, width: NARROW_ALERT_WIDTH } : column,
);

export const NARROW_ALERTS_REPORT: PaginatedReport = {
  ...DEVICE_ALERTS_REPORT,
  columns: NARROW_ALERTS_COLUMNS,
};
