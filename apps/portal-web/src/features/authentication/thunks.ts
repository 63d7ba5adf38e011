import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { UserManager } from 'oidc-client-ts';
import { toAccount } from './account';
import { SIGNIN_POPUP_ARGS } from './auth-client';
import type { AuthClient, AuthSettings } from './auth-client';
import {
  accountRefreshed,
  loggedOut,
  loginFailed,
  loginStarted,
  loginSucceeded,
  sessionRestored,
} from './slice';
import type { AuthenticationState } from './slice';

export interface AuthenticationThunkExtra {
  auth: AuthClient;
}

type AuthenticationThunk<R> = ThunkAction<
  R,
  { authentication: AuthenticationState },
  AuthenticationThunkExtra,
  UnknownAction
>;
type Dispatch = Parameters<AuthenticationThunk<void>>[0];

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function restoreSession(manager: UserManager, authority: string, dispatch: Dispatch): Promise<void> {
  try {
    const stored = await manager.getUser();
    if (stored && !stored.expired) {
      dispatch(sessionRestored(toAccount(stored, authority)));
      return;
    }
    if (stored) {
      const renewed = await manager.signinSilent();
      if (renewed) {
        dispatch(sessionRestored(toAccount(renewed, authority)));
        return;
      }
    }
  } catch (error) {
    console.warn('The stored session could not be restored', error);
    await manager.removeUser().catch(() => undefined);
  }
  dispatch(sessionRestored(null));
}

/**
 * Configures sign-in from the configuration, keeps the store in step with oidc-client-ts's events and
 * restores the session kept in sessionStorage. Returns the function that stops listening.
 */
export const startAuthentication =
  (settings: AuthSettings): AuthenticationThunk<() => void> =>
  (dispatch, _getState, { auth }) => {
    const manager = auth.configure(settings);
    if (!manager) return () => undefined;
    const { events } = manager;
    const stops = [
      events.addUserLoaded((user) => {
        dispatch(accountRefreshed(toAccount(user, settings.authority)));
      }),
      events.addUserUnloaded(() => {
        dispatch(loggedOut());
      }),
      events.addSilentRenewError((error) => {
        console.warn('Silent token renewal failed', error);
      }),
    ];
    void restoreSession(manager, settings.authority, dispatch);
    return () => stops.forEach((stop) => stop());
  };

/** Hooks around the popup, so the caller can move to home while it runs and back afterwards. */
export interface SignInNavigation {
  onPopupOpening?: () => void;
  onPopupClosed?: () => void;
}

/**
 * Signs in through the popup (spec §4): begin, then success with the account or error. Does nothing
 * before the configuration names a client id and an authority, or while a sign-in already runs.
 */
export const signIn =
  (navigation: SignInNavigation = {}): AuthenticationThunk<Promise<void>> =>
  async (dispatch, getState, { auth }) => {
    const manager = auth.userManager;
    if (!manager || getState().authentication.isLoggingIn === true) return;
    dispatch(loginStarted());
    navigation.onPopupOpening?.();
    try {
      // Nothing may be awaited before this call: the popup must open inside the click.
      const user = await manager.signinPopup(SIGNIN_POPUP_ARGS);
      dispatch(loginSucceeded(toAccount(user, auth.authority)));
    } catch (error) {
      dispatch(loginFailed(describe(error)));
    } finally {
      navigation.onPopupClosed?.();
    }
  };

const SIGN_OUT_STATE = 'sign-out';

/** Signs out here and at the identity provider, which redirects back to the portal's origin. */
export const signOut =
  (): AuthenticationThunk<Promise<void>> =>
  async (dispatch, _getState, { auth }) => {
    dispatch(loggedOut());
    const manager = auth.userManager;
    if (!manager) return;
    try {
      const user = await manager.getUser();
      await manager.removeUser();
      // The state makes the provider's redirect back carry `?state=`, which main.tsx checks against the
      // stored request (completeAuthCallback) and then removes from the address.
      await manager.signoutRedirect({
        state: SIGN_OUT_STATE,
        ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
      });
    } catch (error) {
      console.warn('The session at the identity provider could not be ended', error);
    }
  };
