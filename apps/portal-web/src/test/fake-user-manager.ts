import { vi } from 'vitest';
import type { SigninPopupArgs, SignoutRedirectArgs, User, UserManagerSettings } from 'oidc-client-ts';

// Stands in for oidc-client-ts's UserManager where a real identity provider would be needed. A test file
// swaps it in at the module boundary:
//   vi.mock('oidc-client-ts', async (importOriginal) => ({
//     ...(await importOriginal<typeof Oidc>()),
//     UserManager: (await import('../test/fake-user-manager')).FakeUserManager,
//   }));
// (This module must not import oidc-client-ts at run time: the mock factory loads it.)

const STORED_USER_KEY = 'oidc.user:http://localhost:4401:portico-portal';

class FakeEvents {
  readonly userLoaded = new Set<(user: User) => void>();
  readonly userUnloaded = new Set<() => void>();
  readonly silentRenewError = new Set<(error: Error) => void>();

  addUserLoaded(callback: (user: User) => void): () => void {
    this.userLoaded.add(callback);
    return () => this.userLoaded.delete(callback);
  }
  addUserUnloaded(callback: () => void): () => void {
    this.userUnloaded.add(callback);
    return () => this.userUnloaded.delete(callback);
  }
  addSilentRenewError(callback: (error: Error) => void): () => void {
    this.silentRenewError.add(callback);
    return () => this.silentRenewError.delete(callback);
  }
}

export class FakeUserManager {
  static instances: FakeUserManager[] = [];
  static #storedUser: User | null = null;

  /**
   * The session a new manager finds in sessionStorage. Like oidc-client-ts, a stored user also leaves its
   * key (`oidc.user:{authority}:{client_id}`, for the sample configuration) in sessionStorage, which is what
   * the portal looks for before it loads oidc-client-ts at all.
   */
  static get storedUser(): User | null {
    return FakeUserManager.#storedUser;
  }

  static set storedUser(user: User | null) {
    FakeUserManager.#storedUser = user;
    if (user) sessionStorage.setItem(STORED_USER_KEY, JSON.stringify({ profile: user.profile }));
    else sessionStorage.removeItem(STORED_USER_KEY);
  }
  /** Scripts each new manager before the app first uses it. */
  static whenBuilt: ((manager: FakeUserManager) => void) | null = null;

  static latest(): FakeUserManager {
    const manager = FakeUserManager.instances.at(-1);
    if (!manager) throw new Error('No UserManager has been built');
    return manager;
  }

  static reset(): void {
    FakeUserManager.instances = [];
    FakeUserManager.storedUser = null;
    FakeUserManager.whenBuilt = null;
  }

  readonly settings: UserManagerSettings;
  readonly events = new FakeEvents();
  user: User | null;

  constructor(settings: UserManagerSettings) {
    this.settings = settings;
    this.user = FakeUserManager.storedUser;
    FakeUserManager.instances.push(this);
    FakeUserManager.whenBuilt?.(this);
  }

  /** Stores a user and raises userLoaded, as oidc-client-ts does after any sign-in. */
  load(user: User): User {
    this.user = user;
    this.events.userLoaded.forEach((callback) => callback(user));
    return user;
  }

  readonly getUser = vi.fn(async (): Promise<User | null> => this.user);
  readonly removeUser = vi.fn(async (): Promise<void> => {
    this.user = null;
    sessionStorage.removeItem(STORED_USER_KEY);
    this.events.userUnloaded.forEach((callback) => callback());
  });
  readonly signinPopup = vi.fn(async (_args?: SigninPopupArgs): Promise<User> => {
    throw new Error('Popup closed by user');
  });
  readonly signinSilent = vi.fn(async (): Promise<User | null> => {
    throw new Error('login_required');
  });
  readonly signoutRedirect = vi.fn(async (_args?: SignoutRedirectArgs): Promise<void> => undefined);
  readonly stopSilentRenew = vi.fn();
}
