import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { UserManager } from 'oidc-client-ts';
import { toAccount } from './account';
import { loadOidcSession } from './auth-client';
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
 * restores the session kept in sessionStorage — loading oidc-client-ts only when there is one to restore.
 * Returns the function that stops listening.
 */
export const startAuthentication =
  (settings: AuthSettings): AuthenticationThunk<() => void> =>
  (dispatch, _getState, { auth }) => {
    if (!auth.configure(settings)) return () => undefined;
    let stops: (() => void)[] = [];
    const listen = (manager: UserManager) => {
      const { events } = manager;
      stops = [
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
    };
    if (auth.userManager) listen(auth.userManager);
    const stopBuilt = auth.onUserManagerBuilt(listen);
    let stopped = false;
    if (!auth.hasStoredSession()) {
      dispatch(sessionRestored(null));
    } else {
      auth.load().then(
        (manager) => {
          if (stopped) return;
          if (manager) void restoreSession(manager, settings.authority, dispatch);
          else dispatch(sessionRestored(null));
        },
        (error: unknown) => {
          console.warn('The stored session could not be restored', error);
          if (!stopped) dispatch(sessionRestored(null));
        },
      );
    }
    return () => {
      stopped = true;
      stopBuilt();
      stops.forEach((stop) => stop());
    };
  };

/** Loads the sign-in code ahead of a likely click (the pointer is over the button, or it has the focus). */
export const prepareSignIn =
  (): AuthenticationThunk<void> =>
  (_dispatch, _getState, { auth }) => {
    void auth.load().catch((error: unknown) => console.warn('The sign-in code could not be loaded', error));
  };

/** The error a sign-in stores when the browser refused to open its popup (spec §8's code for it). */
export const POPUP_BLOCKED = 'popup_window_error';

/**
 * Watches `window.open` while oidc-client-ts opens the sign-in popup: a blocked popup is a null window, which the
 * library then reports only as "Popup closed by user".
 */
function watchPopupOpening(): { blocked: () => boolean; stop: () => void } {
  const open = window.open;
  let blocked = false;
  window.open = function openWatched(...args: Parameters<typeof window.open>) {
    const opened = open.apply(window, args);
    if (opened === null) blocked = true;
    return opened;
  };
  return {
    blocked: () => blocked,
    stop: () => {
      window.open = open;
    },
  };
}

/** Hooks around the popup, so the caller can move to home while it runs and back afterwards. */
export interface SignInNavigation {
  onPopupOpening?: () => void;
  /** The popup closed; `signedIn` tells whether the sign-in succeeded. */
  onPopupClosed?: (signedIn: boolean) => void;
}

/**
 * Signs in through the popup (spec §4): begin, then success with the account or error. Does nothing
 * before the configuration names a client id and an authority, or while a sign-in already runs.
 */
export const signIn =
  (navigation: SignInNavigation = {}): AuthenticationThunk<Promise<void>> =>
  async (dispatch, getState, { auth }) => {
    if (auth.authority === '' || getState().authentication.isLoggingIn === true) return;
    dispatch(loginStarted());
    navigation.onPopupOpening?.();
    let signedIn = false;
    try {
      // The button's hover or focus has usually loaded the sign-in code already. If not, the popup opens
      // once it arrives: browsers let a page open a window for a few seconds after a click (Chromium 5 s).
      const [manager, { SIGNIN_POPUP_ARGS }] = await Promise.all([auth.load(), loadOidcSession()]);
      if (!manager) throw new Error('Sign-in is not configured');
      const popup = watchPopupOpening();
      try {
        const user = await manager.signinPopup(SIGNIN_POPUP_ARGS);
        dispatch(loginSucceeded(toAccount(user, auth.authority)));
        signedIn = true;
      } catch (error) {
        // oidc-client-ts reports a blocked popup as one the user closed; the user needs to hear the difference.
        throw popup.blocked() ? new Error(POPUP_BLOCKED) : error;
      } finally {
        popup.stop();
      }
    } catch (error) {
      dispatch(loginFailed(describe(error)));
    } finally {
      navigation.onPopupClosed?.(signedIn);
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
