import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/http';
import { applyConfiguredLanguage, chooseLanguage, createI18n } from './i18n';

const english = { Home: { title: 'Welcome to the customer portal' } };

function stubNavigatorLanguages(languages: string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('translations', () => {
  it('loads the language file of the detected language from /locales', async () => {
    stubNavigatorLanguages(['en-GB', 'en']);
    const fetchStub = stubFetch({ '/locales/en/translation.json': () => jsonResponse(english) });

    const i18n = createI18n();

    await vi.waitFor(() => expect(i18n.t('Home.title')).toBe('Welcome to the customer portal'));
    expect(fetchStub).toHaveBeenCalledWith('/locales/en/translation.json', expect.anything());
    expect(document.documentElement.lang).toBe('en');
  });

  it('retries a language file on 5xx up to five times, waiting 350 ms and doubling', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubNavigatorLanguages(['en']);
    const attempts: number[] = [];
    stubFetch({
      '/locales/en/translation.json': () => {
        attempts.push(Date.now());
        return new Response('busy', { status: 503 });
      },
    });

    createI18n();
    await vi.advanceTimersByTimeAsync(20_000);

    const waits = attempts.slice(1).map((time, index) => time - (attempts[index] ?? 0));
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('does not retry a language file that is missing', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubNavigatorLanguages(['en']);
    const fetchStub = stubFetch({});

    createI18n();
    await vi.advanceTimersByTimeAsync(20_000);

    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/en/'))).toHaveLength(1);
  });

  it('takes the configured language when the visitor has no supported preference', async () => {
    stubNavigatorLanguages(['it-IT', 'it']);
    stubFetch({ '/locales/en/translation.json': () => jsonResponse(english) });
    const i18n = createI18n();
    await vi.waitFor(() => expect(i18n.isInitialized).toBe(true));

    await applyConfiguredLanguage(i18n, 'de');

    expect(i18n.language).toBe('de');
    expect(localStorage.getItem('i18nextLng')).toBeNull();
  });

  it('keeps the language the visitor chose over the configured one', async () => {
    stubNavigatorLanguages(['it-IT']);
    localStorage.setItem('i18nextLng', 'fr');
    stubFetch({});
    const i18n = createI18n();
    await vi.waitFor(() => expect(i18n.isInitialized).toBe(true));

    await applyConfiguredLanguage(i18n, 'de');

    expect(i18n.language).toBe('fr');
  });

  it('keeps a language picked on the page over the configured one', async () => {
    stubNavigatorLanguages(['it-IT']);
    stubFetch({});
    const i18n = createI18n();
    await vi.waitFor(() => expect(i18n.isInitialized).toBe(true));

    await chooseLanguage(i18n, 'pl');
    await applyConfiguredLanguage(i18n, 'de');

    expect(i18n.language).toBe('pl');
    expect(localStorage.getItem('i18nextLng')).toBe('pl');
  });
});
