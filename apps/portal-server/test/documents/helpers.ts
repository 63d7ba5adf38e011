import { buffer } from 'node:stream/consumers';
import {
  findReportKind,
  renderReport,
  type RenderInput,
  type ReportFormat,
  type ReportKind,
  type ReportLanguage,
} from '../../src/documents/index.ts';

export const NOW = new Date('2024-07-01T08:30:00Z');
export const END_DATE = '2024-06-30';
// The smallest sample account (45 printers), so every test stays quick.
export const ACCOUNT = {
  databaseName: 'tailspin',
  accountName: 'Tailspin Toys',
  customerName: 'Tailspin Ltd',
};
export const HOSTILE_ACCOUNT = {
  databaseName: 'tailspin',
  accountName: '<script>alert("x")</script> & Co',
  customerName: `O'Brien "Quotes" <img src=x onerror=alert(1)>`,
};

export function kind(id: string): ReportKind {
  const found = findReportKind(id);
  if (found === undefined) throw new Error(`no report kind ${id}`);
  return found;
}

export function render(
  id: string,
  format: ReportFormat,
  options: { language?: ReportLanguage } & Partial<Omit<RenderInput, 'kind' | 'format' | 'language'>> = {},
) {
  return renderReport({
    account: ACCOUNT,
    now: NOW,
    endDate: END_DATE,
    ...options,
    language: options.language ?? 'en',
    kind: kind(id),
    format,
  });
}

// The bytes as UTF-8, BOM kept (a TextDecoder, as `text()` uses, would drop it).
export const renderText = async (...args: Parameters<typeof render>) =>
  (await buffer(render(...args).body)).toString('utf8');
export const renderBytes = async (...args: Parameters<typeof render>) => buffer(render(...args).body);

/**
 * A small RFC 4180 reader for the tests: quoted fields with doubled quotes, commas and line breaks inside quotes,
 * CRLF or LF record ends. Returns the records as arrays of fields.
 */
export function parseCsv(source: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
