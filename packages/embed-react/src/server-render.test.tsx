// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('rendering on the server', () => {
  it('renders the div without touching window or document', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const touched: string[] = [];
    for (const name of ['window', 'document']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => void touched.push(name),
      });
    }
    try {
      const before = new Set(Object.keys(globalThis));
      const { PowerBIEmbed } = await import('./index.ts');
      const html = renderToString(
        <PowerBIEmbed
          embedConfig={{
            type: 'report',
            id: 'r1',
            embedUrl: 'https://app.powerbi.com/reportEmbed',
            accessToken: 't',
          }}
          eventHandlers={new Map([['loaded', () => undefined]])}
          cssClassName="report"
        />,
      );

      expect(html).toBe('<div class="report"></div>');
      expect(touched).toEqual([]);
      expect(Object.keys(globalThis).filter((key) => !before.has(key))).toEqual([]);
    } finally {
      for (const name of ['window', 'document']) Reflect.deleteProperty(globalThis, name);
    }
  });
});
