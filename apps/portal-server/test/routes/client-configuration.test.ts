import { describe, expect, it } from 'vitest';
import { DEFAULT_WELCOME_MESSAGE } from '../../src/config.ts';
import { testApp, testConfig } from '../helpers/test-app.ts';

const URL = '/api/configuration/clientConfiguration';

describe('GET /api/configuration/clientConfiguration', () => {
  it('answers the spec defaults to an anonymous caller', async () => {
    const app = await testApp({ config: testConfig() });
    const res = await app.inject({ url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      clientId: 'portico-portal',
      authority: 'http://localhost:4401',
      apiScope: 'portal.api',
      is64Bit: true,
      includeReports: false,
      clientLanguage: 'en',
      showWelcomeMessage: false,
      welcomeMessage: DEFAULT_WELCOME_MESSAGE,
      welcomeMessages: {},
      version: '{ip}',
      schema: '0',
      maximumIdleTimeoutForLockoutInSeconds: 900,
      maximumIdleTimeoutForTerminationInSeconds: 1800,
      enableEmbeddedPowerBi: false,
      vendorName: 'Portico',
      vendorUrl: '/about',
    });
    await app.close();
  });

  it('answers each field from its variable', async () => {
    const app = await testApp({
      config: testConfig({
        OIDC_CLIENT_ID: 'c-1',
        OIDC_AUTHORITY: 'https://idp.example.com',
        OIDC_API_SCOPE: 'api.read',
        PORTAL_IS_64_BIT: 'false',
        PORTAL_INCLUDE_REPORTS: 'true',
        PORTAL_CLIENT_LANGUAGE: 'de',
        PORTAL_SHOW_WELCOME_MESSAGE: 'true',
        PORTAL_WELCOME_MESSAGE: '["Hello"]',
        PORTAL_WELCOME_MESSAGE_DE: '["Hallo", "Zweiter Absatz"]',
        PORTAL_WELCOME_MESSAGE_FR: '["Bonjour"]',
        PORTAL_VERSION: '7.1',
        PORTAL_SCHEMA_VERSION: '12',
        PORTAL_IDLE_LOCKOUT_SECONDS: '300',
        PORTAL_IDLE_TERMINATION_SECONDS: '600',
        PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
        PORTAL_VENDOR_NAME: 'ACME',
        PORTAL_VENDOR_URL: 'https://acme.example.com',
      }),
    });
    expect((await app.inject({ url: URL })).json()).toEqual({
      clientId: 'c-1',
      authority: 'https://idp.example.com',
      apiScope: 'api.read',
      is64Bit: false,
      includeReports: true,
      clientLanguage: 'de',
      showWelcomeMessage: true,
      welcomeMessage: ['Hello'],
      welcomeMessages: { de: ['Hallo', 'Zweiter Absatz'], fr: ['Bonjour'] },
      version: '7.1',
      schema: '12',
      maximumIdleTimeoutForLockoutInSeconds: 300,
      maximumIdleTimeoutForTerminationInSeconds: 600,
      enableEmbeddedPowerBi: true,
      vendorName: 'ACME',
      vendorUrl: 'https://acme.example.com',
    });
    await app.close();
  });

  it('ignores a bearer token it does not need', async () => {
    const app = await testApp({ config: testConfig() });
    const res = await app.inject({ url: URL, headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});
