/**
 * The captions a sheet shows for the values of a model column that lists them (`values:` in the model file, their
 * captions translated by the model's cultures): "Warnung" for `warning`, "Geschlossen" for `Closed`. A report
 * declares the link on its column (`values: { table, column }`, definition.ts); the service resolves it from the
 * report's model localised in the viewer's language, so the page the frame draws and the PDF print the same text.
 * A value the column does not list is shown as stored; the CSV, sorting and grouping keep the raw value.
 *
 * ```ts
 * const caption = valueCaptions(localizedModel);
 * caption({ table: 'Service alerts', column: 'Severity' }, 'warning'); // 'Warnung' with the German model
 * ```
 */
import { fieldValues } from '@portico/analytics-model';
import type { Cell, Dataset, ReportLine } from '@portico/analytics-model';
import type { SheetColumn } from './definition.ts';

/** A model column named by a sheet column. */
export interface ValuesLink {
  readonly table: string;
  readonly column: string;
}

/** The caption of a raw value of a linked column; the value itself when the column lists no caption for it. */
export type ValueCaption = (link: ValuesLink, raw: string) => string;

/** The listed values of `link` in `model` as raw value → caption; undefined when the model lists none. */
export function listedValues(
  model: Dataset | undefined,
  link: ValuesLink,
): ReadonlyMap<string, string> | undefined {
  const values = fieldValues(model, { column: link });
  return values === undefined ? undefined : new Map(values.map((v) => [v.value, v.caption]));
}

/** The captions of `model` (each linked column's list read once), or the raw values without a model. */
export function valueCaptions(model: Dataset | undefined): ValueCaption {
  const cache = new Map<string, ReadonlyMap<string, string> | undefined>();
  return (link, raw) => {
    const key = `${link.table}\u0000${link.column}`;
    if (!cache.has(key)) cache.set(key, listedValues(model, link));
    return cache.get(key)?.get(raw) ?? raw;
  };
}

/** `line` as the sheet shows it: each text cell of a column with a `values` link replaced by its caption. */
export function captionedLine(
  line: ReportLine,
  columns: readonly SheetColumn[],
  caption: ValueCaption,
): ReportLine {
  if (line.cells.length === 0) return line;
  let changed = false;
  const cells: Cell[] = [...line.cells];
  line.cells.forEach((value, index) => {
    const link = columns[index]?.values;
    if (link === undefined || typeof value !== 'string') return;
    const shown = caption(link, value);
    if (shown === value) return;
    cells[index] = shown;
    changed = true;
  });
  return changed ? { ...line, cells } : line;
}
