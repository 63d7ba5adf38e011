import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from '@portico/env-config';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

function problemWith(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with no variables at all, using the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: resolve('./.data'),
      host: '127.0.0.1',
      port: 4401,
      issuer: 'http://localhost:4401',
      clientId: 'portico-portal',
      clientOrigins: ['http://localhost:4400'],
      apiAudience: 'api://portico-portal',
      apiScope: 'portal.api',
      accessTokenTtlSeconds: 3600,
      logLevel: 'info',
    });
    expect(isAbsolute(config.usersSeed)).toBe(true);
    expect(config.usersSeed.endsWith('apps/identity/seed/users.json')).toBe(true);
    expect(existsSync(config.usersSeed)).toBe(true);
  });

  it('derives the default issuer from IDENTITY_PORT', () => {
    expect(loadConfig({ IDENTITY_PORT: '5501' }).issuer).toBe('http://localhost:5501');
  });

  it('resolves the data directory to an absolute path', () => {
    expect(loadConfig({ PORTICO_DATA_DIR: 'some/dir' }).dataDir).toBe(resolve('some/dir'));
  });

  it('reads a list of portal origins and drops a trailing slash', () => {
    const config = loadConfig({ IDENTITY_CLIENT_ORIGINS: 'https://portal.example/, http://127.0.0.1:4400' });
    expect(config.clientOrigins).toEqual(['https://portal.example', 'http://127.0.0.1:4400']);
  });

  it('rejects a bad port, naming IDENTITY_PORT', () => {
    expect(problemWith({ IDENTITY_PORT: 'eighty' })).toContain('IDENTITY_PORT');
    expect(problemWith({ IDENTITY_PORT: '70000' })).toContain('IDENTITY_PORT');
  });

  it('rejects an issuer that is not a URL, naming IDENTITY_ISSUER', () => {
    expect(problemWith({ IDENTITY_ISSUER: 'not a url' })).toContain('IDENTITY_ISSUER');
    expect(problemWith({ IDENTITY_ISSUER: 'ftp://idp.example' })).toContain('IDENTITY_ISSUER');
  });

  it('rejects an issuer with a path, since the provider is served from the root', () => {
    expect(problemWith({ IDENTITY_ISSUER: 'https://idp.example/oidc' })).toContain('IDENTITY_ISSUER');
  });

  it('rejects a portal origin with a path, naming IDENTITY_CLIENT_ORIGINS', () => {
    expect(problemWith({ IDENTITY_CLIENT_ORIGINS: 'http://localhost:4400/app' })).toContain(
      'IDENTITY_CLIENT_ORIGINS',
    );
    expect(problemWith({ IDENTITY_CLIENT_ORIGINS: ' , ' })).toContain('IDENTITY_CLIENT_ORIGINS');
  });

  it('reports every bad variable at once', () => {
    const message = problemWith({
      IDENTITY_PORT: '-1',
      LOG_LEVEL: 'loud',
      IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '1.5',
    });
    expect(message).toContain('IDENTITY_PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('IDENTITY_ACCESS_TOKEN_TTL_SECONDS');
  });
});
