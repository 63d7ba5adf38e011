/**
 * The paginated reports the service offers: the built-in samples, kept as code (they are SQL and layout, not user
 * content), listed by workspace and found by id — only while `loaded` says their workspace (the model whose tables
 * they read) is loaded.
 */
import type { PaginatedReport } from './definition.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { INVOICE_REPORT } from './samples/invoice.ts';

export class PaginatedCatalogue {
  private readonly byId: ReadonlyMap<string, PaginatedReport>;

  constructor(
    reports: readonly PaginatedReport[] = [INVOICE_REPORT, DEVICE_ALERTS_REPORT],
    private readonly loaded: (workspaceId: string) => boolean = () => true,
  ) {
    this.byId = new Map(reports.map((report) => [report.id, report]));
  }

  /** `catalogue.find(id)`: the report, or undefined (also when its workspace is not loaded). */
  find(id: string): PaginatedReport | undefined {
    const report = this.byId.get(id);
    return report !== undefined && this.loaded(report.workspaceId) ? report : undefined;
  }

  inWorkspace(workspaceId: string): PaginatedReport[] {
    if (!this.loaded(workspaceId)) return [];
    return [...this.byId.values()].filter((report) => report.workspaceId === workspaceId);
  }
}
