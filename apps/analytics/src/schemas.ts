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
