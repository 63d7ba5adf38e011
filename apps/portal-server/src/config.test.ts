import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from '@portico/env-config';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WELCOME_MESSAGE, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4400,
      publicUrl: 'http://localhost:4400',
      dataDir: resolve('.data'),
      databaseUrl: undefined,
      logLevel: 'info',
      oidc: {
        authority: 'http://localhost:4401',
        clientId: 'portico-portal',
        audience: 'api://portico-portal',
        apiScope: 'portal.api',
        algorithms: ['RS256', 'PS256', 'ES256'],
        clockToleranceSeconds: 30,
      },
      client: {
        is64Bit: true,
        includeReports: false,
        clientLanguage: 'en',
        showWelcomeMessage: false,
        welcomeMessage: DEFAULT_WELCOME_MESSAGE,
        welcomeMessages: {},
        version: '{ip}',
        schema: '0',
        idleLockoutSeconds: 900,
        idleTerminationSeconds: 1800,
        enableEmbeddedPowerBi: false,
        vendorName: 'Portico',
        vendorUrl: '/about',
      },
    });
    expect(config.client.welcomeMessage).toHaveLength(2);
  });

  it('finds portal-web/dist next to this app wherever the process starts', () => {
    const { webDist } = loadConfig({});
    expect(isAbsolute(webDist)).toBe(true);
    expect(webDist.endsWith(join('apps', 'portal-web', 'dist'))).toBe(true);
  });

  it('resolves relative folders to absolute paths', () => {
    const config = loadConfig({ PORTICO_DATA_DIR: 'some/data', PORTAL_WEB_DIST: 'web' });
    expect(config.dataDir).toBe(resolve('some/data'));
    expect(config.webDist).toBe(resolve('web'));
  });

  it('lets every client configuration field be overridden by its variable', () => {
    const { client, oidc } = loadConfig({
      OIDC_CLIENT_ID: 'other-client',
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0/',
      OIDC_API_SCOPE: 'api://x/.default',
      PORTAL_IS_64_BIT: 'false',
      PORTAL_INCLUDE_REPORTS: 'true',
      PORTAL_CLIENT_LANGUAGE: 'ja',
      PORTAL_SHOW_WELCOME_MESSAGE: 'yes',
      PORTAL_WELCOME_MESSAGE: '["Hello", "World", "!"]',
      PORTAL_VERSION: '5.2.1',
      PORTAL_SCHEMA_VERSION: '42',
      PORTAL_IDLE_LOCKOUT_SECONDS: '60',
      PORTAL_IDLE_TERMINATION_SECONDS: '120',
      PORTAL_ENABLE_EMBEDDED_REPORTS: '1',
      PORTAL_VENDOR_NAME: 'Example Corp',
      PORTAL_VENDOR_URL: 'https://example.com/',
    });
    expect(oidc).toMatchObject({
      clientId: 'other-client',
      authority: 'https://login.example.com/tenant/v2.0',
      apiScope: 'api://x/.default',
    });
    expect(client).toEqual({
      is64Bit: false,
      includeReports: true,
      clientLanguage: 'ja',
      showWelcomeMessage: true,
      welcomeMessage: ['Hello', 'World', '!'],
      welcomeMessages: {},
      version: '5.2.1',
      schema: '42',
      idleLockoutSeconds: 60,
      idleTerminationSeconds: 120,
      enableEmbeddedPowerBi: true,
      vendorName: 'Example Corp',
      vendorUrl: 'https://example.com/',
    });
  });

  it('accepts a postgres:// or postgresql:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/portal',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/portal' }).databaseUrl).toBe('postgresql://db/portal');
  });

  it('accepts any list of asymmetric signature algorithms', () => {
    expect(loadConfig({ OIDC_ALGORITHMS: 'ES384, EdDSA,PS512' }).oidc.algorithms).toEqual([
      'ES384',
      'EdDSA',
      'PS512',
    ]);
  });

  it('names the variable of a bad port', () => {
    expect(problemsOf({ PORTAL_PORT: '99999' })).toEqual([expect.stringMatching(/^PORTAL_PORT: /)]);
    expect(problemsOf({ PORTAL_PORT: 'http' })).toEqual([
      expect.stringMatching(/^PORTAL_PORT: must be a whole number/),
    ]);
  });

  it('names the variable of a flag that is not a boolean', () => {
    expect(problemsOf({ PORTAL_INCLUDE_REPORTS: 'maybe' })).toEqual([
      expect.stringMatching(/^PORTAL_INCLUDE_REPORTS: must be true or false/),
    ]);
  });

  it('refuses the none algorithm and the HMAC family', () => {
    expect(problemsOf({ OIDC_ALGORITHMS: 'none' })).toEqual([
      expect.stringMatching(/^OIDC_ALGORITHMS: .*"none"/),
    ]);
    expect(problemsOf({ OIDC_ALGORITHMS: 'RS256,HS256' })).toEqual([
      expect.stringMatching(/^OIDC_ALGORITHMS: .*"HS256" is not allowed/),
    ]);
    expect(problemsOf({ OIDC_ALGORITHMS: ' , ' })).toEqual([expect.stringMatching(/^OIDC_ALGORITHMS: /)]);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, without repeating its password', () => {
    for (const value of ['mysql://root:hunter2@db/portal', 'not a url', 'http://hunter2@db']) {
      const problems = problemsOf({ DATABASE_URL: value });
      expect(problems).toEqual([
        expect.stringMatching(/^DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/),
      ]);
      expect(problems.join()).not.toContain('hunter2');
    }
  });

  it('names PORTAL_WELCOME_MESSAGE when it is not a JSON array of strings', () => {
    for (const value of ['Hello there', '{"a":1}', '["ok", 2]']) {
      expect(problemsOf({ PORTAL_WELCOME_MESSAGE: value })).toEqual([
        expect.stringMatching(/^PORTAL_WELCOME_MESSAGE: must be a JSON array of strings/),
      ]);
    }
  });

  it('reads a welcome message per language beside the default one, which the other languages keep', () => {
    const { client } = loadConfig({
      PORTAL_WELCOME_MESSAGE: '["Welcome.", "Second paragraph."]',
      PORTAL_WELCOME_MESSAGE_DE: '["Willkommen.", "Zweiter Absatz."]',
      PORTAL_WELCOME_MESSAGE_JA: '["ようこそ。"]',
      PORTAL_WELCOME_MESSAGE_FR: '  ',
    });
    expect(client.welcomeMessage).toEqual(['Welcome.', 'Second paragraph.']);
    expect(client.welcomeMessages).toEqual({ de: ['Willkommen.', 'Zweiter Absatz.'], ja: ['ようこそ。'] });
  });

  it('keeps the built-in default message when only language variants are set', () => {
    const { client } = loadConfig({ PORTAL_WELCOME_MESSAGE_RU: '["Добро пожаловать."]' });
    expect(client.welcomeMessage).toEqual(DEFAULT_WELCOME_MESSAGE);
    expect(client.welcomeMessages).toEqual({ ru: ['Добро пожаловать.'] });
  });

  it('names a language variant that is not a JSON array of paragraphs, or is empty', () => {
    expect(problemsOf({ PORTAL_WELCOME_MESSAGE_DE: 'Willkommen', PORTAL_WELCOME_MESSAGE_PL: '[]' })).toEqual([
      expect.stringMatching(/^PORTAL_WELCOME_MESSAGE_DE: must be a JSON array of strings/),
      expect.stringMatching(/^PORTAL_WELCOME_MESSAGE_PL: must hold at least one paragraph/),
    ]);
  });

  it('refuses a welcome message variant for a language the portal does not ship, with the other problems', () => {
    expect(problemsOf({ PORTAL_WELCOME_MESSAGE_IT: '["Benvenuto."]' })).toEqual([
      expect.stringMatching(
        /^PORTAL_WELCOME_MESSAGE_IT: not a language of the portal; the variants are PORTAL_WELCOME_MESSAGE_EN, PORTAL_WELCOME_MESSAGE_DE, /,
      ),
    ]);
    expect(problemsOf({ PORTAL_WELCOME_MESSAGE_de: '["Hallo"]', PORTAL_PORT: 'x' })).toEqual([
      expect.stringMatching(/^PORTAL_PORT: /),
      expect.stringMatching(/^PORTAL_WELCOME_MESSAGE_de: not a language of the portal/),
    ]);
  });

  it('refuses a vendor link that is neither a site path nor an http(s) URL', () => {
    for (const value of ['javascript:alert(1)', '//evil.example', 'about']) {
      expect(problemsOf({ PORTAL_VENDOR_URL: value })).toEqual([
        expect.stringMatching(/^PORTAL_VENDOR_URL: /),
      ]);
    }
  });

  it('refuses an unknown language and an unknown log level', () => {
    expect(problemsOf({ PORTAL_CLIENT_LANGUAGE: 'xx', LOG_LEVEL: 'loud' })).toEqual([
      expect.stringMatching(/^PORTAL_CLIENT_LANGUAGE: must be one of en, de, es, fr, ja, pl, ru/),
      expect.stringMatching(/^LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/),
    ]);
  });

  it('reports every bad variable at once, DATABASE_URL included', () => {
    const problems = problemsOf({ PORTAL_PORT: '-1', OIDC_AUTHORITY: 'ftp://x', DATABASE_URL: 'sqlite:x' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORTAL_PORT', 'OIDC_AUTHORITY', 'DATABASE_URL']);
  });
});
