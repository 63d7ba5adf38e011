import type { TFunction } from 'i18next';
import type { ApiError } from './call-api';

// The server answers every refusal with `{ message, code }` (a stable code, an English message). The portal shows
// the code's own sentence in the user's language, and for a code it does not know, the status's.

const CODE_KEYS = {
  ACCESS_KEY_MISSING: 'Errors.accessKeyMissing',
  ACCESS_KEY_INVALID: 'Errors.accessKeyInvalid',
  ACCESS_KEY_EXPIRED: 'Errors.accessKeyExpired',
  ACCESS_KEY_REVOKED: 'Errors.accessKeyRevoked',
  ACCESS_KEY_WRONG_INSTALLEE: 'Errors.accessKeyWrongInstallee',
  RATE_LIMITED: 'Errors.rateLimited',
  DOWNLOAD_TOKEN_INVALID: 'Errors.downloadTokenInvalid',
  ANALYTICS_UNAVAILABLE: 'Errors.unavailable',
  AUTHORITY_UNAVAILABLE: 'Errors.unavailable',
  DATABASE_UNAVAILABLE: 'Errors.unavailable',
  UNAUTHENTICATED: 'Errors.signInAgain',
  INVALID_TOKEN: 'Errors.signInAgain',
  FORBIDDEN: 'Errors.forbidden',
  NOT_FOUND: 'Errors.notFound',
} as const;

type ErrorKey =
  (typeof CODE_KEYS)[keyof typeof CODE_KEYS] | 'Errors.network' | 'Errors.server' | 'Errors.badRequest';

function keyOf({ status, code }: Pick<ApiError, 'status' | 'code'>): ErrorKey {
  if (code != null && code in CODE_KEYS) return CODE_KEYS[code as keyof typeof CODE_KEYS];
  switch (status) {
    case 'FETCH_ERROR':
      return 'Errors.network';
    case 'NO_TOKEN':
    case 401:
      return 'Errors.signInAgain';
    case 403:
      return 'Errors.forbidden';
    case 404:
      return 'Errors.notFound';
    case 429:
      return 'Errors.rateLimited';
    default:
      return typeof status === 'number' && status >= 400 && status < 500
        ? 'Errors.badRequest'
        : 'Errors.server';
  }
}

/**
 * What a failed call means to the user, in their language: `errorText(t, { status: 403, code: 'ACCESS_KEY_EXPIRED',
 * message: '…' })` → "Dieser Zugangsschlüssel ist abgelaufen." with German `t`.
 */
export function errorText(t: TFunction, error: Pick<ApiError, 'status' | 'code'>): string {
  return t(keyOf(error));
}

/** The status and code of anything a call threw (an ApiCallError or an ApiError-shaped value), else null. */
function apiErrorOf(error: unknown): Pick<ApiError, 'status' | 'code'> | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error;
    const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
    if (typeof status === 'number' || typeof status === 'string')
      return { status: status as ApiError['status'], code };
  }
  return null;
}

/** `errorText` for anything a call threw: an ApiCallError (or an ApiError-shaped value), else a server error. */
export function errorTextOf(t: TFunction, error: unknown): string {
  const apiError = apiErrorOf(error);
  return apiError === null ? t('Errors.server') : errorText(t, apiError);
}

/** Whether a call failed because the user's sign-in is no longer valid: only signing in again helps. */
export function needsSignIn(error: unknown): boolean {
  const apiError = apiErrorOf(error);
  return apiError !== null && keyOf(apiError) === 'Errors.signInAgain';
}
