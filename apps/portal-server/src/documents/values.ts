import type { AlertSeverity, Supply } from '@portico/fleet-data';
import type { Messages, ReportLanguage } from './i18n/messages.ts';
import type { Cell, ColumnType } from './model.ts';

/**
 * A value in machine form, as CSV and XML carry it: ISO dates and timestamps as generated, plain integers,
 * `true`/`false`, supply and severity codes, and the empty string for "no value".
 *
 * @example machineValue(1234) // '1234'
 */
export function machineValue(value: Cell): string {
  if (value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

export type LocalFormatter = (value: Cell, type: ColumnType) => string;

const utcMidnight = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

/**
 * Formats values for a reader of `language` (HTML, DOCX). Dates are calendar dates of the account, so they are
 * formatted in UTC to keep the day; timestamps are UTC and say so.
 *
 * @example createLocalFormatter('de', messagesFor('de'))(1234567, 'integer') // '1.234.567'
 */
export function createLocalFormatter(language: ReportLanguage, messages: Messages): LocalFormatter {
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const timestamp = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return (value, type) => {
    if (value === null) return '—';
    switch (type) {
      case 'integer':
        return integer.format(Number(value));
      case 'percent':
        return percent.format(Number(value) / 100);
      case 'date':
        return date.format(utcMidnight(String(value)));
      case 'month':
        return month.format(utcMidnight(`${String(value)}-01`));
      case 'timestamp':
        return timestamp.format(Date.parse(String(value)));
      case 'boolean':
        return value ? messages.labels.yes : messages.labels.no;
      case 'supply':
        return messages.supplies[value as Supply] ?? String(value);
      case 'severity':
        return messages.severities[value as AlertSeverity] ?? String(value);
      case 'text':
        return String(value);
    }
  };
}

/** Column types a reader expects right-aligned. */
export const isNumeric = (type: ColumnType): boolean => type === 'integer' || type === 'percent';
