/**
 * What "Copy value" and "Copy data" put on the clipboard: values formatted as the visual shows them, data as
 * tab-separated text (what spreadsheets paste into cells).
 */
import type { QueryAnswer } from '@portico/analytics-model';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';

/** A cell of tab-separated text: tabs and line breaks would split it, so they become spaces. */
const cell = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

/**
 * The measures' values on a category's row, formatted, tab-separated; undefined when the answer has no such row.
 *
 * @example dataPointText(answer, 'Berlin') // → '1,200'
 */
export function dataPointText(
  answer: QueryAnswer,
  category: string,
  formatter: ValueFormatter = ENGLISH_VALUES,
): string | undefined {
  const categoryIndex = answer.columns.findIndex((c) => c.kind === 'column');
  const row = answer.rows.find((r) => String(r[categoryIndex] ?? '(Blank)') === category);
  if (!row) return undefined;
  const values = answer.columns.flatMap((c, i) =>
    c.kind === 'measure' ? [cell(formatter.value(row[i] ?? null, c.format))] : [],
  );
  return values.length > 0 ? values.join('\t') : cell(category);
}

/**
 * The whole answer as tab-separated text: a header of the columns' names, then one line per row.
 *
 * @example answerText(answer) // → 'Site\tTotal pages\nBerlin\t1,200\nParis\t800'
 */
export function answerText(answer: QueryAnswer, formatter: ValueFormatter = ENGLISH_VALUES): string {
  const header = answer.columns.map((c) => cell(c.displayName)).join('\t');
  const lines = answer.rows.map((row) =>
    row.map((value, i) => cell(formatter.value(value ?? null, answer.columns[i]))).join('\t'),
  );
  return [header, ...lines].join('\n');
}
