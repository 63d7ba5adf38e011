import { Type } from 'typebox';
import Format from 'typebox/format';

/**
 * `bcp47`: a language tag Intl takes (`de-CH`, `ja-JP-u-nu-hanidec`). A pattern cannot say it (duplicate variants,
 * a bare singleton such as `de-x`, a malformed `-u-` extension), and Intl throws on such a tag wherever it meets one
 * (a collator sorting a report list answered 500), so the schema asks Intl itself.
 */
Format.Set('bcp47', (value) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
});

/** The body of every error answer. */
export const ErrorBody = Type.Object({ message: Type.String(), code: Type.String() });

/** Errors of the token endpoint: the common body plus RFC 6749's `error` and `error_description`. */
export const OAuthErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

/** Error answers any route behind a bearer token can give. */
export const authErrorResponses = { 401: ErrorBody, 403: ErrorBody, 500: ErrorBody } as const;

export const Id = Type.String({ minLength: 1, maxLength: 100 });

/**
 * `?language=de-CH`: the language captions are shown in (a BCP 47 tag, as the host's `localeSettings.language`);
 * absent, or one without translations, shows the default captions.
 */
export const LanguageQuery = Type.Object(
  {
    language: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$',
        format: 'bcp47',
        maxLength: 35,
        description: 'BCP 47 tag',
      }),
    ),
  },
  { additionalProperties: false },
);
