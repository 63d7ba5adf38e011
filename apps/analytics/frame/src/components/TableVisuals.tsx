/** Cards, tables and matrices: plain HTML over the query answer, formatted with the model's format strings. */
import { useLayoutEffect, useRef } from 'react';
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { inNaturalOrder } from '@portico/analytics-model';
import type { ResolvedTheme } from '../render/theme.ts';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';

interface Props {
  readonly visual: ReportVisual;
  readonly answer: QueryAnswer;
  readonly theme: ResolvedTheme;
  /** Writes values in the embed's locale; en-US without. */
  readonly formatter?: ValueFormatter | undefined;
}

/** Numbers align right, and so do their headers. */
const isNumeric = (column: QueryAnswer['columns'][number]) =>
  column.dataType === 'integer' || column.dataType === 'decimal';

/**
 * A table's scrolling box: focusable and named, so a keyboard user can scroll it (axe: scrollable-region-focusable).
 * Where the table is wider than its box, the box is `tight`: text cells and row headers are then cut to at most 42 %
 * of it (`.cell-text`), so the numbers come into sight; where it fits, nothing is cut.
 */
function ScrollRegion({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      element.classList.remove('tight');
      element.classList.toggle('tight', element.scrollWidth > element.clientWidth + 1);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  });
  return (
    <div ref={box} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A text cell's or row header's text: in a table wider than its box, at most 42 % of the box wide (`.cell-text`),
 * cut with an ellipsis beyond, its title naming it whole, so one long model name does not push the numbers out of
 * sight.
 */
function CellText({ text }: { readonly text: string }) {
  return (
    <span className="cell-text" title={text}>
      {text}
    </span>
  );
}

/**
 * A header wraps (a long measure name would widen its column of short numbers), but onto about two lines: at least
 * half its characters wide, and three more for where the break falls. Narrower, "Durchschnittliche Seiten pro Tag" stood a word a line, five lines tall.
 */
const headerWidth = (text: string): React.CSSProperties | undefined =>
  text.length > 12 ? { minWidth: `${Math.ceil(text.length / 2) + 3}ch` } : undefined;

/** A card's label: the visual's title, else its measure's name. */
export const cardLabel = (visual: ReportVisual, answer: QueryAnswer): string =>
  visual.title || answer.columns[0]?.displayName || '';

/**
 * True when a title above a card already says what the card's label would: the label is the title or a part of it
 * ("Still open" under "Alerts still open"), in any case.
 *
 * @example repeatsTitle('Still open', 'Alerts still open') // → true
 * @example repeatsTitle('Average hours to close', 'Hours to close') // → false
 */
export function repeatsTitle(label: string, title: string | undefined): boolean {
  const own = label.trim().toLocaleLowerCase();
  return own !== '' && (title ?? '').toLocaleLowerCase().includes(own);
}

/** The value, and under it its label unless `hideLabel` (a dashboard tile whose title says the same). */
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
      <div className="card-value" style={{ color: theme.foreground }}>
        {formatter.value(value, column)}
      </div>
      {hideLabel ? null : (
        <div className="card-label" title={label} lang={formatter.locale}>
          {label}
        </div>
      )}
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
  return (
    <ScrollRegion label={visual.title || 'Table'}>
      <table className="table">
        <thead>
          <tr style={{ '--table-accent': theme.tableAccent } as React.CSSProperties}>
            {answer.columns.map((c) => (
              <th
                key={c.queryName}
                className={isNumeric(c) ? 'num' : undefined}
                style={headerWidth(c.displayName)}
              >
                {c.displayName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {naturalRows(visual, answer).map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                typeof cell === 'number' ? (
                  <td key={i} className="num">
                    {formatter.value(cell, answer.columns[i])}
                  </td>
                ) : (
                  <td key={i}>
                    <CellText text={formatter.value(cell, answer.columns[i])} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Rows by the row field, one column per value of the column field, the first measure in the cells. */
export function MatrixVisual({ visual, answer, theme, formatter = ENGLISH_VALUES }: Props) {
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
  return (
    <ScrollRegion label={visual.title || 'Table'}>
      <table className="table">
        <thead>
          <tr style={{ '--table-accent': theme.tableAccent } as React.CSSProperties}>
            <th>
              {answer.columns
                .slice(0, rowCount)
                .map((c) => c.displayName)
                .join(' › ')}
            </th>
            {colKeys.map((c) => (
              <th key={c} className="num" style={headerWidth(c)}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rowKeys.map((r) => (
            <tr key={r}>
              <th>
                <CellText text={r} />
              </th>
              {colKeys.map((c) => (
                <td key={c} className="num">
                  {cells.has(`${r}|${c}`) ? formatter.value(cells.get(`${r}|${c}`) ?? null, format) : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
