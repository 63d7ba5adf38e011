import { describe, expect, expectTypeOf, it } from 'vitest';
import { compileRoute, fillRoute } from './route.ts';

describe('compileRoute', () => {
  const route = compileRoute('/reports/:uniqueId/pages/:pageName/events/:eventName');

  it('returns the parameters of a matching url', () => {
    expect(route.match('/reports/r1/pages/p1/events/pageChanged')).toStrictEqual({
      uniqueId: 'r1',
      pageName: 'p1',
      eventName: 'pageChanged',
    });
  });

  it('types the parameters from the pattern', () => {
    expectTypeOf(route.match('/')).toEqualTypeOf<{
      uniqueId: string;
      pageName: string;
      eventName: string;
    } | null>();
  });

  it('returns null when a literal segment differs or the length differs', () => {
    expect(route.match('/reports/r1/visuals/p1/events/pageChanged')).toBeNull();
    expect(route.match('/reports/r1/pages/p1/events')).toBeNull();
    expect(route.match('/reports/r1/pages/p1/events/pageChanged/extra')).toBeNull();
  });

  it('ignores one trailing slash and the query string', () => {
    expect(route.match('/reports/r1/pages/p1/events/loaded/')).not.toBeNull();
    expect(route.match('/reports/r1/pages/p1/events/loaded?x=1#h')).not.toBeNull();
    expect(compileRoute('/report/pages').match('/report/pages/')).toStrictEqual({});
  });

  it('does not match an empty parameter', () => {
    expect(route.match('/reports//pages/p1/events/loaded')).toBeNull();
  });

  it('decodes encoded segments, including an encoded slash inside one', () => {
    expect(route.match('/reports/r1/pages/Sales%20Q1/events/a%2Fb')).toMatchObject({
      pageName: 'Sales Q1',
      eventName: 'a/b',
    });
  });

  it('does not match malformed percent-encoding', () => {
    expect(route.match('/reports/r1/pages/%E0%A4%A/events/loaded')).toBeNull();
  });

  it('matches the root pattern', () => {
    expect(compileRoute('/').match('/')).toStrictEqual({});
  });
});

describe('fillRoute', () => {
  it('fills and encodes the parameters', () => {
    expect(
      fillRoute('/report/pages/:pageName/visuals/:visualName', { pageName: 'Sales Q1', visualName: 'v/1' }),
    ).toBe('/report/pages/Sales%20Q1/visuals/v%2F1');
  });

  it('round-trips through match', () => {
    const pattern = '/reports/:uniqueId/events/:eventName';
    const params = { uniqueId: 'r 1', eventName: 'ünïcode' };
    expect(compileRoute(pattern).match(fillRoute(pattern, params))).toStrictEqual(params);
  });

  it('refuses a missing or empty parameter', () => {
    expect(() => fillRoute('/ready/:uniqueId', { uniqueId: '' })).toThrow(TypeError);
    expect(() => fillRoute('/ready/:uniqueId', {} as { uniqueId: string })).toThrow(/uniqueId/);
  });
});
