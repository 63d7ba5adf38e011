/**
 * Signs in to an OpenID Connect provider without a browser: the authorization code flow with PKCE over plain
 * HTTP, following redirects by hand, carrying cookies and posting the provider's login form (`username` and
 * `password` fields). Written for apps/identity's sign-in page; free of test-runner imports so any suite can use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CookieJar } from './cookie-jar.ts';

export { CookieJar } from './cookie-jar.ts';

export interface HeadlessSignInOptions {
  /** Issuer URL; the discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  redirectUri: string;
  username: string;
  password: string;
  /** Defaults to `openid profile portal.api`. */
  scope?: string;
  /** Pass a jar to keep the provider session afterwards (for example to sign out). */
  jar?: CookieJar;
}

export interface HeadlessTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
  [field: string]: unknown;
}

/** Why a headless sign-in stopped; `body` is the last page the provider answered with. */
export class HeadlessSignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
    this.name = 'HeadlessSignInError';
  }
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
  jwks_uri: string;
}

export interface PageResponse {
  status: number;
  url: string;
  location: string | undefined;
  body: string;
}

/** A cookie-carrying HTTP client that never follows redirects itself. */
export class CookieClient {
  constructor(readonly jar: CookieJar = new CookieJar()) {}

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const headers = this.jar.headersFor(
      target,
      init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    );
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.jar.store(target, response);
    const location = response.headers.get('location');
    const page: PageResponse = {
      status: response.status,
      url: target.href,
      location: location === null ? undefined : new URL(location, target).href,
      body: await response.text(),
    };
    return page;
  }
}

function decodeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The action and hidden fields of the first `<form>` on a page. */
export function readForm(html: string): { action: string; fields: Record<string, string> } | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const action = /\baction="([^"]*)"/i.exec(form[1] ?? '');
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(input[0]);
    const value = /\bvalue="([^"]*)"/i.exec(input[0]);
    if (name?.[1] !== undefined && /\btype="hidden"/i.test(input[0])) {
      fields[decodeHtml(name[1])] = decodeHtml(value?.[1] ?? '');
    }
  }
  return { action: decodeHtml(action?.[1] ?? ''), fields };
}

function isLoginForm(html: string): boolean {
  return /<input\b[^>]*name="password"/i.test(html);
}

function visibleError(html: string): string | undefined {
  const match = /<p class="error"[^>]*>([\s\S]*?)<\/p>/i.exec(html);
  return match?.[1] === undefined ? undefined : decodeHtml(match[1].trim());
}

function sameEndpoint(a: string, b: string): boolean {
  const [x, y] = [new URL(a), new URL(b)];
  return x.origin === y.origin && x.pathname === y.pathname;
}

export async function discover(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery failed with HTTP ${response.status}`);
  return (await response.json()) as Discovery;
}

/**
 * Runs the whole sign-in and returns the token response.
 *
 * ```ts
 * const tokens = await signInHeadless({ issuer, clientId: 'portico-portal', redirectUri: 'http://localhost:4400',
 *   username: 'alice@contoso.example', password: 'portico-alice' });
 * ```
 */
export async function signInHeadless(options: HeadlessSignInOptions): Promise<HeadlessTokens> {
  const { issuer, clientId, redirectUri, username, password } = options;
  const client = new CookieClient(options.jar);
  const discovery = await discover(issuer);

  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile portal.api',
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  let page = await client.request(authorize);
  let submitted = false;
  let callback: URL | undefined;
  for (let hop = 0; hop < 20 && callback === undefined; hop += 1) {
    if (page.status >= 300 && page.status < 400 && page.location !== undefined) {
      if (sameEndpoint(page.location, redirectUri)) callback = new URL(page.location);
      else page = await client.request(page.location);
    } else if (page.status === 200 && isLoginForm(page.body)) {
      if (submitted) {
        const reason = visibleError(page.body) ?? 'the login form came back';
        throw new HeadlessSignInError(`sign-in rejected: ${reason}`, page.status, page.body);
      }
      submitted = true;
      const action = new URL(readForm(page.body)?.action ?? '', page.url);
      page = await client.request(action, { form: { username, password } });
    } else {
      throw new HeadlessSignInError(
        `unexpected HTTP ${page.status} from ${page.url}`,
        page.status,
        page.body,
      );
    }
  }
  if (callback === undefined) throw new HeadlessSignInError('too many redirects', page.status, page.body);

  const params = callback.searchParams;
  const error = params.get('error');
  if (error !== null) {
    throw new HeadlessSignInError(
      `authorization failed: ${error} ${params.get('error_description') ?? ''}`,
      0,
      '',
    );
  }
  const code = params.get('code');
  if (code === null || params.get('state') !== state) {
    throw new HeadlessSignInError('the callback has no code or a different state', 0, callback.href);
  }

  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = await response.text();
  if (!response.ok) throw new HeadlessSignInError(`token request failed`, response.status, body);
  return JSON.parse(body) as HeadlessTokens;
}
