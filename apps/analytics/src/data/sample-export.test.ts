import { describe, expect, it } from 'vitest';
import { progressLine } from './sample-export.ts';

describe('progressLine', () => {
  it("labels a table's own rows by its name and the running total as all tables' rows", () => {
    expect(
      progressLine({
        table: 'calendar',
        account: 'fabrikam',
        accountsDone: 5,
        accountsTotal: 5,
        rows: 4225,
        tableRows: 3650,
        seconds: 2,
      }),
    ).toBe('calendar: 5/5 accounts (fabrikam): 3,650 rows; 4,225 in all in 2.0 s, 2,113 rows/s');
  });

  it('gives the rows of every table when accounts go one after another (Parquet)', () => {
    expect(
      progressLine({ account: 'contoso', accountsDone: 2, accountsTotal: 5, rows: 1000, seconds: 0.5 }),
    ).toBe('2/5 accounts (contoso): 1,000 rows in 0.5 s, 2,000 rows/s');
  });
});
