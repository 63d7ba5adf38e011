/**
 * The built-in content, read from the model files in `apps/analytics/models/print-fleet/` when first imported: the
 * "Print fleet" model, its workspace and its four sample reports. The ids never change; the files are their only
 * source. Dashboards, paginated reports, Q&A, tests and benchmarks read them from here.
 */
import type { Dataset } from '@portico/analytics-model';
import { BUILT_IN_MODELS_DIR, loadModelFolder } from './load-models.ts';
import type { LoadedModels, SampleReport } from './load-models.ts';

export const BUILT_IN_MODELS: LoadedModels = loadModelFolder(BUILT_IN_MODELS_DIR);

function printFleet(): Dataset {
  const found = BUILT_IN_MODELS.datasets.find((d) => d.name === 'Print fleet');
  if (found === undefined) throw new Error(`${BUILT_IN_MODELS_DIR} has no 'Print fleet' model`);
  return found;
}

/** The "Print fleet" semantic model over the fleet tables. */
export const PRINT_FLEET_DATASET: Dataset = printFleet();
export const PRINT_FLEET_DATASET_ID = PRINT_FLEET_DATASET.id;
/** The "Fleet analytics" workspace the built-in content lives in. */
export const FLEET_WORKSPACE_ID = PRINT_FLEET_DATASET.workspaceId;
/** Fleet overview, Page volume, Supplies and Service alerts, in that order. */
export const SAMPLE_REPORTS: readonly SampleReport[] = BUILT_IN_MODELS.reports;
export type { SampleReport };
