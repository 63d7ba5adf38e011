import type { CatalogNodeSeed } from '../db/catalog.ts';

/**
 * The sample report catalog: Fleet → Inventory / Usage / Supplies / Service / Office reports, each report naming a
 * document kind of src/documents. Office reports (DOCX only) live in the node marked isOffice.
 */
export const SAMPLE_CATALOG: readonly CatalogNodeSeed[] = [
  {
    name: 'Fleet',
    children: [
      { name: 'Inventory', reports: [{ name: 'Device inventory', kind: 'device-inventory' }] },
      {
        name: 'Usage',
        reports: [
          { name: 'Monthly page volume', kind: 'monthly-page-volume' },
          { name: 'Daily meter readings', kind: 'daily-meter-readings' },
        ],
      },
      {
        name: 'Supplies',
        reports: [
          { name: 'Supply levels', kind: 'supply-levels' },
          { name: 'Supply replacements', kind: 'supply-replacements' },
        ],
      },
      {
        name: 'Service',
        reports: [
          { name: 'Open service alerts', kind: 'open-service-alerts' },
          { name: 'Service alert history', kind: 'service-alert-history' },
        ],
      },
      {
        name: 'Office reports',
        isOffice: true,
        reports: [
          { name: 'Fleet summary', kind: 'fleet-summary' },
          { name: 'Monthly usage statement', kind: 'monthly-usage-statement' },
        ],
      },
    ],
  },
];
