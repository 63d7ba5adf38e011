/**
 * A small cookie jar for scripted HTTP clients talking to one host: honours Path, Max-Age and Expires, which is
 * all oidc-provider's cookies need. Free of test-runner imports so other suites can reuse it.
 *
 * ```ts
 * const jar = new CookieJar();
 * const response = await fetch(url, { headers: jar.headersFor(url), redirect: 'manual' });
 * jar.store(url, response);
 * ```
 */
export class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>();

  /** Keeps the cookies a response sets (and drops those it expires). */
  store(requestUrl: string | URL, response: Response): void {
    const url = new URL(requestUrl);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=', 2);
        const lower = key.toLowerCase();
        if (lower === 'path' && attributeValue.startsWith('/')) path = attributeValue;
        if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const key = `${name}\u0000${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  /** The `Cookie` header for a request to `url`, if any cookie applies. */
  cookieHeader(requestUrl: string | URL): string | undefined {
    const { pathname } = new URL(requestUrl);
    const matching = [...this.#cookies.values()].filter(
      ({ path }) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
    );
    if (matching.length === 0) return undefined;
    return matching.map(({ name, value }) => `${name}=${value}`).join('; ');
  }

  headersFor(requestUrl: string | URL, headers: Record<string, string> = {}): Record<string, string> {
    const cookie = this.cookieHeader(requestUrl);
    return cookie === undefined ? headers : { ...headers, cookie };
  }
}
