/**
 * The portal's generated reports: a catalogue of report kinds and `renderReport`, which turns one account's fleet
 * data into a CSV, XML, HTML or DOCX document in one of the portal's languages. See the README beside this file.
 */
import { Readable } from 'node:stream';
import { generateAccount, type AccountData, type GenerateOptions } from '@portico/fleet-data';
import type { AccountRef, ReportContext } from './context.ts';
import { ReportDocumentError } from './errors.ts';
import { textStream } from './formats/chunks.ts';
import { csvLines } from './formats/csv.ts';
import { buildDocx, docxBytes } from './formats/docx.ts';
import { htmlLines } from './formats/html.ts';
import { xmlLines } from './formats/xml.ts';
import { isReportLanguage, messagesFor, type ReportLanguage } from './i18n/messages.ts';
import { OFFICE_KINDS } from './kinds/office.ts';
import { TABULAR_KINDS } from './kinds/tabular.ts';
import type { ReportDefinition } from './model.ts';
import { resolveParameters } from './parameters.ts';

export { ReportDocumentError, type ReportErrorCode } from './errors.ts';
export { isReportLanguage, REPORT_LANGUAGES, type ReportLanguage } from './i18n/messages.ts';

export const REPORT_FORMATS = ['csv', 'xml', 'html', 'docx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const isReportFormat = (value: unknown): value is ReportFormat =>
  typeof value === 'string' && (REPORT_FORMATS as readonly string[]).includes(value);

/** A kind of report in the catalogue. `fileBaseName` is ASCII English, so file names are header-safe. */
export interface ReportKind {
  readonly id: string;
  readonly isOffice: boolean;
  readonly formats: readonly ReportFormat[];
  title(language: ReportLanguage): string;
  /** One line on what the report holds. */
  description(language: ReportLanguage): string;
  readonly fileBaseName: string;
}

const OFFICE_FORMATS: readonly ReportFormat[] = Object.freeze(['docx']);
const TABLE_FORMATS: readonly ReportFormat[] = Object.freeze(['csv', 'xml', 'html']);

const DEFINITIONS: ReadonlyMap<string, ReportDefinition> = new Map(
  [...TABULAR_KINDS, ...OFFICE_KINDS].map((d) => [d.id, d]),
);

/** Every kind of report, tabular kinds first; office kinds offer DOCX only, the others CSV, XML and HTML (spec §4). */
export const REPORT_KINDS: readonly ReportKind[] = Object.freeze(
  [...DEFINITIONS.values()].map((d): ReportKind =>
    Object.freeze({
      id: d.id,
      isOffice: d.office,
      formats: d.office ? OFFICE_FORMATS : TABLE_FORMATS,
      title: (language: ReportLanguage) => messagesFor(language).titles[d.id],
      description: (language: ReportLanguage) => messagesFor(language).descriptions[d.id],
      fileBaseName: d.fileBaseName,
    }),
  ),
);

/** @example findReportKind('device-inventory')?.title('de') // 'Geräteinventar' */
export function findReportKind(id: string): ReportKind | undefined {
  return REPORT_KINDS.find((kind) => kind.id === id);
}

export interface RenderInput {
  kind: ReportKind;
  account: AccountRef;
  language: ReportLanguage;
  format: ReportFormat;
  /** Kind-specific, e.g. `{ months: '6' }`; an unknown name or a bad value throws. */
  parameters?: Record<string, string>;
  /** The generation time written in the document. Default: the current time. */
  now?: Date;
  /** The last day of the data (fleet-data's `endDate`). Default: the day before `now` (UTC). */
  endDate?: string;
}

export interface RenderedReport {
  contentType: string;
  /** `<fileBaseName>.<format>`, ASCII, e.g. 'Device inventory.csv'. */
  fileName: string;
  body: Readable;
}

const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const dayBefore = (now: Date): string => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

function checkEndDate(endDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate) || Number.isNaN(Date.parse(`${endDate}T00:00:00Z`))) {
    throw new ReportDocumentError('INVALID_END_DATE', 'endDate must be an ISO date (YYYY-MM-DD).');
  }
  return endDate;
}

function accountData(databaseName: string, options: GenerateOptions): AccountData {
  try {
    return generateAccount(databaseName, options);
  } catch (error) {
    // fleet-data names the bad option in a RangeError (an empty databaseName, a date out of range).
    if (error instanceof RangeError) throw new ReportDocumentError('INVALID_ACCOUNT', error.message);
    throw error;
  }
}

/**
 * Renders one report of one account. Checks happen now (and throw a {@link ReportDocumentError}); rows are
 * generated later, as `body` is read, so a large report streams in ~64 KB chunks without being held whole.
 *
 * @example
 * const { body, contentType, fileName } = renderReport({ kind: findReportKind('device-inventory')!, account, language: 'de', format: 'csv' });
 */
export function renderReport(input: RenderInput): RenderedReport {
  return renderReportWith(input, {});
}

/**
 * {@link renderReport} with fleet-data options beyond `endDate`, such as `scale` for a benchmark's row count.
 *
 * @example renderReportWith(input, { scale: 11.4 }) // about 1M daily meter readings for one account
 */
export function renderReportWith(
  input: RenderInput,
  fleet: Omit<GenerateOptions, 'endDate'>,
): RenderedReport {
  const definition = DEFINITIONS.get(input.kind.id);
  if (definition === undefined) {
    throw new ReportDocumentError('UNKNOWN_REPORT_KIND', `There is no report kind "${input.kind.id}".`);
  }
  const kind = findReportKind(definition.id) ?? input.kind;
  if (!isReportFormat(input.format) || !kind.formats.includes(input.format)) {
    throw new ReportDocumentError(
      'FORMAT_NOT_OFFERED',
      `The report "${kind.id}" is offered as ${kind.formats.join(', ')}, not as ${String(input.format)}.`,
    );
  }
  if (!isReportLanguage(input.language)) {
    throw new ReportDocumentError(
      'UNSUPPORTED_LANGUAGE',
      `Reports are not available in "${String(input.language)}".`,
    );
  }
  const parameters = resolveParameters(definition.parameters, input.parameters);
  const now = input.now ?? new Date();
  const endDate = checkEndDate(input.endDate ?? dayBefore(now));
  const data = accountData(input.account.databaseName, { ...fleet, endDate });
  const context: ReportContext = {
    kindId: definition.id,
    title: kind.title(input.language),
    language: input.language,
    messages: messagesFor(input.language),
    account: input.account,
    generatedAt: `${now.toISOString().slice(0, 19)}Z`,
    period: { startDate: data.period.startDate, endDate: data.period.endDate },
    parameters,
  };
  const fileName = `${kind.fileBaseName}.${input.format}`;
  const contentType = CONTENT_TYPES[input.format];
  if (definition.office) {
    // Summaries are computed when the body is first read, like the rows of the other kinds.
    const bytes = async function* () {
      yield* docxBytes(buildDocx(definition.summarise({ data, parameters }), context));
    };
    return { contentType, fileName, body: Readable.from(bytes(), { objectMode: false }) };
  }
  const lines = { csv: csvLines, xml: xmlLines, html: htmlLines }[input.format as 'csv' | 'xml' | 'html'];
  // A generator: no row is made before the body is read.
  const rows = definition.rows({ data, parameters });
  return { contentType, fileName, body: textStream(lines(definition.columns, rows, context)) };
}
