import { describe, expect, it } from 'vitest';
import { clickHouseDialect, duckDbDialect, MAX_BOUND_VALUES } from './dialect.ts';
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
