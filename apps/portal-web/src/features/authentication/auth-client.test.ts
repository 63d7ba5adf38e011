import { describe, expect, it, vi } from 'vitest';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import type * as Oidc from 'oidc-client-ts';
import { FakeUserManager } from '../../test/fake-user-manager';
import { makeUser } from '../../test/users';
import { AuthClient, isInteractionRequired } from './auth-client';

vi.mock('oidc-client-ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Oidc>()),
  UserManager: (await import('../../test/fake-user-manager')).FakeUserManager,
}));

const settings = { clientId: 'portico-portal', authority: 'http://localhost:4401', apiScope: 'portal.api' };

function configuredClient() {
  const auth = new AuthClient();
  auth.configure(settings);
  return { auth, manager: FakeUserManager.latest() };
}

describe('AuthClient', () => {
  it('builds no UserManager until both a client id and an authority are configured', async () => {
    const auth = new AuthClient();

    expect(auth.configure({ ...settings, clientId: '' })).toBeNull();
    expect(auth.configure({ ...settings, authority: '' })).toBeNull();
    expect(FakeUserManager.instances).toHaveLength(0);
    await expect(auth.getAccessToken()).resolves.toBeNull();
  });

  it('keeps its UserManager while the settings stay the same', () => {
    const auth = new AuthClient();
    const first = auth.configure(settings);

    expect(auth.configure({ ...settings })).toBe(first);
    expect(auth.configure({ ...settings, apiScope: 'other.api' })).not.toBe(first);
    expect(FakeUserManager.instances).toHaveLength(2);
  });

  it('gives the cached access token while it is fresh', async () => {
    const { auth, manager } = configuredClient();
    manager.user = makeUser({ accessToken: 'fresh-token', expiresInSeconds: 3600 });

    await expect(auth.getAccessToken()).resolves.toBe('fresh-token');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews silently when the token expires within five minutes', async () => {
    const { auth, manager } = configuredClient();
    manager.user = makeUser({ accessToken: 'old-token', expiresInSeconds: 200 });
    manager.signinSilent.mockResolvedValueOnce(makeUser({ accessToken: 'renewed-token' }));

    await expect(auth.getAccessToken()).resolves.toBe('renewed-token');
    expect(manager.signinPopup).not.toHaveBeenCalled();
  });

  it('falls back to a popup when the silent request needs interaction', async () => {
    const { auth, manager } = configuredClient();
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'interaction_required' }));
    manager.signinPopup.mockResolvedValueOnce(makeUser({ accessToken: 'popup-token' }));

    await expect(auth.getAccessToken()).resolves.toBe('popup-token');
    expect(manager.signinPopup).toHaveBeenCalledWith({ popupAbortOnClose: true });
  });

  it('logs "Access token not acquired" and gives null when the failure needs no interaction', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth, manager } = configuredClient();
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
