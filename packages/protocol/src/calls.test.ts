import { describe, expect, expectTypeOf, it } from 'vitest';
import { Call, callTarget, parseCall } from './calls.ts';

describe('outbound calls', () => {
  it('gives the method and url of a call without parameters', () => {
    expect(callTarget(Call.getPages)).toStrictEqual({ method: 'GET', url: '/report/pages' });
    expect(callTarget(Call.setActivePage)).toStrictEqual({ method: 'PUT', url: '/report/pages/active' });
  });

  it('fills the parameters of a call', () => {
    expect(callTarget(Call.exportData, { pageName: 'p1', visualName: 'v 1' })).toStrictEqual({
      method: 'POST',
      url: '/report/pages/p1/visuals/v%201/exportData',
    });
    expect(callTarget(Call.setAccessToken, { embedType: 'dashboard' }).url).toBe('/dashboard/token');
  });

  it('types the method and the parameters', () => {
    expectTypeOf(parseCall(Call.deletePage)).toEqualTypeOf<{
      method: 'DELETE';
      path: '/report/pages/:pageName';
    }>();
    // @ts-expect-error the page name is required
    expect(() => callTarget(Call.deletePage)).toThrow(TypeError);
  });

  it('writes every call as a method, a space and an absolute path', () => {
    for (const call of Object.values(Call)) expect(call).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w/:]+$/);
  });
});
