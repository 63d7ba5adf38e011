import { describe, expect, it } from 'vitest';
import {
  clickHouseDialect,
  clickHouseDialectFor,
  clickHouseCurrentDialect,
  duckDbDialect,
  MAX_BOUND_VALUES,
} from './dialect.ts';
import { QueryError } from '@portico/analytics-model';

describe('the DuckDB dialect', () => {
  it('numbers placeholders after the row-level-security list and casts dates', () => {
    const values = duckDbDialect.values(['fabrikam']);
    expect(values.add({ value: 'a' })).toBe('$2');
    expect(values.add({ value: '2024-06-30', cast: 'DATE' })).toBe('CAST($3 AS DATE)');
    expect(values.values.slice(1)).toEqual(['a', '2024-06-30']);
    expect(values.rls('"database_name"')).toBe('list_contains($1, "database_name")');
  });

  it('refuses to bind more than MAX_BOUND_VALUES values in one statement, with a QueryError', () => {
    const values = duckDbDialect.values(['fabrikam']);
    for (let i = 0; i < MAX_BOUND_VALUES; i++) values.add({ value: i });
    expect(() => values.add({ value: 'one too many' })).toThrow(QueryError);
    expect(() => values.add({ value: 'one too many' })).toThrow(/more than 20000 filter values/);
  });

  it('doubles quotes inside identifiers', () => {
    expect(duckDbDialect.ident('a"b')).toBe('"a""b"');
  });
});

describe('the ClickHouse dialect', () => {
  it('writes values as typed literals and sends no parameters', () => {
    const values = clickHouseDialect.values(['fabrikam']);
    expect(values.add({ value: "o'hare" })).toBe("'o\\'hare'");
    expect(values.add({ value: '2024-06-30', cast: 'DATE' })).toBe("toDate('2024-06-30')");
    expect(values.add({ value: true })).toBe('1');
    expect(values.values).toEqual([]);
  });

  it('restricts to the caller accounts as an IN list of escaped literals, and to nothing when there are none', () => {
    expect(clickHouseDialect.values(['fabrikam', "x'y"]).rls('`database_name`')).toBe(
      "`database_name` IN ('fabrikam', 'x\\'y')",
    );
    expect(clickHouseDialect.values([]).rls('`database_name`')).toBe('0');
  });

  it('refuses to write more than MAX_BOUND_VALUES values in one statement', () => {
    const values = clickHouseDialect.values(['fabrikam']);
    for (let i = 0; i < MAX_BOUND_VALUES; i++) values.add({ value: i });
    expect(() => values.add({ value: 1 })).toThrow(QueryError);
  });

  it('escapes backslashes and backticks inside identifiers', () => {
    expect(clickHouseDialect.ident('a`b\\c')).toBe('`a\\`b\\\\c`');
  });

  it('enters the root table by name, its row-level security for the WHERE, so a cluster aggregates on the shards', () => {
    const values = clickHouseDialect.values(['fabrikam']);
    const root = clickHouseDialect.rootTable(
      'meter_readings',
      't0',
      ['total_pages'],
      'database_name',
      values,
    );
    expect(root.table).toBe('`meter_readings`');
    expect(root.rls).toBe("`database_name` IN ('fabrikam')");
    expect(clickHouseDialect.columnRef(root.alias, { source: 'total_pages' })).toBe('`total_pages`');
    expect(clickHouseDialect.fromRoot(root, [{ table: 'B', on: 'b' }])).toEqual({
      sql: 'FROM `meter_readings` ALL INNER JOIN B ON b',
      where: ["`database_name` IN ('fabrikam')"],
    });
    // 18.16 joins one table per SELECT: the first join goes to the shards with the root, filtered there.
    expect(
      clickHouseDialect.fromRoot(root, [
        { table: 'B', on: 'b' },
        { table: 'C', on: 'c' },
      ]),
    ).toEqual({
      sql: "FROM (SELECT * FROM `meter_readings` ALL INNER JOIN B ON b WHERE `database_name` IN ('fabrikam')) AS `r0` ALL INNER JOIN C ON c",
      where: [],
    });
  });

  it('enters a root whose columns could be taken for a name of the statement as a subquery, as other tables', () => {
    for (const column of ['c0', 'm1', 't2__x', 'q']) {
      const values = clickHouseDialect.values(['fabrikam']);
      const root = clickHouseDialect.rootTable('facts', 't0', [column], 'database_name', values);
      expect(root).toEqual({
        table: clickHouseDialect.securedTable('facts', 't0', [column], 'database_name', values),
        alias: 't0',
        rls: '',
      });
      expect(clickHouseDialect.fromRoot(root, []).where).toEqual([]);
    }
  });

  it('answers subqueries that must see every shard once for the cluster (GLOBAL IN)', () => {
    expect(clickHouseDialect.inSubquery('`c`', 'SELECT 1')).toBe('`c` GLOBAL IN (SELECT 1)');
    expect(duckDbDialect.inSubquery('"c"', 'SELECT 1')).toBe('"c" IN (SELECT 1)');
  });

  it('matches join keys through copies that nothing but the ON condition reads', () => {
    const values = clickHouseDialect.values(['fabrikam']);
    expect(
      clickHouseDialect.securedTable('devices', 't1', ['device_id'], 'database_name', values, ['device_id']),
    ).toBe(
      "(SELECT `database_name` AS `t1__database_name`, `device_id` AS `t1__device_id`, `device_id` AS `k1__device_id` FROM `devices` WHERE `database_name` IN ('fabrikam')) AS `t1`",
    );
    expect(clickHouseDialect.joinKey('t1', { source: 'device_id' })).toBe('`k1__device_id`');
    expect(duckDbDialect.joinKey('t1', { source: 'device_id' })).toBe('"t1"."device_id"');
    // Another alias (a paginated report's `d`): the copy is never named as the table's own column `d__device_id`.
    expect(
      clickHouseDialect.securedTable('devices', 'd', ['device_id'], 'database_name', values, ['device_id']),
    ).toContain('`device_id` AS `d__device_id`, `device_id` AS `k_d__device_id` FROM');
    expect(clickHouseDialect.joinKey('d', { source: 'device_id' })).toBe('`k_d__device_id`');
    expect(clickHouseDialect.joinKey('task', { source: 'device_id' })).toBe('`k_task__device_id`');
  });

  it('keeps quick create timestamps to the millisecond on servers with DateTime64 (20.1 on), whole seconds before', () => {
    expect(clickHouseDialectFor('18.16.1')).toBe(clickHouseDialect);
    expect(clickHouseDialectFor('19.17.4.11')).toBe(clickHouseDialect);
    expect(clickHouseDialectFor('20.1.2.4')).toBe(clickHouseCurrentDialect);
    expect(clickHouseDialectFor('26.7.2.1')).toBe(clickHouseCurrentDialect);
    const columns = [{ name: 'at', type: 'timestamp', nullable: true }] as const;
    expect(clickHouseCurrentDialect.createTable('qc_t', columns, ['at'])).toBe(
      "CREATE TABLE `qc_t` (`at` Nullable(DateTime64(3, 'UTC'))) ENGINE = MergeTree ORDER BY (`at`)",
    );
    expect(clickHouseDialect.createTable('qc_t', columns, ['at'])).toBe(
      "CREATE TABLE `qc_t` (`at` Nullable(DateTime('UTC'))) ENGINE = MergeTree ORDER BY (`at`)",
    );
    const at = { value: '2024-05-01 00:30:00.250', cast: 'TIMESTAMP' } as const;
    expect(clickHouseCurrentDialect.values(['fabrikam']).add(at)).toBe(
      "toDateTime64('2024-05-01 00:30:00.250', 3, 'UTC')",
    );
    expect(clickHouseCurrentDialect.plainValues().add(at)).toBe(
      "toDateTime64('2024-05-01 00:30:00.250', 3, 'UTC')",
    );
    expect(clickHouseDialect.values(['fabrikam']).add(at)).toBe("toDateTime('2024-05-01 00:30:01', 'UTC')");
  });

  it('takes every join of a root entered by name in one SELECT from 20.1 on, so the shards get the whole statement', () => {
    const values = clickHouseCurrentDialect.values(['fabrikam']);
    const root = clickHouseCurrentDialect.rootTable(
      'meter_readings',
      't0',
      ['date'],
      'database_name',
      values,
    );
    expect(
      clickHouseCurrentDialect.fromRoot(root, [
        { table: 'B', on: 'b' },
        { table: 'C', on: 'c' },
      ]),
    ).toEqual({
      sql: 'FROM `meter_readings` ALL INNER JOIN B ON b ALL INNER JOIN C ON c',
      where: ["`database_name` IN ('fabrikam')"],
    });
    // A root that entered as a subquery nests as on 18.16.
    const sub = clickHouseCurrentDialect.rootTable('facts', 't0', ['c0'], 'database_name', values);
    expect(clickHouseCurrentDialect.fromRoot(sub, [{ table: 'B', on: 'b' }]).sql).toBe(
      `FROM ${sub.table} ALL INNER JOIN B ON b`,
    );
  });

  it('enters every table as a subquery whose columns carry the alias, restricted to the caller', () => {
    const values = clickHouseDialect.values(['fabrikam']);
    expect(clickHouseDialect.securedTable('devices', 't1', ['model'], 'database_name', values)).toBe(
      "(SELECT `database_name` AS `t1__database_name`, `model` AS `t1__model` FROM `devices` WHERE `database_name` IN ('fabrikam')) AS `t1`",
    );
    expect(clickHouseDialect.columnRef('t1', { source: 'model' })).toBe('`t1__model`');
  });

  it('nests joins, one right-hand table per SELECT', () => {
    const from = clickHouseDialect.fromJoins('A', [
      { table: 'B', on: 'b' },
      { table: 'C', on: 'c' },
    ]);
    expect(from).toBe('FROM (SELECT * FROM A ALL INNER JOIN B ON b) AS `j0` ALL INNER JOIN C ON c');
  });
});

describe('the statement pieces of paginated reports and quick create', () => {
  it('binds values without a row-level-security list where a statement reads no table', () => {
    const duck = duckDbDialect.plainValues();
    expect(duck.add({ value: 'a' })).toBe('$1');
    expect(duck.add({ value: '2024-06-30', cast: 'DATE' })).toBe('CAST($2 AS DATE)');
    expect(duck.types).toEqual([]);
    expect(duck.rls('"database_name"')).toBe('FALSE');
    const ch = clickHouseDialect.plainValues();
    expect(ch.add({ value: "a'b" })).toBe("'a\\'b'");
    expect(ch.rls('`database_name`')).toBe('0');
  });

  it('writes text, concatenation, any value, conditional counts and integer division per engine', () => {
    expect(duckDbDialect.text('d')).toBe('CAST(d AS VARCHAR)');
    expect(clickHouseDialect.text('d')).toBe('toString(d)');
    expect(duckDbDialect.concat('a', "' - '", 'b')).toBe("(a || ' - ' || b)");
    expect(clickHouseDialect.concat('a', "' - '", 'b')).toBe("concat(a, ' - ', b)");
    expect(duckDbDialect.anyValue('x')).toBe('any_value(x)');
    expect(clickHouseDialect.anyValue('x')).toBe('any(x)');
    expect(duckDbDialect.countIf("s = 'Open'")).toBe("count(*) FILTER (WHERE s = 'Open')");
    expect(clickHouseDialect.countIf("s = 'Open'")).toBe("countIf(s = 'Open')");
    // The dividend is one term whatever it holds: a + b // c would divide b alone.
    expect(duckDbDialect.intDiv('a * b + 500', '1000')).toBe('((a * b + 500) // (1000))');
    expect(clickHouseDialect.intDiv('a * b + 500', '1000')).toBe('intDiv(a * b + 500, 1000)');
    expect(duckDbDialect.limit('$2', '$3')).toBe('LIMIT $2 OFFSET $3');
    expect(clickHouseDialect.limit('10')).toBe('LIMIT 10');
  });

  it('casts to the same types, Nullable where asked on ClickHouse, timestamps in UTC', () => {
    expect(duckDbDialect.typed('NULL', 'timestamp', true)).toBe('CAST(NULL AS TIMESTAMP)');
    expect(clickHouseDialect.typed('NULL', 'timestamp', true)).toBe(
      "CAST(NULL AS Nullable(DateTime('UTC')))",
    );
    expect(clickHouseDialect.typed('k', 'integer', false)).toBe('CAST(k AS Int32)');
  });

  it('creates tables of the service, a MergeTree ordered by account on ClickHouse', () => {
    const columns = [
      { name: 'database_name', type: 'text', nullable: false },
      { name: 'c0', type: 'boolean', nullable: true },
    ] as const;
    expect(duckDbDialect.createTable('qc_1', columns, ['database_name'])).toBe(
      'CREATE TABLE "qc_1" ("database_name" VARCHAR NOT NULL, "c0" BOOLEAN)',
    );
    expect(clickHouseDialect.createTable('qc_1', columns, ['database_name'])).toBe(
      'CREATE TABLE `qc_1` (`database_name` String, `c0` Nullable(UInt8)) ENGINE = MergeTree ORDER BY (`database_name`)',
    );
  });

  it('lists tables by a prefix of the service only', () => {
    expect(clickHouseDialect.tablesStartingWith('qc_')).toContain("startsWith(name, 'qc_')");
    expect(() => duckDbDialect.tablesStartingWith("qc_' OR 1=1 --")).toThrow(/not a table-name prefix/);
  });

  it('says which values ClickHouse would not store as given, and DuckDB stores every one', () => {
    expect(clickHouseDialect.unstorable({ value: '1969-12-31', cast: 'DATE' })).toMatch(
      /1970-01-01 to 2105-12-31/,
    );
    expect(clickHouseDialect.unstorable({ value: '2106-01-01 00:00:00', cast: 'TIMESTAMP' })).toMatch(
      /to 2105/,
    );
    expect(clickHouseDialect.unstorable({ value: 'lone \uD800' })).toMatch(/well-formed unicode/);
    expect(clickHouseDialect.unstorable({ value: "x'); DROP TABLE t; --" })).toBeUndefined();
    expect(clickHouseDialect.unstorable({ value: '2024-02-29', cast: 'DATE' })).toBeUndefined();
    expect(duckDbDialect.unstorable({ value: '1969-12-31', cast: 'DATE' })).toBeUndefined();
  });
});
