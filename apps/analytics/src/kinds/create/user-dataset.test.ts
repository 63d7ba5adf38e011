import { describe, expect, it } from 'vitest';
import { clickHouseDialect, duckDbDialect } from '../../query/dialect.ts';
import { DatasetConfigError, parseDatasetConfig } from './dataset-config.ts';
import { checkStorable } from './user-dataset.ts';

const tables = (rows: string[][]) =>
  parseDatasetConfig({
    locale: 'en-US',
    tableSchemaList: [
      {
        name: 'Visits',
        columns: [
          { name: 'Who', dataType: 'Text' },
          { name: 'Day', dataType: 'Date' },
          { name: 'At', dataType: 'DateTime' },
        ],
      },
    ],
    data: [{ name: 'Visits', rows }],
  });

function refusal(run: () => void): DatasetConfigError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DatasetConfigError) return error;
    throw error;
  }
  return undefined;
}

describe('checking supplied rows against the engine before any table is made', () => {
  it('lets ClickHouse store hostile text, blanks and dates inside its range', () => {
    const fine = tables([
      ["x'); DROP TABLE t; --", '1970-01-01', '2105-12-31 23:59:59'],
      ['', '', ''],
    ]);
    expect(() => checkStorable(clickHouseDialect, fine)).not.toThrow();
  });

  it('refuses on ClickHouse, naming row, table and column, a date or timestamp outside 1970–2105', () => {
    const before = refusal(() =>
      checkStorable(clickHouseDialect, tables([['a', '2024-01-01', '1969-12-31 23:59:59']])),
    );
    expect(before?.reason).toBe('INVALID_VALUE');
    expect(before?.status).toBe(400);
    expect(before?.path).toBe('tableSchemaList[0]');
    expect(before?.message).toMatch(
      /^Row 1 of table 'Visits', column 'At', cannot be stored: .*1970-01-01 to 2105-12-31/,
    );
    expect(
      refusal(() => checkStorable(clickHouseDialect, tables([['a', '2200-01-01', '']])))?.message,
    ).toMatch(/column 'Day'/);
  });

  it('refuses text that is not well-formed unicode on ClickHouse', () => {
    expect(
      refusal(() => checkStorable(clickHouseDialect, tables([['lone \uDC00', '', '']])))?.message,
    ).toMatch(/column 'Who'.*well-formed unicode/);
  });

  it('lets DuckDB store every parsed value', () => {
    expect(() =>
      checkStorable(duckDbDialect, tables([['lone \uDC00', '1900-01-01', '1969-12-31 00:00:00']])),
    ).not.toThrow();
  });
});
