import { ErrorResponse, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { SigninPopupArgs, SigninSilentArgs, User, UserManagerSettings } from 'oidc-client-ts';
import type { AuthSettings } from './auth-client';

// Everything here needs oidc-client-ts at run time, so this module is loaded only when sign-in, a stored
// session or a token needs it (auth-client.ts); the first page of a visitor who is not signed in never does.

/** Spec §9: a 483 × 600 popup; oidc-client-ts centres it on the opener. */
export const POPUP_WINDOW_FEATURES = { width: 483, height: 600 };

/** A token this close to expiry counts as expired (spec §9's renewal offset). */
export const TOKEN_RENEWAL_OFFSET_SECONDS = 300;

/** End the sign-in with an error when the user closes the popup, instead of waiting forever. */
export const SIGNIN_POPUP_ARGS: SigninPopupArgs = { popupAbortOnClose: true };

const INTERACTION_REQUIRED_CODES = ['interaction_required', 'consent_required', 'login_required'];

/**
 * A UserManager that runs one silent renewal at a time. The provider rotates refresh tokens on every use,
 * so two renewals at once (the automatic renewal timer and an API call needing a token, or a start-up
 * restore) would spend the same refresh token twice, which a provider may punish by revoking the session.
 */
export class PortalUserManager extends UserManager {
  #renewal: Promise<User | null> | null = null;

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    this.#renewal ??= super.signinSilent(args).finally(() => {
      this.#renewal = null;
    });
    return this.#renewal;
  }
}

/** The oidc-client-ts settings for the portal SPA (a public client with PKCE, redirects to the page origin). */
export function userManagerSettings(settings: AuthSettings, origin: string): UserManagerSettings {
  return {
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: origin,
    popup_redirect_uri: origin,
    post_logout_redirect_uri: origin,
    response_type: 'code',
    scope: ['openid', 'profile', settings.apiScope].filter((scope) => scope !== '').join(' '),
    popupWindowFeatures: POPUP_WINDOW_FEATURES,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    silentRequestTimeoutInSeconds: 6,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_RENEWAL_OFFSET_SECONDS,
    automaticSilentRenew: true,
  };
}

/** Whether a failed token request needs the user (spec §8): interaction, consent or login required. */
export function isInteractionRequired(error: unknown): boolean {
  const code = error instanceof ErrorResponse ? (error.error ?? '') : '';
  const message = error instanceof Error ? error.message : String(error);
  return INTERACTION_REQUIRED_CODES.some((needed) => code === needed || message.includes(needed));
}

/**
 * An access token for the portal API: the cached one while it is fresh, else a silent renewal, else —
 * when the provider needs the user — a popup. Any other failure logs 'Access token not acquired' and
 * gives null.
 */
export async function acquireAccessToken(manager: UserManager): Promise<string | null> {
  try {
    const cached = await manager.getUser();
    if (cached && !cached.expired && (cached.expires_in ?? Infinity) > TOKEN_RENEWAL_OFFSET_SECONDS) {
      return cached.access_token;
    }
    const renewed = await manager.signinSilent();
    if (renewed) return renewed.access_token;
    throw new Error('login_required: no session to renew');
  } catch (error) {
    if (!isInteractionRequired(error)) {
      console.error('Access token not acquired', error);
      return null;
    }
  }
  try {
    return (await manager.signinPopup(SIGNIN_POPUP_ARGS)).access_token;
  } catch (error) {
    console.error('Access token not acquired', error);
    return null;
  }
}
