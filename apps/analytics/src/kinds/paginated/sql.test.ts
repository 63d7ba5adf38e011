import { describe, expect, it } from 'vitest';
import { clickHouseDialect, duckDbDialect } from '../../query/dialect.ts';
import { keysAfter, ReportStatement, unionAll } from './sql.ts';

describe('a report statement', () => {
  it('restricts every fleet table to the caller accounts on both engines', () => {
    const duck = new ReportStatement(duckDbDialect, ['fabrikam']);
    expect(duck.table('devices', 'd', ['site']).from).toBe(
      '(SELECT * FROM "devices" WHERE list_contains($1, "database_name")) AS "d"',
    );
    const ch = new ReportStatement(clickHouseDialect, ["o'hare"]);
    const devices = ch.table('devices', 'd', ['site']);
    expect(devices.from).toContain("WHERE `database_name` IN ('o\\'hare')");
    expect(devices.col('site')).toBe('`d__site`');
  });

  it('names subqueries as CTEs on DuckDB and writes them inline on ClickHouse', () => {
    const duck = new ReportStatement(duckDbDialect, []);
    duck.define('usage', 'SELECT 1 AS n');
    expect(duck.text(`SELECT n FROM ${duck.ref('usage')}`)).toBe(
      'WITH "usage" AS (SELECT 1 AS n)\n    SELECT n FROM "usage"',
    );
    const ch = new ReportStatement(clickHouseDialect, []);
    ch.define('usage', 'SELECT 1 AS n');
    expect(ch.text(`SELECT n FROM ${ch.ref('usage')}`)).toBe('SELECT n FROM (SELECT 1 AS n) AS `usage`');
    expect(() => ch.ref('missing')).toThrow(/no subquery 'missing'/);
  });

  it('binds every value: an IN list of parameters or literals, and false for no values', () => {
    const duck = new ReportStatement(duckDbDialect, ['fabrikam']);
    expect(duck.in('x', ['a', "b'"])).toBe('x IN ($2, $3)');
    expect(duck.values.values.slice(1)).toEqual(['a', "b'"]);
    expect(duck.in('x', [])).toBe('FALSE');
    const ch = new ReportStatement(clickHouseDialect, ['fabrikam']);
    expect(ch.in('x', ["'); DROP TABLE devices; --"])).toBe("x IN ('\\'); DROP TABLE devices; --')");
    expect(ch.in('x', [])).toBe('0');
    expect(ch.date('2024-05-01')).toBe("toDate('2024-05-01')");
  });
});

describe('a UNION ALL of typed parts', () => {
  const columns = [
    { name: 'kind', type: 'text', nullable: false },
    { name: 'c1', type: 'bigint', nullable: true },
  ] as const;

  it('casts every expression to its column type, Nullable on ClickHouse, and names columns in the first part', () => {
    const parts = [
      { select: ["'group'", null], rest: 'FROM t' },
      { select: ["'detail'", 'n'], rest: 'FROM t' },
    ];
    expect(unionAll(clickHouseDialect, columns, parts)).toBe(
      "SELECT CAST('group' AS String) AS `kind`, CAST(NULL AS Nullable(Int64)) AS `c1`\n      FROM t" +
        "\n      UNION ALL\n      SELECT CAST('detail' AS String), CAST(n AS Nullable(Int64))\n      FROM t",
    );
    expect(unionAll(duckDbDialect, columns, parts)).toContain('CAST(NULL AS BIGINT) AS "c1"');
  });

  it('refuses a part with another number of columns', () => {
    expect(() => unionAll(duckDbDialect, columns, [{ select: ['1'], rest: '' }])).toThrow(
      /part 1 has 1 columns, not 2/,
    );
  });
});

describe('the keyset condition', () => {
  const keys = [
    { name: 'k1', type: 'text' },
    { name: 'k2', type: 'integer' },
  ] as const;

  it('is "after these keys" in lexicographic order, every key bound', () => {
    const values = duckDbDialect.values(['fabrikam']);
    expect(keysAfter(duckDbDialect, values, keys, ['Lyon', 2])).toBe(
      '(("k1" > $2) OR ("k1" = $2 AND "k2" > $3))',
    );
    expect(values.values.slice(1)).toEqual(['Lyon', 2]);
    const literal = keysAfter(clickHouseDialect, clickHouseDialect.values([]), keys, ["x' OR 1=1 --", 0]);
    expect(literal).toBe("((`k1` > 'x\\' OR 1=1 --') OR (`k1` = 'x\\' OR 1=1 --' AND `k2` > 0))");
  });

  it('refuses an integer key that is not an integer', () => {
    expect(() => keysAfter(duckDbDialect, duckDbDialect.values([]), keys, ['a', '1; DROP'])).toThrow(
      /key k2 is not an integer/,
    );
  });
});
