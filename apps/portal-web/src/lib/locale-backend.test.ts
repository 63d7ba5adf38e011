import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/http';
import { localeBackend } from './locale-backend';

function read(language: string): Promise<{ error: unknown; data: unknown }> {
  return new Promise((resolve) => {
    localeBackend.read(language, 'translation', (error, data) => resolve({ error, data }));
  });
}

describe('locale backend', () => {
  it('answers the parsed language file of the language asked for', async () => {
    stubFetch({ '/locales/de/translation.json': () => jsonResponse({ Home: { title: 'Willkommen' } }) });

    const { error, data } = await read('de');

    expect(error).toBeNull();
    expect(data).toEqual({ Home: { title: 'Willkommen' } });
  });

  it('asks for a retry on 5xx and on a network error, but not on 4xx', async () => {
    stubFetch({ '/locales/fr/translation.json': () => new Response('busy', { status: 502 }) });
    expect((await read('fr')).data).toBe(true);
    expect((await read('xx')).data).toBe(false);

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const offline = await read('fr');
    expect(offline.error).toBeInstanceOf(TypeError);
    expect(offline.data).toBe(true);
  });

  it('rejects a language file that is not a JSON object without asking for a retry', async () => {
    stubFetch({
      '/locales/pl/translation.json': () => new Response('<html>', { status: 200 }),
      '/locales/ja/translation.json': () => jsonResponse(['not', 'an', 'object']),
    });

    for (const language of ['pl', 'ja']) {
      const { error, data } = await read(language);
      expect(error).toBeInstanceOf(Error);
      expect(data).toBe(false);
    }
  });

  it('posts a missing key to the add path of each language', async () => {
    const posted: { path: string; body: unknown }[] = [];
    const record = (url: URL, init: RequestInit | undefined) => {
      posted.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
      return jsonResponse({});
    };
    stubFetch({ '/locales/add/en/translation': record, '/locales/add/de/translation': record });

    localeBackend.create?.(['en', 'de'], 'translation', 'Home.new', 'New');

    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted).toEqual([
      { path: '/locales/add/en/translation', body: { 'Home.new': 'New' } },
      { path: '/locales/add/de/translation', body: { 'Home.new': 'New' } },
    ]);
  });
});
