/**
 * The paginated reports the service offers: the built-in samples, kept as code (they are SQL and layout, not user
 * content), listed by workspace and found by id.
 */
import type { PaginatedReport } from './definition.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';

export class PaginatedCatalogue {
  private readonly byId: ReadonlyMap<string, PaginatedReport>;

  constructor(reports: readonly PaginatedReport[] = [INVOICE_REPORT, DEVICE_ALERTS_REPORT]) {
    this.byId = new Map(reports.map((report) => [report.id, report]));
  }

  /** `catalogue.find(id)`: the report, or undefined. */
  find(id: string): PaginatedReport | undefined {
    return this.byId.get(id);
  }

  inWorkspace(workspaceId: string): PaginatedReport[] {
    return [...this.byId.values()].filter((report) => report.workspaceId === workspaceId);
  }
}
