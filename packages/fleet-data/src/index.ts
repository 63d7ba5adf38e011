export { SAMPLE_ACCOUNTS, SAMPLE_MEMBERSHIPS } from './accounts.ts';
export type { Region, SampleAccount, SampleMembership } from './accounts.ts';
export { ALERT_CATALOGUE } from './alerts.ts';
export type { AlertKind } from './alerts.ts';
export { PRINTER_MODELS } from './catalogue.ts';
export type { PrinterModel } from './catalogue.ts';
export { estimateMeterRows, generateAccount } from './generate.ts';
export type { AccountData } from './generate.ts';
export type {
  AlertCode,
  AlertSeverity,
  Device,
  GenerateOptions,
  MeterReading,
  MeterReadingBatch,
  ServiceAlert,
  Supply,
  SupplyLevel,
  SupplyReplacement,
} from './types.ts';
