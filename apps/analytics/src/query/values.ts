/**
 * Filter values as they arrive (strings, numbers, booleans; dates as ISO strings after structured cloning or JSON)
 * read as the target column's type. A value that cannot be read is refused with a message naming the column.
 */
import type { DataType } from '@portico/analytics-model';
import { QueryError, shown } from '@portico/analytics-model';
import type { BoundValue } from './sql.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function validDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** `'2024-05-01'`, `'2024-05-01T10:00:00.000Z'` or epoch milliseconds → a UTC instant; undefined when unreadable. */
function instant(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof value === 'number') date = new Date(value);
  else if (value instanceof Date) date = value;
  else if (typeof value === 'string' && validDate(value)) date = new Date(`${value}T00:00:00Z`);
  else if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
    date = new Date(hasZone ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
  }
  // Years 1 to 9999 only: what SQL dates hold (and anything else is a mistake).
  const year = date?.getUTCFullYear() ?? Number.NaN;
  return date !== undefined && year >= 1 && year <= 9999 ? date : undefined;
}

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC: what DuckDB's TIMESTAMP reads. */
export function timestampText(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * Reads one filter value as `dataType`.
 *
 * ```ts
 * bindValue('2024-05-01T00:00:00.000Z', 'date', 'Calendar.Date'); // { value: '2024-05-01', cast: 'DATE' }
 * ```
 */
export function bindValue(value: unknown, dataType: DataType, target: string): BoundValue {
  const refuse = (): never => {
    throw new QueryError(`${shown(value)} is not a valid ${dataType} value for ${target}`);
  };
  switch (dataType) {
    case 'string':
      if (typeof value === 'string') return { value };
      if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
      return refuse();
    case 'integer':
    case 'decimal': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return refuse();
      // The engines bind a whole number as a 64-bit integer: past its range the value is refused here, not by them.
      if (Math.abs(number) >= 2 ** 63)
        throw new QueryError(`${shown(value)} is out of range for ${target} (at most ±9.2e18)`);
      return { value: number };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 1) return { value: true };
      if (value === 'false' || value === 0) return { value: false };
      return refuse();
    case 'date': {
      const date = instant(value);
      return date === undefined ? refuse() : { value: date.toISOString().slice(0, 10), cast: 'DATE' };
    }
    case 'dateTime': {
      const date = instant(value);
      return date === undefined ? refuse() : { value: timestampText(date), cast: 'TIMESTAMP' };
    }
  }
}

/** A search string (Contains, StartsWith…): any primitive, read as text. */
export function bindText(value: unknown, target: string): BoundValue {
  if (typeof value === 'string') return { value };
  if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
  throw new QueryError(`${shown(value)} is not a valid text to search ${target} for`);
}
