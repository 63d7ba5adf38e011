import { Type } from 'typebox';

/** The body of every error answer. */
export const ErrorBody = Type.Object({ message: Type.String(), code: Type.String() });

/** Response schemas of the error answers any authenticated route can give. */
export const authErrorResponses = {
  401: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;
