import type { CustomerAccount } from '../../lib/customer-account';

/** GET /api/home: what the signed-in home page shows. */
export interface HomeSummary {
  user: { name: string | null; email: string | null; previousVisitAt: string | null };
  accounts: CustomerAccount[];
  reports: {
    count: number;
    addedSinceLastVisit: number;
    updatedAt: string;
    updatedSinceLastVisit: boolean;
    latest: {
      name: string;
      description: string;
      nodeId: number;
      folder: string;
      addedAt: string;
      isNew: boolean;
    }[];
  };
  /** null when embedded reports are switched off. */
  embeddedReports: {
    available: boolean;
    reports: { workspaceId: string; reportId: string; reportName: string }[];
  } | null;
}
