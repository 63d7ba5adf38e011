/**
 * The print-fleet model in one language, as the service localizes it for a sheet or a frame: its captions of listed
 * values ("Paper jam", "Papierstau") are what the paginated tests compare the drawn cells with.
 */
import { cultureFor, localizeDataset } from '@portico/analytics-model';
import type { Dataset } from '@portico/analytics-model';
import { BUILT_IN_MODELS, PRINT_FLEET_DATASET } from '../../src/models/built-in.ts';

export function fleetModelIn(language: string): Dataset {
  return localizeDataset(
    PRINT_FLEET_DATASET,
    cultureFor(
      BUILT_IN_MODELS.cultures.filter((c) => c.datasetId === PRINT_FLEET_DATASET.id),
      language,
    ),
  );
}
