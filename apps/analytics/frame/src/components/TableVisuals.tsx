/** Cards, tables and matrices: plain HTML over the query answer, formatted with the model's format strings. */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { inNaturalOrder } from '@portico/analytics-model';
import type { ResolvedTheme } from '../render/theme.ts';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';
import type { Measure } from './table-fit.ts';
import { allotColumns, CELL_PAD, columnNeed, cutColumn, fontMeasure, headerAt } from './table-fit.ts';

interface Props {
  readonly visual: ReportVisual;
  readonly answer: QueryAnswer;
  readonly theme: ResolvedTheme;
  /** Writes values in the embed's locale; en-US without. */
  readonly formatter?: ValueFormatter | undefined;
}

/** Numbers align right, and so do their headers. */
const isNumeric = (column: QueryAnswer['columns'][number] | undefined) =>
  column?.dataType === 'integer' || column?.dataType === 'decimal';

/** Numbers and dates are never cut: their column is at least as wide as its widest value. */
const isWhole = (column: QueryAnswer['columns'][number] | undefined) =>
  isNumeric(column) || column?.dataType === 'date' || column?.dataType === 'dateTime';

/** What a table's scrolling box tells its table: its inner width and the font its text is measured in. */
interface BoxFit {
  readonly width: number;
  readonly measure: Measure;
  readonly em: number;
}

/**
 * A table's scrolling box: focusable and named, so a keyboard user can scroll it (axe: scrollable-region-focusable).
 * Its inner width (without a scrollbar) and font go to `children`, which allot the columns (`table-fit.ts`); null
 * until it is laid out (and in jsdom).
 */
function ScrollRegion({
  label,
  children,
}: {
  readonly label: string;
  readonly children: (fit: BoxFit | null) => React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; family: string; px: number } | null>(null);
  const read = useCallback(() => {
    const element = box.current;
    const width = element?.clientWidth ?? 0;
    if (!element || width <= 0) return;
    const style = getComputedStyle(element);
    const px = parseFloat(style.fontSize) || 13;
    const family = style.fontFamily;
    setSize((old) =>
      old && old.width === width && old.family === family && old.px === px ? old : { width, family, px },
    );
  }, []);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [read]);
  // After each drawing too: a vertical scrollbar that comes with the rows narrows the box without resizing it, which no
  // observer reports (a dashboard tile at 1024 px allotted 476 px to a box left 468 wide, its last column under the
  // edge).
  useLayoutEffect(read);
  const family = size?.family;
  const px = size?.px;
  const measure = useMemo(
    () => (family !== undefined && px !== undefined ? fontMeasure({ family, sizePx: px }) : null),
    [family, px],
  );
  const fit = size && measure ? { width: size.width, measure, em: size.px } : null;
  return (
    <div ref={box} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children(fit)}
    </div>
  );
}

/** A column of a drawn table: its header, and whether its values are numbers (right) or never cut (dates too). */
interface GridColumn {
  readonly key: string;
  readonly header: string;
  readonly numeric: boolean;
  readonly whole: boolean;
}

/** A row: its cells as written. */
interface GridRow {
  readonly key: string;
  readonly cells: readonly string[];
}

/**
 * A table whose columns are allotted by their measured contents (`allotColumns`): numbers and dates whole, headers
 * on up to two lines, text cells cut with "…" (at the end; a matrix's row headers in the middle) and named
 * whole in their `title`. Until its box is measured the browser lays it out (jsdom).
 */
function Grid({
  label,
  columns,
  rows,
  theme,
  rowHeaders,
}: {
  readonly label: string;
  readonly columns: readonly GridColumn[];
  readonly rows: readonly GridRow[];
  readonly theme: ResolvedTheme;
  /** The first cell of each row is its header (a matrix's row). */
  readonly rowHeaders: boolean;
}) {
  return (
    <ScrollRegion label={label}>
      {(fit) => <FittedTable columns={columns} rows={rows} theme={theme} rowHeaders={rowHeaders} fit={fit} />}
    </ScrollRegion>
  );
}

function FittedTable({
  columns,
  rows,
  theme,
  rowHeaders,
  fit,
}: {
  readonly columns: readonly GridColumn[];
  readonly rows: readonly GridRow[];
  readonly theme: ResolvedTheme;
  readonly rowHeaders: boolean;
  readonly fit: BoxFit | null;
}) {
  const measure = fit?.measure;
  const em = fit?.em;
  // Each column's texts, read once for its widths and its cut texts.
  const texts = useMemo(() => columns.map((_, i) => rows.map((r) => r.cells[i] ?? '')), [columns, rows]);
  const needs = useMemo(
    () =>
      measure && em
        ? columns.map((c, i) =>
            columnNeed(c.header, texts[i] ?? [], c.whole, measure, em, rowHeaders && i === 0, i === 0),
          )
        : null,
    [columns, texts, measure, em, rowHeaders],
  );
  const width = fit?.width;
  const allotment = useMemo(() => (needs && width ? allotColumns(needs, width) : null), [needs, width]);
  // Each cut text column's texts as shown.
  const shown = useMemo(
    () =>
      columns.map((c, i) => {
        const w = allotment?.widths[i];
        const need = needs?.[i];
        if (c.whole || !measure || w === undefined || !need || w >= need.natural - 0.5) return null;
        return cutColumn(
          texts[i] ?? [],
          w - CELL_PAD,
          rowHeaders && i === 0 ? (text) => measure(text, true) : measure,
          rowHeaders && i === 0 ? 'middle' : 'apart',
        );
      }),
    [columns, texts, allotment, needs, measure, rowHeaders],
  );
  // A header narrower than one of its words breaks it between syllables, with a hyphen; its name stays whole.
  const headers = useMemo(
    () =>
      columns.map((c, i) => {
        const w = allotment?.widths[i];
        return measure && w !== undefined ? headerAt(c.header, w - CELL_PAD, measure) : c.header;
      }),
    [columns, allotment, measure],
  );
  const total = allotment?.widths.reduce((a, b) => a + b, 0) ?? 0;
  return (
    <table
      className={allotment ? (allotment.scrolls ? 'table fitted scrolls' : 'table fitted') : 'table'}
      style={allotment?.scrolls ? { width: `${Math.ceil(total)}px` } : undefined}
    >
      {allotment ? (
        <colgroup>
          {allotment.widths.map((w, i) => (
            <col key={columns[i]?.key ?? i} style={{ width: `${w}px` }} />
          ))}
        </colgroup>
      ) : null}
      <thead>
        <tr style={{ '--table-accent': theme.tableAccent } as React.CSSProperties}>
          {columns.map((c, i) => {
            const shownHeader = headers[i] ?? c.header;
            return (
              <th
                key={c.key}
                className={c.numeric ? 'num' : undefined}
                aria-label={shownHeader === c.header ? undefined : c.header}
              >
                {shownHeader}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((text, i) => {
              const column = columns[i];
              if (rowHeaders && i === 0) {
                return (
                  <th key={i} scope="row">
                    <CellText text={text} shown={shown[i]?.get(text)} />
                  </th>
                );
              }
              if (column?.whole) {
                return (
                  <td key={i} className={column.numeric ? 'num whole' : 'whole'}>
                    {text}
                  </td>
                );
              }
              return (
                <td key={i}>
                  <CellText text={text} shown={shown[i]?.get(text)} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A text cell's or row header's text: `shown` where its column is narrower than its longest text (cut with "…"),
 * its title naming it whole; the CSS ellipsis cuts it should the measure be a hair short.
 */
function CellText({ text, shown }: { readonly text: string; readonly shown?: string | undefined }) {
  return (
    <span className="cell-text" title={text}>
      {shown ?? text}
    </span>
  );
}

/** A card's label: the visual's title, else its measure's name. */
const cardLabel = (visual: ReportVisual, answer: QueryAnswer): string =>
  visual.title || answer.columns[0]?.displayName || '';

/**
 * The value, and under it its label unless `hideLabel` (a dashboard tile whose title names the number). The value
 * sits at the same place in every card of a size, whatever its label (`.card-face` in styles.css): a row of cards
 * puts its numbers on one line, a label of two lines wrapping down, away from them.
 */
export function CardVisual({
  visual,
  answer,
  theme,
  formatter = ENGLISH_VALUES,
  hideLabel = false,
}: Props & { readonly hideLabel?: boolean }) {
  const column = answer.columns[0];
  const value = answer.rows[0]?.[0] ?? null;
  const label = cardLabel(visual, answer);
  return (
    <div className="card">
      <div className="card-face">
        <div className="card-value" style={{ color: theme.foreground }}>
          {formatter.value(value, column)}
        </div>
        {hideLabel ? null : (
          <div className="card-label" title={label} lang={formatter.locale}>
            {label}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The rows in the natural order of the first column's listed values (critical, warning, info) when the visual is not
 * sorted by anything else; the service's order otherwise. Stable, so later columns keep their order within each value.
 */
const naturalRows = (visual: ReportVisual, answer: QueryAnswer): QueryAnswer['rows'] =>
  visual.sort === undefined
    ? inNaturalOrder(answer.rows, answer.columns[0]?.values, (row) => row[0])
    : answer.rows;

export function TableVisual({ visual, answer, theme, formatter = ENGLISH_VALUES }: Props) {
  const columns = useMemo(
    () =>
      answer.columns.map((c) => ({
        key: c.queryName,
        header: c.displayName,
        numeric: isNumeric(c),
        whole: isWhole(c),
      })),
    [answer],
  );
  const rows = useMemo(
    () =>
      naturalRows(visual, answer).map((row, r) => ({
        key: String(r),
        cells: row.map((cell, i) => formatter.value(cell, answer.columns[i])),
      })),
    [visual, answer, formatter],
  );
  return (
    <Grid label={visual.title || 'Table'} columns={columns} rows={rows} theme={theme} rowHeaders={false} />
  );
}

/** Rows by the row field, one column per value of the column field, the first measure in the cells. */
export function MatrixVisual({ visual, answer, theme, formatter = ENGLISH_VALUES }: Props) {
  const { columns, rows } = useMemo(() => {
    const rowCount = visual.dataRoles.rows?.length ?? 0;
    const colCount = visual.dataRoles.columns?.length ?? 0;
    const measure = rowCount + colCount;
    const key = (row: readonly unknown[], from: number, count: number): string =>
      row
        .slice(from, from + count)
        // Row and column headers with their column's format (a year `0` reads 2024, a month `Mar 2026`) or caption.
        .map((v, i) => formatter.value(v as string | number | null, answer.columns[from + i]))
        .join(' › ');
    // Headers in their first column's natural order (critical, warning, info) where the model lists its values; the
    // column headers always, the row headers unless the visual is sorted.
    const colRows = inNaturalOrder(answer.rows, answer.columns[rowCount]?.values, (row) => row[rowCount]);
    const rowKeys = [...new Set(naturalRows(visual, answer).map((row) => key(row, 0, rowCount)))];
    const colKeys = [...new Set(colRows.map((row) => key(row, rowCount, colCount)))];
    const cells = new Map(
      answer.rows.map((row) => [`${key(row, 0, rowCount)}|${key(row, rowCount, colCount)}`, row[measure]]),
    );
    const format = answer.columns[measure]?.format;
    const columns: GridColumn[] = [
      {
        key: '',
        header: answer.columns
          .slice(0, rowCount)
          .map((c) => c.displayName)
          .join(' › '),
        numeric: false,
        whole: false,
      },
      ...colKeys.map((c) => ({ key: `|${c}`, header: c, numeric: true, whole: true })),
    ];
    const rows: GridRow[] = rowKeys.map((r) => ({
      key: r,
      cells: [
        r,
        ...colKeys.map((c) =>
          cells.has(`${r}|${c}`) ? formatter.value(cells.get(`${r}|${c}`) ?? null, format) : '',
        ),
      ],
    }));
    return { columns, rows };
  }, [visual, answer, formatter]);
  return <Grid label={visual.title || 'Table'} columns={columns} rows={rows} theme={theme} rowHeaders />;
}
