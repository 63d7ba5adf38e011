// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('importing the SDK outside a browser', () => {
  it('works in plain Node, defines no globals and creates a service without touching the DOM', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const before = new Set(Object.keys(globalThis));
    const sdk = await import('./index.ts');
    const added = Object.keys(globalThis).filter((key) => !before.has(key));

    expect(added).toEqual([]);
    expect(typeof sdk.service.Service).toBe('function');
    expect(sdk.models.TokenType.Embed).toBe(1);
    const service = new sdk.service.Service(
      sdk.factories.hpmFactory,
      sdk.factories.wpmpFactory,
      sdk.factories.routerFactory,
    );
    expect(service.getSdkSessionId()).toMatch(/^[0-9a-f]{20}$/);
    expect(sdk.getDefaultService()).toBe(sdk.getDefaultService());
    expect('powerbi' in globalThis).toBe(false);
  });
});
