/** Comparing two engines' answers: the same columns, the same rows (numbers to 9 significant digits). */
import type { CellValue } from '../../src/data/engine.ts';

function normalCell(value: CellValue): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toPrecision(9);
  return JSON.stringify(value);
}

export const normalRows = (rows: readonly (readonly CellValue[])[]): string[] =>
  rows.map((row) => row.map(normalCell).join(' | '));

/** The rows as comparable text: in their order when `ordered`, else sorted. */
export function comparable(rows: readonly (readonly CellValue[])[], ordered: boolean): string[] {
  const lines = normalRows(rows);
  return ordered ? lines : [...lines].sort();
}
