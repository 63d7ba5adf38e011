import type { AlertSeverity, Supply } from '@portico/fleet-data';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import { pl } from './pl.ts';
import { ru } from './ru.ts';

/** The languages a report can be generated in: the portal's UI languages (spec §9). */
export const REPORT_LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export type ReportKindId =
  | 'device-inventory'
  | 'monthly-page-volume'
  | 'daily-meter-readings'
  | 'supply-levels'
  | 'supply-replacements'
  | 'open-service-alerts'
  | 'service-alert-history'
  | 'fleet-summary'
  | 'monthly-usage-statement';

/** Column keys double as the XML element names, so they stay English camelCase whatever the language. */
export type ColumnKey =
  | 'deviceId'
  | 'serialNumber'
  | 'manufacturer'
  | 'model'
  | 'colour'
  | 'site'
  | 'location'
  | 'installDate'
  | 'retiredDate'
  | 'monthlyDutyCycle'
  | 'date'
  | 'month'
  | 'monoPages'
  | 'colourPages'
  | 'totalPages'
  | 'totalMono'
  | 'totalColour'
  | 'supply'
  | 'levelPercent'
  | 'pagesSinceLastReplacement'
  | 'alertId'
  | 'code'
  | 'severity'
  | 'description'
  | 'openedAt'
  | 'closedAt'
  | 'activeDevices'
  | 'devices';

export type ParameterName = 'months' | 'severity';

export type LabelKey =
  | 'account'
  | 'customer'
  | 'period'
  | 'generatedAt'
  | 'parameters'
  | 'rows'
  | 'all'
  | 'yes'
  | 'no'
  | 'none'
  | 'noRows';

export type FactKey = 'devicesInService' | 'colourDevices' | 'sites' | 'openAlerts' | 'openCriticalAlerts';

export type SectionKey =
  'keyFigures' | 'topDevices' | 'suppliesToReplace' | 'criticalAlerts' | 'monthlyTotals' | 'siteTotals';

/** Every text a report shows, per language. Data values (names, descriptions) are never translated. */
export interface Messages {
  readonly titles: Readonly<Record<ReportKindId, string>>;
  /** One line on what a report holds, shown beside it in the portal's reports browser. */
  readonly descriptions: Readonly<Record<ReportKindId, string>>;
  readonly columns: Readonly<Record<ColumnKey, string>>;
  readonly parameters: Readonly<Record<ParameterName, string>>;
  readonly labels: Readonly<Record<LabelKey, string>>;
  readonly facts: Readonly<Record<FactKey, string>>;
  readonly sections: Readonly<Record<SectionKey, string>>;
  readonly supplies: Readonly<Record<Supply, string>>;
  readonly severities: Readonly<Record<AlertSeverity, string>>;
}

const MESSAGES: Readonly<Record<ReportLanguage, Messages>> = { en, de, es, fr, ja, pl, ru };

/** The texts of one language, e.g. `messagesFor('de').titles['fleet-summary']` is 'Flottenübersicht'. */
export function messagesFor(language: ReportLanguage): Messages {
  return MESSAGES[language];
}

export function isReportLanguage(value: unknown): value is ReportLanguage {
  return typeof value === 'string' && (REPORT_LANGUAGES as readonly string[]).includes(value);
}
