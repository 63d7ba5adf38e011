import type { UserManager } from 'oidc-client-ts';
import type { AccessTokenSource } from '../../lib/api';
import type * as OidcSessionModule from './oidc-session';

/** What the portal needs from the configuration to sign in. */
export interface AuthSettings {
  clientId: string;
  authority: string;
  apiScope: string;
}

type OidcSession = typeof OidcSessionModule;

/** oidc-client-ts and the portal's use of it, fetched on first need (about 17 KB gzipped kept off the first page). */
export const loadOidcSession = (): Promise<OidcSession> => import('./oidc-session');

/** The key under which oidc-client-ts keeps a signed-in user in sessionStorage (its `oidc.` prefix). */
function storedUserKey({ authority, clientId }: AuthSettings): string {
  return `oidc.user:${authority}:${clientId}`;
}

/**
 * Owns the oidc-client-ts UserManager of one store. Sign-in is possible once the configuration names a
 * client id and an authority; the UserManager (and oidc-client-ts itself) is built only when something
 * needs it: a session stored in this tab, the sign-in button (on hover or focus, so the click finds it
 * ready), or an access token.
 */
export class AuthClient implements AccessTokenSource {
  #settings: AuthSettings | null = null;
  #manager: UserManager | null = null;
  #loading: Promise<UserManager | null> | null = null;
  readonly #built = new Set<(manager: UserManager) => void>();

  /** Takes the settings (dropping a UserManager built for others); whether sign-in is possible with them. */
  configure(settings: AuthSettings): boolean {
    const current = this.#settings;
    if (
      current?.clientId === settings.clientId &&
      current.authority === settings.authority &&
      current.apiScope === settings.apiScope
    ) {
      return true;
    }
    this.#manager?.stopSilentRenew();
    this.#manager = null;
    this.#loading = null;
    this.#settings = null;
    if (settings.clientId === '' || settings.authority === '') return false;
    this.#settings = { ...settings };
    return true;
  }

  /** The UserManager, once built. */
  get userManager(): UserManager | null {
    return this.#manager;
  }

  get authority(): string {
    return this.#settings?.authority ?? '';
  }

  /** Whether this tab holds a signed-in user from before (oidc-client-ts keeps it in sessionStorage). */
  hasStoredSession(): boolean {
    if (!this.#settings) return false;
    try {
      return window.sessionStorage.getItem(storedUserKey(this.#settings)) !== null;
    } catch {
      return false;
    }
  }

  /** Calls `listener` with every UserManager built from now on; returns the function that stops it. */
  onUserManagerBuilt(listener: (manager: UserManager) => void): () => void {
    this.#built.add(listener);
    return () => this.#built.delete(listener);
  }

  /** Loads oidc-client-ts and builds the UserManager for the current settings; null while sign-in is impossible. */
  load(): Promise<UserManager | null> {
    const settings = this.#settings;
    if (!settings) return Promise.resolve(null);
    if (this.#manager) return Promise.resolve(this.#manager);
    const loading = (this.#loading ??= loadOidcSession().then(
      ({ PortalUserManager, userManagerSettings }) => {
        // The settings may have changed while the module loaded; then a newer load builds the manager.
        if (this.#loading !== loading) return this.#manager;
        const manager = new PortalUserManager(userManagerSettings(settings, window.location.origin));
        this.#manager = manager;
        this.#built.forEach((listener) => listener(manager));
        return manager;
      },
    ));
    return loading;
  }

  /** For API calls: `headers.Authorization = \`Bearer ${await auth.getAccessToken()}\``. */
  async getAccessToken(): Promise<string | null> {
    const manager = await this.load();
    if (!manager) return null;
    const { acquireAccessToken } = await loadOidcSession();
    return acquireAccessToken(manager);
  }
}
