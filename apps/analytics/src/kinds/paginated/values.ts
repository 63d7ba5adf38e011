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
import { sheetColumns } from './definition.ts';
import type { LineWraps, SheetColumn } from './definition.ts';
import { cellRooms, wrapCell } from './pdf.ts';

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

/** How a sheet wraps its wrapping columns' captions: the line stream's plan, and each caption's lines. */
export interface CellWrapping {
  readonly wraps: LineWraps;
  /** The lines the caption `text` of column `index` is drawn on; one for a text the plan does not wrap. */
  lines(index: number, text: string): readonly string[];
}

type Rooms = readonly (ReturnType<typeof cellRooms>[number] | undefined)[];

/**
 * Each report's columns' rooms and text widths in the PDF's regular face, by language (fonts are read once), by the
 * index of the column among `columns` (a line's cells): placed as the sheet draws them, none for a `csvOnly` column.
 */
const roomsCache = new WeakMap<readonly SheetColumn[], Map<string, Rooms>>();

function roomsOf(columns: readonly SheetColumn[], language: string): Rooms {
  const byLanguage = roomsCache.get(columns) ?? new Map<string, Rooms>();
  roomsCache.set(columns, byLanguage);
  const cached = byLanguage.get(language);
  if (cached !== undefined) return cached;
  const drawn = cellRooms(sheetColumns(columns), language);
  let next = 0;
  const found = columns.map((column) => (column.csvOnly === true ? undefined : drawn[next++]));
  byLanguage.set(language, found);
  return found;
}

/**
 * The wrapping of `columns` (those with `wrap` and `values`) in a sheet in `language`: every listed value's caption
 * (`caption`, from `model`) broken at spaces onto the lines it needs in the PDF's font and column width, less a point
 * for the screen's wider padding, so that the screen and the PDF break it alike. A value the model does not list is
 * not planned: it stays on one line, cut with an ellipsis if it must be.
 */
export function cellWrapping(
  columns: readonly SheetColumn[],
  language: string,
  model: Dataset | undefined,
  caption: ValueCaption,
): CellWrapping {
  const planned = new Map<number, Map<string, readonly string[]>>();
  const wraps = new Map<number, string[][]>();
  columns.forEach((column, index) => {
    const link = column.values;
    if (column.wrap !== true || column.csvOnly === true || link === undefined) return;
    const listed = listedValues(model, link);
    if (listed === undefined) return;
    const { room, width } = roomsOf(columns, language)[index] ?? { room: Infinity, width: () => 0 };
    const lines = new Map<string, readonly string[]>();
    const over: string[][] = [];
    for (const raw of listed.keys()) {
      const text = caption(link, raw);
      const broken = lines.get(text) ?? wrapCell(text, room - 1, width);
      lines.set(text, broken);
      for (let k = 0; k < broken.length - 1; k += 1) (over[k] ??= []).push(raw);
    }
    planned.set(index, lines);
    if (over.length > 0) wraps.set(index, over);
  });
  return {
    wraps,
    lines: (index, text) => planned.get(index)?.get(text) ?? [text],
  };
}

/**
 * `line` (captioned) as the sheet draws it with `wrapping`: a detail line's wrapping cells on their first line; a
 * continuation line (its label the line's number k after the detail) with the k-th line of each, blank where a
 * caption has fewer lines, and no label.
 */
export function wrappedLine(line: ReportLine, wrapping: CellWrapping): ReportLine {
  if (line.kind === 'detail')
    return {
      ...line,
      cells: line.cells.map((value, index) =>
        typeof value === 'string' ? (wrapping.lines(index, value)[0] ?? value) : value,
      ),
    };
  if (line.kind !== 'continuation') return line;
  const k = Number(line.label);
  return {
    ...line,
    label: '',
    cells: line.cells.map((value, index) =>
      typeof value === 'string' ? (wrapping.lines(index, value)[k] ?? null) : null,
    ),
  };
}
