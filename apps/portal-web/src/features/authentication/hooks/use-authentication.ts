import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../paths';
import type { AuthSettings } from '../auth-client';
import { prepareSignIn, signIn, signOut, startAuthentication } from '../thunks';

/** Starts sign-in support once the configuration is known, and again whenever it changes. */
export function useAuthenticationStartup({ clientId, authority, apiScope }: AuthSettings): void {
  const dispatch = useAppDispatch();
  useEffect(
    () => dispatch(startAuthentication({ clientId, authority, apiScope })),
    [dispatch, clientId, authority, apiScope],
  );
}

/**
 * The sign-in action: shows home while the popup runs (spec §2), then returns to where the user was — or, after a
 * successful sign-in, to the address `returnTo` gives (where a lock-out or a sign-in-only page left the user).
 */
export function useSignIn(returnTo?: () => string | null): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(() => {
    void dispatch(
      signIn({
        onPopupOpening: () => void navigate(paths.home, { replace: true }),
        onPopupClosed: (signedIn) => {
          const target = signedIn ? (returnTo?.() ?? null) : null;
          void navigate(target ?? { pathname, search, hash }, { replace: true });
        },
      }),
    );
  }, [dispatch, navigate, pathname, search, hash, returnTo]);
}

/** Loads the sign-in code ahead of a likely click. */
export function usePrepareSignIn(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => dispatch(prepareSignIn()), [dispatch]);
}

export function useSignOut(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => void dispatch(signOut()), [dispatch]);
}
