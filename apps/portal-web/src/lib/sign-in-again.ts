import { createContext, useContext } from 'react';
import { needsSignIn } from './error-text';

/**
 * The frame's sign-in (the popup, returning to this page), for a page whose call failed because the sign-in is no
 * longer valid: "Try again" would only fail again. Null outside the frame.
 */
export const SignInAgainContext = createContext<(() => void) | null>(null);

/** The sign-in to offer for `error` when it asks for one (a 401, `INVALID_TOKEN`, no token), else null. */
export function useSignInAgain(error: unknown): (() => void) | null {
  const signIn = useContext(SignInAgainContext);
  return needsSignIn(error) ? signIn : null;
}
