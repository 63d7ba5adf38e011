import { models } from '@portico/embed';
import { describe, expect, it } from 'vitest';
import { changesBetween, isDeepEqual } from './config-changes.ts';

const report = {
  type: 'report',
  id: 'r1',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1',
  accessToken: 't1',
};

describe('isDeepEqual', () => {
  it('compares plain objects and arrays by value, whatever the key order', () => {
    expect(isDeepEqual({ a: [1, { b: 2 }], c: 'x' }, { c: 'x', a: [1, { b: 2 }] })).toBe(true);
    expect(isDeepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(isDeepEqual([1], { 0: 1 })).toBe(false);
    expect(isDeepEqual({ a: null }, { a: {} })).toBe(false);
    expect(isDeepEqual(Number.NaN, Number.NaN)).toBe(true);
  });

  it('treats a missing key as an undefined one', () => {
    expect(isDeepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it('treats any two functions as equal (the latest hook is the one called)', () => {
    expect(isDeepEqual({ hook: () => 1 }, { hook: () => 2 })).toBe(true);
    expect(isDeepEqual({ hook: () => 1 }, {})).toBe(false);
  });

  it('tells instances of different classes apart', () => {
    class Filter {
      value = 1;
    }
    expect(isDeepEqual(new Filter(), { value: 1 })).toBe(false);
    expect(isDeepEqual(new Filter(), new Filter())).toBe(true);
  });
});

describe('changesBetween', () => {
  it('embeds again when a field other than the token, settings, page or filters changes', () => {
    expect(changesBetween(report, { ...report, id: 'r2' })).toBe('embed');
    expect(changesBetween(report, { ...report, viewMode: models.ViewMode.Edit })).toBe('embed');
  });

  it('completes a bootstrapped embed when a token and URL arrive, and waits for both', () => {
    const bootstrapped = { type: 'report' };
    expect(changesBetween(bootstrapped, { type: 'report', accessToken: 't1' })).toEqual({});
    expect(changesBetween(bootstrapped, report)).toBe('embed');
  });

  it('keeps the embed when the token or URL goes away, as powerbi-client-react does', () => {
    expect(changesBetween(report, { ...report, accessToken: '' })).toEqual({});
  });

  it('updates the token of every kind in place, and settings, page and filters of reports only', () => {
    const dashboard = { ...report, type: 'dashboard' };
    expect(changesBetween(dashboard, { ...dashboard, accessToken: 't2' })).toEqual({ accessToken: 't2' });
    expect(changesBetween(dashboard, { ...dashboard, settings: { filterPaneEnabled: false } })).toBe('embed');
    expect(
      changesBetween(report, { ...report, settings: { filterPaneEnabled: false }, pageName: 'p' }),
    ).toEqual({
      settings: { filterPaneEnabled: false },
      pageName: 'p',
    });
  });

  it('leaves settings and page alone when they are removed', () => {
    const before = { ...report, settings: { filterPaneEnabled: false }, pageName: 'p' };
    expect(changesBetween(before, report)).toEqual({});
  });

  it('replaces changed filter lists, removes dropped ones, and reloads for on-load filters', () => {
    const filter = { $schema: 's', target: { table: 't', column: 'c' } } as never;
    const withFilters = { ...report, filters: [filter] };
    expect(changesBetween(report, withFilters)).toEqual({ filters: [filter] });
    expect(changesBetween(withFilters, report)).toEqual({ filters: null });
    const onLoad = { allPages: { operation: models.FiltersOperations.Add, filters: [filter] } };
    expect(changesBetween(report, { ...report, filters: onLoad })).toBe('embed');
  });
});
