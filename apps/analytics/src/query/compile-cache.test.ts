import {
  RelativeDateFilter,
  RelativeDateFilterTimeUnit as Unit,
  RelativeDateOperators as Op,
  RelativeTimeFilter,
} from '@portico/models';
import { QueryError } from '@portico/analytics-model';
import type { Dataset, VisualQuery } from '@portico/analytics-model';
import { describe, expect, it } from 'vitest';
import { PRINT_FLEET_DATASET } from '../models/built-in.ts';
import { CompileCache } from './compile-cache.ts';
import { compileVisualQuery } from './compile.ts';
import {
  clickHouseCurrentDialect,
  clickHouseDialect,
  clickHouseDialectFor,
  duckDbDialect,
} from './dialect.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 86_400_000;
const BY_MODEL: VisualQuery = {
  select: [
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Devices', measure: 'Devices' } },
  ],
};
const PAGES_BY_MODEL: VisualQuery = {
  select: [
    { column: { table: 'Devices', column: 'Model' } },
    { measure: { table: 'Meter readings', measure: 'Total pages' } },
  ],
};
const ALERTS: VisualQuery = { select: [{ column: { table: 'Service alerts', column: 'Alert ID' } }] };
const lastWeek = new RelativeDateFilter({ table: 'Calendar', column: 'Date' }, Op.InLast, 7, Unit.Days, true);
const lastHours = new RelativeTimeFilter(
  { table: 'Service alerts', column: 'Opened at' },
  Op.InLast,
  3,
  Unit.Hours,
);
const fabrikam = (now = NOW) => ({ databaseNames: ['fabrikam'], now });

describe('the compile cache', () => {
  it('hands out the statement compileVisualQuery writes, the same object for the same model, identity and query', () => {
    const cache = new CompileCache(100);
    const first = cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect);
    expect(first).toEqual(compileVisualQuery(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect));
    expect(cache.compile(PRINT_FLEET_DATASET, structuredClone(BY_MODEL), fabrikam(), duckDbDialect)).toBe(
      first,
    );
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, entries: 1 });
  });

  it('never hands one identity the statement of another', () => {
    const cache = new CompileCache(100);
    const one = cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect);
    const both = cache.compile(
      PRINT_FLEET_DATASET,
      BY_MODEL,
      { databaseNames: ['fabrikam', 'contoso_emea'], now: NOW },
      duckDbDialect,
    );
    const other = cache.compile(
      PRINT_FLEET_DATASET,
      BY_MODEL,
      { databaseNames: ['contoso_emea'], now: NOW },
      duckDbDialect,
    );
    expect(new Set([one, both, other]).size).toBe(3);
    expect(JSON.stringify(other.params)).toContain('contoso_emea');
    expect(JSON.stringify(other.params)).not.toContain('fabrikam');
  });

  it('keeps statements apart per dialect and per model content', () => {
    const cache = new CompileCache(100);
    const duck = cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect);
    const click = cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), clickHouseDialect);
    expect(click.sql).not.toBe(duck.sql);
    const renamed: Dataset = {
      ...PRINT_FLEET_DATASET,
      tables: PRINT_FLEET_DATASET.tables.map((table) =>
        table.name === 'Devices' ? { ...table, source: 'printers' } : table,
      ),
    } as Dataset;
    const reloaded = cache.compile(renamed, BY_MODEL, fabrikam(), duckDbDialect);
    expect(reloaded).not.toBe(duck);
    expect(reloaded.sql).not.toBe(duck.sql);
  });

  it('compiles again once the ClickHouse server turns out to be 20.1 or later: the statement written for 18.16 is not reused', () => {
    const cache = new CompileCache(100);
    const query: VisualQuery = {
      select: [
        { column: { table: 'Calendar', column: 'Month' } },
        { column: { table: 'Devices', column: 'Model' } },
        { measure: { table: 'Meter readings', measure: 'Total pages' } },
      ],
    };
    // Before the engine has read version(), it writes for 18.16: one JOIN per SELECT.
    const early = cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), clickHouseDialect);
    const current = clickHouseDialectFor('26.7.2.1');
    const later = cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), current);
    expect(later).not.toBe(early);
    expect(later).toEqual(
      compileVisualQuery(PRINT_FLEET_DATASET, query, fabrikam(), clickHouseCurrentDialect),
    );
    expect(later.sql).not.toBe(early.sql);
    // Each form stays kept for its own servers.
    expect(cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), clickHouseDialectFor('18.16.1'))).toBe(
      early,
    );
    expect(cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), current)).toBe(later);
    expect(cache.stats()).toEqual({ hits: 2, misses: 2, entries: 2 });
  });

  it('keeps a statement with a relative date filter for its UTC day only', () => {
    const cache = new CompileCache(100);
    const query = { ...PAGES_BY_MODEL, filters: [lastWeek.toJSON()] };
    const today = cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), duckDbDialect);
    expect(today.clock).toBe('day');
    const endOfDay = new Date(Math.ceil(NOW.getTime() / DAY) * DAY - 1);
    expect(cache.compile(PRINT_FLEET_DATASET, query, fabrikam(endOfDay), duckDbDialect)).toBe(today);
    const tomorrow = cache.compile(
      PRINT_FLEET_DATASET,
      query,
      fabrikam(new Date(endOfDay.getTime() + 1)),
      duckDbDialect,
    );
    expect(tomorrow).not.toBe(today);
    expect(tomorrow.params).not.toEqual(today.params);
    expect(tomorrow).toEqual(
      compileVisualQuery(
        PRINT_FLEET_DATASET,
        query,
        fabrikam(new Date(endOfDay.getTime() + 1)),
        duckDbDialect,
      ),
    );
  });

  it('never keeps a statement with a relative time filter: each request gets its own now', () => {
    const cache = new CompileCache(100);
    const query = { ...ALERTS, filters: [lastHours.toJSON()] };
    const first = cache.compile(PRINT_FLEET_DATASET, query, fabrikam(), duckDbDialect);
    expect(first.clock).toBe('instant');
    const later = cache.compile(
      PRINT_FLEET_DATASET,
      query,
      fabrikam(new Date(NOW.getTime() + 1000)),
      duckDbDialect,
    );
    expect(later.params).not.toEqual(first.params);
    expect(cache.stats()).toEqual({ hits: 0, misses: 2, entries: 0 });
  });

  it('keys a query by the text it was parsed from when given, apart from the same query keyed by its JSON', () => {
    const cache = new CompileCache(100);
    const body = JSON.stringify({ reportId: 'r', query: BY_MODEL });
    const fromBody = cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect, body);
    expect(cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect, body)).toBe(fromBody);
    expect(cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect)).not.toBe(fromBody);
    const spaced = JSON.stringify({ reportId: 'r', query: BY_MODEL }, null, 2);
    expect(cache.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect, spaced)).toEqual(fromBody);
    expect(
      cache.compile(
        PRINT_FLEET_DATASET,
        BY_MODEL,
        { databaseNames: ['contoso_emea'], now: NOW },
        duckDbDialect,
        body,
      ),
    ).not.toEqual(fromBody);
    expect(cache.stats()).toEqual({ hits: 1, misses: 4, entries: 4 });
  });

  it('refuses a bad query every time, keeping nothing', () => {
    const cache = new CompileCache(100);
    const bad = { select: [{ column: { table: 'Devices', column: 'Colour' } }] };
    expect(() => cache.compile(PRINT_FLEET_DATASET, bad, fabrikam(), duckDbDialect)).toThrow(QueryError);
    expect(() => cache.compile(PRINT_FLEET_DATASET, bad, fabrikam(), duckDbDialect)).toThrow(QueryError);
    expect(cache.stats().entries).toBe(0);
  });

  it('keeps at most its bound, least recently used out, and nothing with a bound of 0', () => {
    const cache = new CompileCache(2);
    const queries = [1, 2, 3].map((top) => ({ ...BY_MODEL, top }));
    const [a] = queries.map((q) => cache.compile(PRINT_FLEET_DATASET, q, fabrikam(), duckDbDialect));
    expect(cache.stats().entries).toBe(2);
    expect(cache.compile(PRINT_FLEET_DATASET, queries[0], fabrikam(), duckDbDialect)).not.toBe(a);
    const none = new CompileCache(0);
    none.compile(PRINT_FLEET_DATASET, BY_MODEL, fabrikam(), duckDbDialect);
    expect(none.stats().entries).toBe(0);
  });
});
