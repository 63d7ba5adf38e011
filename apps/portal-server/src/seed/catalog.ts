import type { CatalogNames, CatalogNodeSeed, CatalogReport } from '../db/catalog.ts';
import { REPORT_LANGUAGES, messagesFor } from '../documents/i18n/messages.ts';
import type { ReportKindId } from '../documents/i18n/messages.ts';

/** The sample folders' names in the portal's other languages (English is the catalog's own). */
const FOLDER_NAMES = {
  Fleet: {
    de: 'Flotte',
    es: 'Flota',
    fr: 'Parc',
    ja: 'フリート',
    pl: 'Flota',
    ru: 'Парк устройств',
  },
  Inventory: {
    de: 'Inventar',
    es: 'Inventario',
    fr: 'Inventaire',
    ja: 'デバイス',
    pl: 'Inwentarz',
    ru: 'Устройства',
  },
  Usage: {
    de: 'Nutzung',
    es: 'Uso',
    fr: 'Utilisation',
    ja: '使用状況',
    pl: 'Wykorzystanie',
    ru: 'Использование',
  },
  Supplies: {
    de: 'Verbrauchsmaterial',
    es: 'Consumibles',
    fr: 'Consommables',
    ja: '消耗品',
    pl: 'Materiały eksploatacyjne',
    ru: 'Расходные материалы',
  },
  Service: {
    de: 'Service',
    es: 'Servicio técnico',
    fr: 'Maintenance',
    ja: '保守サービス',
    pl: 'Serwis',
    ru: 'Обслуживание',
  },
  'Office reports': {
    de: 'Word-Berichte',
    es: 'Informes de Word',
    fr: 'Rapports Word',
    ja: 'Word レポート',
    pl: 'Raporty Word',
    ru: 'Отчёты Word',
  },
} satisfies Record<string, CatalogNames>;

type FolderName = keyof typeof FOLDER_NAMES;

const folder = (name: FolderName, rest: Omit<CatalogNodeSeed, 'name' | 'names'> = {}): CatalogNodeSeed => ({
  name,
  names: FOLDER_NAMES[name],
  ...rest,
});

/**
 * A sample report, shown in every language (English included) under its document's title (src/documents/i18n), so
 * the list, the document and the saved file agree. `name`, the key downloads use, stays what earlier releases
 * seeded ('Monthly page volume', whose document is titled 'Monthly page volume per device').
 */
const report = (kind: ReportKindId, name = messagesFor('en').titles[kind]): CatalogReport => ({
  name,
  kind,
  names: Object.fromEntries(
    REPORT_LANGUAGES.map((language) => [language, messagesFor(language).titles[kind]]),
  ),
});

/**
 * The sample report catalog: Fleet → Inventory / Usage / Supplies / Service / Office reports, each report naming a
 * document kind of src/documents. Office reports (DOCX only) live in the node marked isOffice. Names are English,
 * with their translations into the portal's other languages.
 */
export const SAMPLE_CATALOG: readonly CatalogNodeSeed[] = [
  folder('Fleet', {
    children: [
      folder('Inventory', { reports: [report('device-inventory')] }),
      folder('Usage', {
        reports: [report('monthly-page-volume', 'Monthly page volume'), report('daily-meter-readings')],
      }),
      folder('Supplies', { reports: [report('supply-levels'), report('supply-replacements')] }),
      folder('Service', { reports: [report('open-service-alerts'), report('service-alert-history')] }),
      folder('Office reports', {
        isOffice: true,
        reports: [report('fleet-summary'), report('monthly-usage-statement')],
      }),
    ],
  }),
];
