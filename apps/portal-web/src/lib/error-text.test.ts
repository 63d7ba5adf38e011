import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import { ApiCallError, callApi } from './call-api';
import { errorText, errorTextOf, needsSignIn } from './error-text';
import { createStaticI18n } from './i18n';
import { jsonResponse, stubFetch } from '../test/http';

const i18n = createStaticI18n({ en: { translation: en }, de: { translation: de } });
const english = i18n.getFixedT('en');
const german = i18n.getFixedT('de');

describe('the words a failed call is shown in', () => {
  it("follow the server's code in the user's language", () => {
    expect(errorText(german, { status: 403, code: 'ACCESS_KEY_EXPIRED' })).toBe(de.Errors.accessKeyExpired);
    expect(errorText(english, { status: 429, code: 'RATE_LIMITED' })).toBe(en.Errors.rateLimited);
  });

  it('say that a key is missing, not that it is wrong, when the installer link carried none', () => {
    expect(errorText(german, { status: 403, code: 'ACCESS_KEY_MISSING' })).toBe(de.Errors.accessKeyMissing);
    expect(de.Errors.accessKeyMissing).not.toBe(de.Errors.accessKeyInvalid);
    expect(errorText(english, { status: 403, code: 'ACCESS_KEY_MISSING' })).toMatch(/needs an access key/);
  });

  it('fall back on the status when the code is unknown or missing', () => {
    expect(errorText(german, { status: 403, code: 'SOMETHING_NEW' })).toBe(de.Errors.forbidden);
    expect(errorText(german, { status: 404, code: null })).toBe(de.Errors.notFound);
    expect(errorText(german, { status: 422 })).toBe(de.Errors.badRequest);
    expect(errorText(german, { status: 502 })).toBe(de.Errors.server);
    expect(errorText(german, { status: 'PARSE_ERROR' })).toBe(de.Errors.server);
  });

  it('say the portal could not be reached when the network failed, and ask to sign in when no token came', () => {
    expect(errorText(german, { status: 'FETCH_ERROR' })).toBe(de.Errors.network);
    expect(errorText(german, { status: 'NO_TOKEN' })).toBe(de.Errors.signInAgain);
  });

  it('read the code a real error answer carries', async () => {
    stubFetch({
      '/api/download/dcainstaller': () =>
        jsonResponse({ message: 'The access key has been revoked.', code: 'ACCESS_KEY_REVOKED' }, 403),
    });
    const failure = await callApi({ url: 'download/dcainstaller' }, null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure).toMatchObject({ status: 403, code: 'ACCESS_KEY_REVOKED' });
    expect(errorTextOf(german, failure)).toBe(de.Errors.accessKeyRevoked);
  });

  it('treat anything else that was thrown as a server error', () => {
    expect(errorTextOf(german, new TypeError('boom'))).toBe(de.Errors.server);
  });

  it('ask for a new sign-in only when the server refused the sign-in itself', () => {
    expect(
      needsSignIn(new ApiCallError(401, 'Network response was not ok.', 'expired', 'INVALID_TOKEN')),
    ).toBe(true);
    expect(needsSignIn({ status: 'NO_TOKEN', code: null })).toBe(true);
    expect(needsSignIn({ status: 403, code: 'FORBIDDEN' })).toBe(false);
    expect(needsSignIn({ status: 503, code: 'ANALYTICS_UNAVAILABLE' })).toBe(false);
    expect(needsSignIn(new TypeError('boom'))).toBe(false);
  });
});
