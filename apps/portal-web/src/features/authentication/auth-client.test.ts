import { describe, expect, it, vi } from 'vitest';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { makeUser } from '../../test/users';
import { AuthClient } from './auth-client';
import { isInteractionRequired } from './oidc-session';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

const settings = { clientId: 'portico-portal', authority: 'http://localhost:4401', apiScope: 'portal.api' };

async function configuredClient() {
  const auth = new AuthClient();
  auth.configure(settings);
  await auth.load();
  return { auth, manager: FakeUserManager.latest() };
}

describe('AuthClient', () => {
  it('builds no UserManager until both a client id and an authority are configured', async () => {
    const auth = new AuthClient();

    expect(auth.configure({ ...settings, clientId: '' })).toBe(false);
    expect(auth.configure({ ...settings, authority: '' })).toBe(false);
    await expect(auth.load()).resolves.toBeNull();
    expect(FakeUserManager.instances).toHaveLength(0);
    await expect(auth.getAccessToken()).resolves.toBeNull();
  });

  it('builds the UserManager only when something needs it, once per settings', async () => {
    const auth = new AuthClient();
    const built = vi.fn();
    auth.onUserManagerBuilt(built);

    expect(auth.configure(settings)).toBe(true);
    expect(FakeUserManager.instances).toHaveLength(0);
    const first = await auth.load();
    expect(first).toBe(FakeUserManager.latest());
    expect(built).toHaveBeenCalledWith(first);

    auth.configure({ ...settings });
    await expect(auth.load()).resolves.toBe(first);
    auth.configure({ ...settings, apiScope: 'other.api' });
    await expect(auth.load()).resolves.not.toBe(first);
    expect(FakeUserManager.instances).toHaveLength(2);
  });

  it('tells whether this tab holds a stored session for the configured client', () => {
    const auth = new AuthClient();
    auth.configure(settings);
    expect(auth.hasStoredSession()).toBe(false);

    sessionStorage.setItem('oidc.user:http://localhost:4401:portico-portal', '{}');
    expect(auth.hasStoredSession()).toBe(true);
    auth.configure({ ...settings, clientId: 'another-client' });
    expect(auth.hasStoredSession()).toBe(false);
  });

  it('gives the cached access token while it is fresh', async () => {
    const { auth, manager } = await configuredClient();
    manager.user = makeUser({ accessToken: 'fresh-token', expiresInSeconds: 3600 });

    await expect(auth.getAccessToken()).resolves.toBe('fresh-token');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews silently when the token expires within five minutes', async () => {
    const { auth, manager } = await configuredClient();
    manager.user = makeUser({ accessToken: 'old-token', expiresInSeconds: 200 });
    manager.signinSilent.mockResolvedValueOnce(makeUser({ accessToken: 'renewed-token' }));

    await expect(auth.getAccessToken()).resolves.toBe('renewed-token');
    expect(manager.signinPopup).not.toHaveBeenCalled();
  });

  it('falls back to a popup when the silent request needs interaction', async () => {
    const { auth, manager } = await configuredClient();
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'interaction_required' }));
    manager.signinPopup.mockResolvedValueOnce(makeUser({ accessToken: 'popup-token' }));

    await expect(auth.getAccessToken()).resolves.toBe('popup-token');
    expect(manager.signinPopup).toHaveBeenCalledWith({ popupAbortOnClose: true });
  });

  it('logs "Access token not acquired" and gives null when the failure needs no interaction', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth, manager } = await configuredClient();
    manager.signinSilent.mockRejectedValueOnce(new ErrorTimeout('IFrame timed out without a response'));

    await expect(auth.getAccessToken()).resolves.toBeNull();
    expect(manager.signinPopup).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Access token not acquired', expect.any(ErrorTimeout));
  });
});

describe('isInteractionRequired', () => {
  it('recognises the three interaction codes, as error codes or inside messages', () => {
    expect(isInteractionRequired(new ErrorResponse({ error: 'consent_required' }))).toBe(true);
    expect(isInteractionRequired(new ErrorResponse({ error: 'login_required' }))).toBe(true);
    expect(isInteractionRequired(new Error('AADSTS: interaction_required'))).toBe(true);
    expect(isInteractionRequired(new ErrorResponse({ error: 'invalid_grant' }))).toBe(false);
    expect(isInteractionRequired('server_unavailable')).toBe(false);
  });
});
