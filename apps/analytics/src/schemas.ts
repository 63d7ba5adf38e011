import { Type } from 'typebox';

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
        maxLength: 35,
        description: 'BCP 47 tag',
      }),
    ),
  },
  { additionalProperties: false },
);
