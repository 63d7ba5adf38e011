import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { int, list, oneOf, port, readConfig, str, url } from '@portico/env-config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface IdentityConfig {
  /** Absolute data directory; the provider keeps its state in `<dataDir>/identity`. */
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
  /** Issuer URL without a trailing slash; the provider is mounted at its root. */
  readonly issuer: string;
  readonly clientId: string;
  /** Portal origins (`scheme://host[:port]`), each registered as a redirect and post-logout redirect URI. */
  readonly clientOrigins: readonly string[];
  readonly apiAudience: string;
  readonly apiScope: string;
  readonly accessTokenTtlSeconds: number;
  /** Absolute path of the seed file holding the sample users. */
  readonly usersSeed: string;
  readonly logLevel: LogLevel;
}

/** The seed shipped with the app, found next to `src/` whatever the working directory. */
export const DEFAULT_USERS_SEED = fileURLToPath(new URL('../seed/users.json', import.meta.url));

// The portal only: the Vite dev server's origin (http://localhost:5173) is added by `npm run dev` alone, so no other
// local process on that port can collect codes for a signed-in user's session.
const DEFAULT_CLIENT_ORIGINS = ['http://localhost:4400'];

/** An http(s) origin: scheme, host and optional port; a trailing slash is tolerated and dropped. */
function origin(value: string): string {
  const trimmed = value.replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new Error(`"${value}" is not an absolute URL`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== trimmed) {
    throw new Error(`"${value}" must be an http(s) origin like http://localhost:4400, with no path`);
  }
  return trimmed;
}

/**
 * An absolute http(s) URL with no path, query or fragment: the provider serves its endpoints from the root.
 * Unset gives undefined, so the default can follow IDENTITY_PORT.
 */
function optionalIssuer() {
  const readUrl = url(undefined);
  return (raw: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    const value = readUrl(raw);
    const parsed = new URL(value);
    if (parsed.origin !== value)
      throw new Error('must be an http(s) URL with no path, such as http://localhost:4401');
    return value;
  };
}

function origins(fallback: readonly string[]) {
  const readList = list(fallback, origin);
  return (raw: string | undefined): readonly string[] => {
    const values = readList(raw);
    if (values.length === 0) throw new Error('must list at least one origin');
    return [...new Set(values)];
  };
}

function nonEmpty(fallback: string) {
  return (raw: string | undefined): string => {
    const value = str(fallback)(raw);
    if (/\s/.test(value)) throw new Error('must not contain spaces');
    return value;
  };
}

/**
 * Reads and validates the identity provider's environment once; throws a ConfigError naming every bad variable.
 *
 * ```ts
 * const config = loadConfig({ IDENTITY_PORT: '4401' }); // config.issuer === 'http://localhost:4401'
 * ```
 */
export function loadConfig(env: Record<string, string | undefined>): IdentityConfig {
  const raw = readConfig(env, {
    PORTICO_DATA_DIR: str('./.data'),
    IDENTITY_HOST: str('127.0.0.1'),
    IDENTITY_PORT: port(4401),
    IDENTITY_ISSUER: optionalIssuer(),
    IDENTITY_CLIENT_ID: nonEmpty('portico-portal'),
    IDENTITY_CLIENT_ORIGINS: origins(DEFAULT_CLIENT_ORIGINS),
    IDENTITY_API_AUDIENCE: nonEmpty('api://portico-portal'),
    IDENTITY_API_SCOPE: nonEmpty('portal.api'),
    IDENTITY_ACCESS_TOKEN_TTL_SECONDS: int(3600, { min: 60, max: 86_400 }),
    IDENTITY_USERS_SEED: str(DEFAULT_USERS_SEED),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  });
  return {
    dataDir: resolve(raw.PORTICO_DATA_DIR),
    host: raw.IDENTITY_HOST,
    port: raw.IDENTITY_PORT,
    issuer: raw.IDENTITY_ISSUER ?? `http://localhost:${raw.IDENTITY_PORT}`,
    clientId: raw.IDENTITY_CLIENT_ID,
    clientOrigins: raw.IDENTITY_CLIENT_ORIGINS,
    apiAudience: raw.IDENTITY_API_AUDIENCE,
    apiScope: raw.IDENTITY_API_SCOPE,
    accessTokenTtlSeconds: raw.IDENTITY_ACCESS_TOKEN_TTL_SECONDS,
    usersSeed: resolve(raw.IDENTITY_USERS_SEED),
    logLevel: raw.LOG_LEVEL,
  };
}
