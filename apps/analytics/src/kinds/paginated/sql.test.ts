import { describe, expect, it } from 'vitest';
import { clickHouseDialect, duckDbDialect } from '../../query/dialect.ts';
import { keysAfter, keysOrder, ReportStatement, unionAll } from './sql.ts';

describe('a report statement', () => {
  it('restricts every fleet table to the caller accounts on both engines', () => {
    const duck = new ReportStatement(duckDbDialect, ['fabrikam']);
    const devices = duck.from({ table: 'devices', alias: 'd', columns: ['site'] });
    expect(devices.select([['site', devices.col('d', 'site')]])).toBe(
      'SELECT "q"."c0" AS "site"\n      FROM (SELECT "d"."site" AS "c0"\n        ' +
        'FROM (SELECT * FROM "devices" WHERE list_contains($1, "database_name")) AS "d") AS "q"',
    );
    const ch = new ReportStatement(clickHouseDialect, ["o'hare"]);
    const sites = ch.from({ table: 'devices', alias: 'd', columns: ['site'] });
    expect(sites.select([['site', sites.col('d', 'site')]], ["`site` <> ''"])).toBe(
      'SELECT `c0` AS `site`\n      FROM (SELECT `site` AS `c0`\n        FROM `devices`\n        ' +
        "WHERE `database_name` IN ('o\\'hare') AND `site` <> '') AS `q`",
    );
  });

  it('joins as visual queries do: on ClickHouse the fact table by name, the joined one matched through key copies, the account key matched too', () => {
    const build = (dialect: typeof duckDbDialect) => {
      const statement = new ReportStatement(dialect, ['fabrikam']);
      const from = statement.from({ table: 'meter_readings', alias: 'm', columns: ['mono_pages'] }, [
        { table: 'devices', alias: 'd', columns: ['model'], to: 'm', on: [['device_id', 'device_id']] },
      ]);
      const model = from.col('d', 'model');
      return from.select(
        [
          ['model', model],
          ['mono_pages', `sum(${from.col('m', 'mono_pages')})`],
        ],
        [],
        [model],
      );
    };
    const ch = build(clickHouseDialect);
    expect(ch).toContain('FROM `meter_readings` ALL INNER JOIN (SELECT ');
    expect(ch).toContain('`device_id` AS `k_d__device_id`, `database_name` AS `k_d__database_name`');
    expect(ch).toContain('ON `device_id` = `k_d__device_id` AND `database_name` = `k_d__database_name`');
    // The fact table's row-level security in the WHERE; the joined table's in its own subquery.
    expect(ch).toMatch(/WHERE `database_name` IN \('fabrikam'\)\n\s+GROUP BY `d__model`\) AS `q`$/);
    expect(ch).toMatch(/FROM `devices` WHERE `database_name` IN \('fabrikam'\)\) AS `d`/);
    // Output names never shadow the fact table's own columns, which it reads by name.
    expect(ch).toContain('sum(`mono_pages`) AS `c1`');
    expect(ch).toMatch(/^SELECT `c0` AS `model`, `c1` AS `mono_pages`/);
    const duck = build(duckDbDialect);
    expect(duck).toContain(
      'ON "m"."device_id" = "d"."device_id" AND "m"."database_name" = "d"."database_name"',
    );
  });

  it('joins a fleet table to a named subquery, which enters as it is', () => {
    const ch = new ReportStatement(clickHouseDialect, ['fabrikam']);
    ch.define('x', "SELECT 1 AS n, 'fabrikam' AS database_name");
    const from = ch.from({ named: 'x' }, [
      { table: 'accounts', alias: 'acc', columns: ['account_name'], to: 'x', on: [] },
    ]);
    expect(
      from.select([
        ['n', from.col('x', 'n')],
        ['name', from.col('acc', 'account_name')],
      ]),
    ).toContain(
      "FROM (SELECT 1 AS n, 'fabrikam' AS database_name) AS `x` ALL INNER JOIN (SELECT `database_name` AS `acc__database_name`, `account_name` AS `acc__account_name`, `database_name` AS `k_acc__database_name` FROM `accounts` WHERE `database_name` IN ('fabrikam')) AS `acc` ON `database_name` = `k_acc__database_name`",
    );
    expect(() => from.col('nope', 'n')).toThrow(/no table 'nope'/);
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

  it('is "after these keys" in the order of the ORDER BY, text by its lower case then itself, every key bound', () => {
    const values = duckDbDialect.values(['fabrikam']);
    expect(keysOrder(duckDbDialect, keys)).toBe(
      'lower(CAST("k1" AS VARCHAR)) ASC NULLS LAST, "k1" ASC NULLS LAST, "k2" ASC NULLS LAST',
    );
    expect(keysAfter(duckDbDialect, values, keys, ['Lyon', 2])).toBe(
      '((lower(CAST("k1" AS VARCHAR)) > lower(CAST($2 AS VARCHAR)))' +
        ' OR (lower(CAST("k1" AS VARCHAR)) = lower(CAST($2 AS VARCHAR)) AND "k1" > $2)' +
        ' OR (lower(CAST("k1" AS VARCHAR)) = lower(CAST($2 AS VARCHAR)) AND "k1" = $2 AND "k2" > $3))',
    );
    expect(values.values.slice(1)).toEqual(['Lyon', 2]);
    const literal = keysAfter(clickHouseDialect, clickHouseDialect.values([]), keys, ["x' OR 1=1 --", 0]);
    const x = "'x\\' OR 1=1 --'";
    expect(literal).toBe(
      `((lowerUTF8(toString(\`k1\`)) > lowerUTF8(toString(${x})))` +
        ` OR (lowerUTF8(toString(\`k1\`)) = lowerUTF8(toString(${x})) AND \`k1\` > ${x})` +
        ` OR (lowerUTF8(toString(\`k1\`)) = lowerUTF8(toString(${x})) AND \`k1\` = ${x} AND \`k2\` > 0))`,
    );
  });

  it('refuses an integer key that is not an integer', () => {
    expect(() => keysAfter(duckDbDialect, duckDbDialect.values([]), keys, ['a', '1; DROP'])).toThrow(
      /key k2 is not an integer/,
    );
  });
});
