import { Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from './config.ts';

/** The body of every error answer but 400. */
export const ErrorBody = Type.Object({ message: Type.String(), code: Type.String() });

/** A 400 answers its message as plain text (spec §8: the SPA shows the response text). */
export const BadRequestText = Type.String({ description: 'text/plain: what is wrong with the request' });

/** Response schemas of the error answers any authenticated route can give. */
export const authErrorResponses = {
  401: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

export const Language = Type.Union(
  SUPPORTED_LANGUAGES.map((language) => Type.Literal(language)),
  { description: 'a supported UI language' },
);

export const CustomerAccount = Type.Object({
  databaseName: Type.String(),
  accountName: Type.String(),
  customerName: Type.String(),
});

/** No control characters (NUL included): what names in the catalog and account records may contain. */
export const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';
