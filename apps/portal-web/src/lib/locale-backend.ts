import type { BackendModule, ReadCallback } from 'i18next';

const LOAD_PATH = '/locales/{lng}/{ns}.json';
const ADD_PATH = '/locales/add/{lng}/{ns}';

function fill(path: string, language: string, namespace: string): string {
  return path.replace('{lng}', encodeURIComponent(language)).replace('{ns}', encodeURIComponent(namespace));
}

/**
 * i18next's backend in a few lines of fetch: a language file from `/locales/{lng}/{ns}.json`. A network error or a
 * 5xx asks i18next to retry (its `maxRetries`/`retryTimeout`); a 4xx or a body that is not a JSON object does not.
 * In development a missing key is posted to `/locales/add/{lng}/{ns}`.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(fill(LOAD_PATH, language, namespace), { headers: { Accept: 'application/json' } }).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`${response.status} loading ${response.url}`), response.status >= 500);
          return;
        }
        try {
          const data: unknown = await response.json();
          if (typeof data !== 'object' || data === null || Array.isArray(data))
            throw new Error('not an object');
          callback(null, data as Record<string, unknown>);
        } catch {
          callback(new Error(`bad JSON in ${language}/${namespace}`), false);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
  create(languages: readonly string[], namespace: string, key: string, fallbackValue: string) {
    for (const language of languages) {
      void fetch(fill(ADD_PATH, language, namespace), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ [key]: fallbackValue }),
      }).catch(() => undefined);
    }
  },
};
