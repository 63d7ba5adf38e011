import { describe, expect, it } from 'vitest';
import {
  defaultClientConfiguration,
  parseClientConfiguration,
  welcomeParagraphs,
} from './client-configuration';

describe('parseClientConfiguration', () => {
  it('keeps the spec defaults for fields the server leaves out', () => {
    expect(parseClientConfiguration({ clientId: 'portico-portal' })).toEqual({
      ...defaultClientConfiguration,
      clientId: 'portico-portal',
    });
    expect(defaultClientConfiguration).toMatchObject({
      is64Bit: true,
      includeReports: false,
      clientLanguage: 'en',
      showWelcomeMessage: false,
      welcomeMessage: [],
      version: '{ip}',
      schema: '0',
      maximumIdleTimeoutForLockoutInSeconds: 900,
      maximumIdleTimeoutForTerminationInSeconds: 1800,
      enableEmbeddedPowerBi: false,
    });
  });

  it('ignores mistyped and unknown fields, and shows numeric versions as text', () => {
    const parsed = parseClientConfiguration({
      includeReports: 'yes',
      welcomeMessage: ['Hello', 42],
      maximumIdleTimeoutForLockoutInSeconds: -5,
      version: 7,
      schema: 12,
      secret: 'do not keep',
    });

    expect(parsed.includeReports).toBe(false);
    expect(parsed.welcomeMessage).toEqual([]);
    expect(parsed.maximumIdleTimeoutForLockoutInSeconds).toBe(900);
    expect(parsed.version).toBe('7');
    expect(parsed.schema).toBe('12');
    expect(parsed).not.toHaveProperty('secret');
  });

  it('falls back to every default for a body that is not an object', () => {
    expect(parseClientConfiguration(null)).toEqual(defaultClientConfiguration);
    expect(parseClientConfiguration('oops')).toEqual(defaultClientConfiguration);
  });

  it('keeps the welcome message variants of supported languages only, each a list of paragraphs', () => {
    const parsed = parseClientConfiguration({
      welcomeMessages: { de: ['Hallo', 'Zweiter'], fr: 'Bonjour', it: ['Ciao'], ja: ['ようこそ', 1] },
    });
    expect(parsed.welcomeMessages).toEqual({ de: ['Hallo', 'Zweiter'] });
    expect(parseClientConfiguration({ welcomeMessages: ['Hallo'] }).welcomeMessages).toEqual({});
    expect(parseClientConfiguration({}).welcomeMessages).toEqual({});
  });
});

describe('welcomeParagraphs', () => {
  const configuration = { welcomeMessage: ['Welcome'], welcomeMessages: { de: ['Willkommen'] } };

  it("picks the UI language's own variant, a regional tag included", () => {
    expect(welcomeParagraphs(configuration, 'de')).toEqual(['Willkommen']);
    expect(welcomeParagraphs(configuration, 'de-AT')).toEqual(['Willkommen']);
  });

  it('falls back to the default message for a language without its own', () => {
    expect(welcomeParagraphs(configuration, 'fr')).toEqual(['Welcome']);
    expect(welcomeParagraphs(configuration, 'it')).toEqual(['Welcome']);
    expect(welcomeParagraphs(configuration, undefined)).toEqual(['Welcome']);
  });
});
