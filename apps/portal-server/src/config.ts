import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bool,
  int,
  list,
  oneOf,
  optionalStr,
  port,
  readConfig,
  secret,
  str,
  stringArray,
  url,
} from '@portico/env-config';
import { ConfigError } from '@portico/env-config';
import type { Reader } from '@portico/env-config';

/** The UI languages the portal ships translations for (spec §9). */
export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** Asymmetric JWS algorithms only: `none` and the HMAC family (HS*) can never verify a third party's token. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;
export type TokenAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_WELCOME_MESSAGE: readonly string[] = [
  'Welcome to the customer portal. Here you can download the installers for your products, browse the reports generated for your accounts and work with your analytics reports.',
  'Use the menu at the top to find your way around, and the language selector in the footer to change the display language.',
];

/** The variable of a language's welcome message: `PORTAL_WELCOME_MESSAGE_DE`. */
type WelcomeVariable = `PORTAL_WELCOME_MESSAGE_${Uppercase<SupportedLanguage>}`;
const welcomeVariable = (language: SupportedLanguage) =>
  `PORTAL_WELCOME_MESSAGE_${language.toUpperCase()}` as WelcomeVariable;

/** An optional language variant of the welcome message: a JSON array of at least one paragraph. */
function welcomeVariant(): Reader<readonly string[] | undefined> {
  const read = stringArray([]);
  return (raw) => {
    if (raw === undefined) return undefined;
    const paragraphs = read(raw);
    if (paragraphs.length === 0)
      throw new Error('must hold at least one paragraph; leave it unset to show PORTAL_WELCOME_MESSAGE');
    return paragraphs;
  };
}

const WELCOME_VARIANTS = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [welcomeVariable(language), welcomeVariant()]),
) as Record<WelcomeVariable, Reader<readonly string[] | undefined>>;

/** `PORTAL_WELCOME_MESSAGE_IT` and the like: a variant for a language the portal does not ship is a mistake. */
function strayWelcomeVariants(env: Record<string, string | undefined>): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('PORTAL_WELCOME_MESSAGE_') && !Object.hasOwn(WELCOME_VARIANTS, name))
    .map(
      (name) =>
        `${name}: not a language of the portal; the variants are ${SUPPORTED_LANGUAGES.map(welcomeVariable).join(', ')}`,
    );
}

/** apps/portal-web/dist, wherever the process was started from. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../portal-web/dist', import.meta.url));

export interface PortalConfig {
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  /** Absolute. */
  readonly dataDir: string;
  /** Absolute path of portal-web's production build. */
  readonly webDist: string;
  /** A postgres:// URL, or undefined for the embedded PGlite database in the data directory. */
  readonly databaseUrl: string | undefined;
  readonly logLevel: LogLevel;
  /** NODE_ENV is `production`: development-only routes answer 404. */
  readonly production: boolean;
  /** Seed the sample accounts, memberships, keys, catalog and installers into an empty database at start-up. */
  readonly seedSampleData: boolean;
  /** Size of each sample installer artifact made at seed time. */
  readonly sampleArtifactBytes: number;
  /** Record the SPA's missing translation keys (POST /locales/add/…); never in production. */
  readonly recordMissingTranslations: boolean;
  /** HMAC key of the download access tokens; random per process when unset (one replica only). */
  readonly downloadTokenSecret: string | undefined;
  /** Lifetime of an installer download link (GET /api/download/file?token=<token>). */
  readonly downloadLinkSeconds: number;
  /** Failed installer-key attempts per client and window before every attempt answers 429. */
  readonly installerFailureLimit: { readonly max: number; readonly windowSeconds: number };
  readonly analytics: {
    readonly url: string;
    readonly clientId: string;
    readonly clientSecret: string | undefined;
    /** The origins embed tokens name: PORTAL_PUBLIC_URL's, plus PORTAL_DEV_ORIGIN outside production. */
    readonly allowedOrigins: readonly string[];
  };
  readonly oidc: {
    /** Issuer URL, without a trailing slash. */
    readonly authority: string;
    readonly clientId: string;
    readonly audience: string;
    readonly apiScope: string;
    readonly algorithms: readonly TokenAlgorithm[];
    readonly clockToleranceSeconds: number;
  };
  /** What GET /api/configuration/clientConfiguration tells the SPA (spec §3). */
  readonly client: {
    readonly is64Bit: boolean;
    readonly includeReports: boolean;
    readonly clientLanguage: SupportedLanguage;
    readonly showWelcomeMessage: boolean;
    /** The default paragraphs, shown in every language without its own. */
    readonly welcomeMessage: readonly string[];
    /** The paragraphs of each language that has its own (PORTAL_WELCOME_MESSAGE_DE, …); the others are absent. */
    readonly welcomeMessages: Readonly<Partial<Record<SupportedLanguage, readonly string[]>>>;
    readonly version: string;
    readonly schema: string;
    readonly idleLockoutSeconds: number;
    readonly idleTerminationSeconds: number;
    readonly enableEmbeddedPowerBi: boolean;
    readonly vendorName: string;
    readonly vendorUrl: string;
  };
}

function algorithms(fallback: readonly TokenAlgorithm[]): Reader<readonly TokenAlgorithm[]> {
  const readList = list<TokenAlgorithm>(fallback, (value) => {
    const found = ASYMMETRIC_ALGORITHMS.find((alg) => alg === value);
    if (found === undefined) {
      throw new Error(
        `must list only asymmetric algorithms (${ASYMMETRIC_ALGORITHMS.join(', ')}); "${value}" is not allowed`,
      );
    }
    return found;
  });
  return (raw) => {
    const value = readList(raw);
    if (value.length === 0) throw new Error('must name at least one algorithm');
    return value;
  };
}

/** A site-relative path (`/about`) or an absolute http(s) URL; never `javascript:` and the like. */
function link(fallback: string): Reader<string> {
  return (raw) => {
    const value = raw ?? fallback;
    if (value.startsWith('/') && !value.startsWith('//')) return value;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error('must be a path starting with / or an http(s) URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error('must be a path starting with / or an http(s) URL');
    }
    return value;
  };
}

/** An optional http(s) origin (`http://localhost:5173`). */
function optionalOrigin(): Reader<string | undefined> {
  return (raw) => {
    if (raw === undefined || raw === '') return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new Error('must be an http(s) origin such as http://localhost:5173');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error('must be an http(s) origin such as http://localhost:5173');
    return parsed.origin;
  };
}

/** A postgres:// or postgresql:// connection string; optional (unset means the embedded database). */
function databaseUrl(): Reader<string | undefined> {
  return secret((raw) => {
    if (raw === undefined) return undefined;
    let protocol: string | undefined;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      throw new Error('must be a postgres:// or postgresql:// URL');
    }
    return raw;
  });
}

/** Runs `read`, throwing one ConfigError with its problems and `problems` (found outside it) together. */
function withProblems<T>(problems: readonly string[], read: () => T): T {
  let value: T;
  try {
    value = read();
  } catch (error) {
    if (error instanceof ConfigError && problems.length > 0)
      throw new ConfigError([...error.problems, ...problems]);
    throw error;
  }
  if (problems.length > 0) throw new ConfigError([...problems]);
  return value;
}

/**
 * Reads and validates the portal server's environment once; throws a ConfigError naming every bad variable.
 *
 * ```ts
 * const config = loadConfig(process.env);
 * config.oidc.authority; // 'http://localhost:4401'
 * ```
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): PortalConfig {
  const stray = strayWelcomeVariants(env);
  const raw = withProblems(stray, () =>
    readConfig(env, {
      PORTICO_DATA_DIR: str('./.data'),
      PORTAL_HOST: str('127.0.0.1'),
      PORTAL_PORT: port(4400),
      PORTAL_PUBLIC_URL: url('http://localhost:4400'),
      PORTAL_WEB_DIST: str(DEFAULT_WEB_DIST),
      OIDC_AUTHORITY: url('http://localhost:4401'),
      OIDC_CLIENT_ID: str('portico-portal'),
      OIDC_AUDIENCE: str('api://portico-portal'),
      OIDC_API_SCOPE: str('portal.api'),
      OIDC_ALGORITHMS: algorithms(['RS256', 'PS256', 'ES256']),
      OIDC_CLOCK_TOLERANCE_SECONDS: int(30, { min: 0, max: 600 }),
      PORTAL_IS_64_BIT: bool(true),
      PORTAL_INCLUDE_REPORTS: bool(false),
      PORTAL_CLIENT_LANGUAGE: oneOf(SUPPORTED_LANGUAGES, 'en'),
      PORTAL_SHOW_WELCOME_MESSAGE: bool(false),
      PORTAL_WELCOME_MESSAGE: stringArray(DEFAULT_WELCOME_MESSAGE),
      ...WELCOME_VARIANTS,
      PORTAL_VERSION: str('{ip}'),
      PORTAL_SCHEMA_VERSION: str('0'),
      PORTAL_IDLE_LOCKOUT_SECONDS: int(900, { min: 1 }),
      PORTAL_IDLE_TERMINATION_SECONDS: int(1800, { min: 1 }),
      PORTAL_ENABLE_EMBEDDED_REPORTS: bool(false),
      PORTAL_VENDOR_NAME: str('Portico'),
      PORTAL_VENDOR_URL: link('/about'),
      DATABASE_URL: databaseUrl(),
      LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
      NODE_ENV: str('development'),
      PORTAL_SEED_SAMPLE_DATA: bool(true),
      PORTAL_SAMPLE_ARTIFACT_BYTES: int(3 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
      PORTAL_RECORD_MISSING_TRANSLATIONS: bool(false),
      PORTAL_DOWNLOAD_TOKEN_SECRET: secret(optionalStr()),
      PORTAL_DOWNLOAD_LINK_SECONDS: int(300, { min: 1, max: 86_400 }),
      PORTAL_INSTALLER_FAILURE_LIMIT: int(10, { min: 1, max: 10_000 }),
      PORTAL_INSTALLER_FAILURE_WINDOW_SECONDS: int(900, { min: 1, max: 86_400 }),
      PORTAL_ANALYTICS_URL: url('http://localhost:4402'),
      PORTAL_ANALYTICS_CLIENT_ID: str('portico-portal-server'),
      ANALYTICS_CLIENT_SECRET: secret(optionalStr()),
      PORTAL_DEV_ORIGIN: optionalOrigin(),
    }),
  );
  const production = raw.NODE_ENV === 'production';
  const publicOrigin = new URL(raw.PORTAL_PUBLIC_URL).origin;
  const devOrigin = production ? undefined : raw.PORTAL_DEV_ORIGIN;

  return {
    host: raw.PORTAL_HOST,
    port: raw.PORTAL_PORT,
    publicUrl: raw.PORTAL_PUBLIC_URL,
    dataDir: resolve(raw.PORTICO_DATA_DIR),
    webDist: resolve(raw.PORTAL_WEB_DIST),
    databaseUrl: raw.DATABASE_URL,
    logLevel: raw.LOG_LEVEL,
    production,
    seedSampleData: raw.PORTAL_SEED_SAMPLE_DATA,
    sampleArtifactBytes: raw.PORTAL_SAMPLE_ARTIFACT_BYTES,
    recordMissingTranslations: !production && raw.PORTAL_RECORD_MISSING_TRANSLATIONS,
    downloadTokenSecret: raw.PORTAL_DOWNLOAD_TOKEN_SECRET,
    downloadLinkSeconds: raw.PORTAL_DOWNLOAD_LINK_SECONDS,
    installerFailureLimit: {
      max: raw.PORTAL_INSTALLER_FAILURE_LIMIT,
      windowSeconds: raw.PORTAL_INSTALLER_FAILURE_WINDOW_SECONDS,
    },
    analytics: {
      url: raw.PORTAL_ANALYTICS_URL.replace(/\/+$/, ''),
      clientId: raw.PORTAL_ANALYTICS_CLIENT_ID,
      clientSecret: raw.ANALYTICS_CLIENT_SECRET,
      allowedOrigins:
        devOrigin === undefined || devOrigin === publicOrigin ? [publicOrigin] : [publicOrigin, devOrigin],
    },
    oidc: {
      authority: raw.OIDC_AUTHORITY,
      clientId: raw.OIDC_CLIENT_ID,
      audience: raw.OIDC_AUDIENCE,
      apiScope: raw.OIDC_API_SCOPE,
      algorithms: raw.OIDC_ALGORITHMS,
      clockToleranceSeconds: raw.OIDC_CLOCK_TOLERANCE_SECONDS,
    },
    client: {
      is64Bit: raw.PORTAL_IS_64_BIT,
      includeReports: raw.PORTAL_INCLUDE_REPORTS,
      clientLanguage: raw.PORTAL_CLIENT_LANGUAGE,
      showWelcomeMessage: raw.PORTAL_SHOW_WELCOME_MESSAGE,
      welcomeMessage: raw.PORTAL_WELCOME_MESSAGE,
      welcomeMessages: Object.fromEntries(
        SUPPORTED_LANGUAGES.flatMap((language) => {
          const paragraphs = raw[welcomeVariable(language)];
          return paragraphs === undefined ? [] : [[language, paragraphs]];
        }),
      ),
      version: raw.PORTAL_VERSION,
      schema: raw.PORTAL_SCHEMA_VERSION,
      idleLockoutSeconds: raw.PORTAL_IDLE_LOCKOUT_SECONDS,
      idleTerminationSeconds: raw.PORTAL_IDLE_TERMINATION_SECONDS,
      enableEmbeddedPowerBi: raw.PORTAL_ENABLE_EMBEDDED_REPORTS,
      vendorName: raw.PORTAL_VENDOR_NAME,
      vendorUrl: raw.PORTAL_VENDOR_URL,
    },
  };
}
