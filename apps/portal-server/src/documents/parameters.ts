import type { AlertSeverity } from '@portico/fleet-data';
import { ReportDocumentError } from './errors.ts';
import type { Messages, ParameterName } from './i18n/messages.ts';
import type { ParameterValues } from './model.ts';

interface ParameterSpec {
  readonly defaultValue: string;
  /** A message saying what is allowed, or `undefined` when `value` is valid. */
  check(value: string): string | undefined;
  /** The value as a reader sees it in the report's header. */
  display(value: string, messages: Messages, language: string): string;
}

const SEVERITY_FILTERS = ['all', 'info', 'warning', 'critical'] as const;

const SPECS: Readonly<Record<ParameterName, ParameterSpec>> = {
  months: {
    defaultValue: '12',
    check: (value) => (/^(?:[1-9]|1\d|2[0-4])$/.test(value) ? undefined : 'a whole number from 1 to 24'),
    display: (value, _messages, language) => new Intl.NumberFormat(language).format(Number(value)),
  },
  severity: {
    defaultValue: 'all',
    check: (value) =>
      (SEVERITY_FILTERS as readonly string[]).includes(value) ? undefined : SEVERITY_FILTERS.join(', '),
    display: (value, messages) =>
      value === 'all' ? messages.labels.all : messages.severities[value as AlertSeverity],
  },
};

/**
 * Checks the caller's parameters against the names a kind declares and fills in defaults.
 *
 * @example resolveParameters(['months'], { months: '6' }) // Map { 'months' => '6' }
 */
export function resolveParameters(
  names: readonly ParameterName[],
  given: Readonly<Record<string, string>> = {},
): ParameterValues {
  for (const name of Object.keys(given)) {
    if (!(names as readonly string[]).includes(name)) {
      const allowed = names.length > 0 ? names.join(', ') : 'none';
      throw new ReportDocumentError(
        'UNKNOWN_PARAMETER',
        `This report has no parameter "${name}" (allowed: ${allowed}).`,
      );
    }
  }
  const values = new Map<ParameterName, string>();
  for (const name of names) {
    const value = Object.hasOwn(given, name) ? String(given[name]) : SPECS[name].defaultValue;
    const problem = SPECS[name].check(value);
    if (problem !== undefined) {
      throw new ReportDocumentError('INVALID_PARAMETER', `Parameter "${name}" must be ${problem}.`);
    }
    values.set(name, value);
  }
  return values;
}

/** The parameters as `[label, display value]` pairs in the report's language, for headers. */
export function describeParameters(
  values: ParameterValues,
  messages: Messages,
  language: string,
): (readonly [name: ParameterName, label: string, display: string])[] {
  return [...values].map(([name, value]) => [
    name,
    messages.parameters[name],
    SPECS[name].display(value, messages, language),
  ]);
}

/** The `months` parameter as a number (validated by {@link resolveParameters}). */
export const monthsParameter = (values: ParameterValues): number => Number(values.get('months') ?? '12');

/** The `severity` filter; `undefined` means every severity. */
export function severityParameter(values: ParameterValues): AlertSeverity | undefined {
  const value = values.get('severity');
  return value === undefined || value === 'all' ? undefined : (value as AlertSeverity);
}
