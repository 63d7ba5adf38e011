import { describe, expect, it } from 'vitest';
import { defaultClientConfiguration, parseClientConfiguration } from './client-configuration';

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
});
