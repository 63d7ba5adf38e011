/**
 * CSV export: the detail lines of a report as records — its group columns (site, device…) then its columns, raw
 * values (numbers unformatted, timestamps ISO), and a report's currency code in a last `Currency` column — read batch by batch, so a large report streams in constant memory.
 * Quoting and the spreadsheet-formula guard are the query layer's (`toCsv`).
 */
import { toCsv } from '../../query/csv.ts';
import type { ResultColumn } from '@portico/analytics-model';
import type { ReportRun } from './run.ts';

/** Records per statement: 5,000 first, then twice as many each time up to 40,000 (as the PDF export reads). */
const batchSize = (batch: number): number => Math.min(5_000 * 2 ** batch, 40_000);

/** CSV text of `rows` under the display names `titles`, with or without the header line. */
function csv(titles: readonly string[], rows: (string | number | null)[][], header: boolean): string {
  // toCsv reads only the display names of its columns.
  const text = toCsv({ columns: titles.map((displayName) => ({ displayName }) as ResultColumn), rows });
  return header ? text : text.slice(text.indexOf('\r\n') + 2);
}

/**
 * The report's CSV, chunk by chunk.
 *
 * ```ts
 * reply.type('text/csv').send(Readable.from(csvChunks(run)));
 * ```
 */
export async function* csvChunks(run: ReportRun): AsyncGenerator<string> {
  const { currency } = run.report;
  // Amounts stay raw numbers; the currency they are in is a last column, so that no record reads as bare numbers.
  const extra = currency === undefined ? [] : [currency];
  const titles = [
    ...run.report.groupColumns,
    ...run.report.columns.map((c) => c.title),
    ...(currency === undefined ? [] : ['Currency']),
  ];
  yield csv(titles, [], true);
  for await (const batch of run.batches(batchSize, 'records')) {
    yield csv(
      titles,
      batch.map((b) => [...b.groups, ...b.line.cells, ...extra]),
      false,
    );
  }
}
