/** The built-in content: one workspace, one dataset and four sample reports, with ids that never change. */
import type { Dataset, ReportDefinition, Workspace } from '@portico/analytics-model';
import { FLEET_OVERVIEW } from './fleet-overview.ts';
import { PAGE_VOLUME } from './page-volume.ts';
import { FLEET_WORKSPACE_ID, PRINT_FLEET_DATASET, PRINT_FLEET_DATASET_ID } from './print-fleet-dataset.ts';
import { SERVICE_ALERTS } from './service-alerts.ts';
import { SUPPLIES } from './supplies.ts';

export { FLEET_WORKSPACE_ID, PRINT_FLEET_DATASET_ID };

export const WORKSPACES: readonly Workspace[] = [
  {
    id: FLEET_WORKSPACE_ID,
    name: 'Fleet analytics',
    description: 'Reports on the print fleets of the customer accounts.',
  },
];

export const DATASETS: readonly Dataset[] = [PRINT_FLEET_DATASET];

export interface SampleReport {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly definition: ReportDefinition;
}

const sample = (id: string, name: string, definition: ReportDefinition): SampleReport => ({
  id,
  name,
  workspaceId: FLEET_WORKSPACE_ID,
  datasetId: PRINT_FLEET_DATASET_ID,
  definition,
});

export const SAMPLE_REPORTS: readonly SampleReport[] = [
  sample('c7f8789d-083c-4944-a9ce-49d0b3594f03', 'Fleet overview', FLEET_OVERVIEW),
  sample('c4f98efd-b03d-4dba-a998-aef9ee3d0a0f', 'Page volume', PAGE_VOLUME),
  sample('2896a285-1323-4c4f-9e2c-7c724e74e758', 'Supplies', SUPPLIES),
  sample('08618b31-6c19-432d-ad09-35294579d0c4', 'Service alerts', SERVICE_ALERTS),
];
