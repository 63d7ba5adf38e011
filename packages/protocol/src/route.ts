/**
 * A small route-pattern matcher for the SDK's URLs (`/report/pages/:pageName/filters`): one syntax
 * for both directions, matching inbound URLs and filling outbound templates.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The parameters of a pattern, read from its text: `RouteParams<'/a/:x/b/:y'>` is `{ x: string; y: string }`
 * (a pattern only known as `string` gives `Record<string, string>`).
 */
export type RouteParams<P extends string> = string extends P
  ? Record<string, string>
  : { [K in ParamNames<P>]: string };

export interface Route<P extends string = string> {
  readonly pattern: P;
  /** The decoded parameters when `url` matches, else `null`. Query string and one trailing slash are ignored. */
  match(url: string): RouteParams<P> | null;
}

const pathSegments = (url: string): string[] => {
  const path = url.replace(/[?#].*$/, '');
  return (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
};

/**
 * Compiles a pattern once for repeated matching.
 *
 * @example compileRoute('/reports/:uniqueId/events/:eventName').match('/reports/r1/events/loaded')
 *   // → { uniqueId: 'r1', eventName: 'loaded' }
 */
export function compileRoute<P extends string>(pattern: P): Route<P> {
  const expected = pathSegments(pattern);
  return {
    pattern,
    match(url) {
      const actual = pathSegments(url);
      if (actual.length !== expected.length) return null;
      const params: Record<string, string> = {};
      for (const [index, segment] of expected.entries()) {
        const value = actual[index] ?? '';
        if (!segment.startsWith(':')) {
          if (value !== segment) return null;
          continue;
        }
        if (value === '') return null;
        try {
          params[segment.slice(1)] = decodeURIComponent(value);
        } catch {
          return null; // malformed percent-encoding: not a URL we could have built
        }
      }
      return params as RouteParams<P>;
    },
  };
}

/**
 * Fills a pattern's parameters, each URI-encoded.
 *
 * @example fillRoute('/report/pages/:pageName', { pageName: 'Sales Q1' }) // → '/report/pages/Sales%20Q1'
 */
export function fillRoute<P extends string>(pattern: P, params: RouteParams<P>): string {
  if (!pattern.includes(':')) return pattern; // most calls have no parameters: skip the regular expression
  const values = params as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new TypeError(`Route ${pattern} needs a ${name}`);
    return encodeURIComponent(value);
  });
}
