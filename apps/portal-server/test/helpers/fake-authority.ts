import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';

export const TEST_AUDIENCE = 'api://portico-portal';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

export interface SignOptions {
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  /** Leave `exp` out altogether. */
  noExp?: boolean;
  /** Sign with this key id instead of the current one. */
  kid?: string;
}

/**
 * A tiny OIDC authority on 127.0.0.1 for tests: a discovery document and a JWKS, plus helpers that sign RS256
 * access tokens with its current key and rotate that key.
 */
export interface FakeAuthority {
  /** Base URL, which is also the issuer. */
  readonly url: string;
  /** How many times the JWKS and discovery documents were fetched. */
  readonly fetches: { jwks: number; discovery: number };
  sign(claims?: JWTPayload, options?: SignOptions): Promise<string>;
  /** Creates a key with a new kid and signs with it from now on; `publish: false` keeps it out of the JWKS for now. */
  rotate(options?: { publish?: boolean }): Promise<string>;
  /** Publishes every key created so far. */
  publishAll(): void;
  /** The current signing key's public JWK (to craft forgeries with). */
  publicJwk(): JWK;
  close(): Promise<void>;
}

async function newKey(n: number): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `key-${n}`;
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export async function startFakeAuthority(): Promise<FakeAuthority> {
  const keys: SigningKey[] = [await newKey(1)];
  let published = 1;
  const fetches = { jwks: 0, discovery: 0 };
  let base = '';

  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      fetches.discovery += 1;
      send(200, { issuer: base, jwks_uri: `${base}/jwks`, authorization_endpoint: `${base}/auth` });
    } else if (request.url === '/jwks') {
      fetches.jwks += 1;
      send(200, { keys: keys.slice(0, published).map((key) => key.jwk) });
    } else {
      send(404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const current = () => keys.at(-1) as SigningKey;

  return {
    url: base,
    fetches,
    async sign(claims = {}, options = {}) {
      const key = options.kid === undefined ? current() : keys.find((k) => k.kid === options.kid);
      if (key === undefined) throw new Error(`no key ${options.kid}`);
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({
        sub: 'user-1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        preferred_username: 'ada',
        groups: ['customers'],
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
        .setIssuer(typeof claims.iss === 'string' ? claims.iss : base)
        .setAudience(claims.aud ?? TEST_AUDIENCE)
        .setIssuedAt(now);
      if (!options.noExp) jwt.setExpirationTime(now + (options.expiresIn ?? 300));
      return jwt.sign(key.privateKey);
    },
    async rotate({ publish = true } = {}) {
      const key = await newKey(keys.length + 1);
      keys.push(key);
      if (publish) published = keys.length;
      return key.kid;
    },
    publishAll() {
      published = keys.length;
    },
    publicJwk() {
      return current().jwk;
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

/** A URL on which nothing listens. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
