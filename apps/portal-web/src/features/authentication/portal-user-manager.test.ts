import { describe, expect, it, vi } from 'vitest';
import { UserManager } from 'oidc-client-ts';
import { deferred } from '../../test/http';
import { makeUser } from '../../test/users';
import { PortalUserManager, userManagerSettings } from './oidc-session';

const settings = { clientId: 'portico-portal', authority: 'http://localhost:4401', apiScope: 'portal.api' };

describe('PortalUserManager', () => {
  it('joins a silent renewal already under way instead of spending the refresh token twice', async () => {
    const renewal = deferred<ReturnType<typeof makeUser> | null>();
    const renew = vi.spyOn(UserManager.prototype, 'signinSilent').mockReturnValue(renewal.promise);
    const manager = new PortalUserManager(userManagerSettings(settings, window.location.origin));

    const first = manager.signinSilent();
    const second = manager.signinSilent();
    const user = makeUser();
    renewal.resolve(user);

    await expect(first).resolves.toBe(user);
    await expect(second).resolves.toBe(user);
    expect(renew).toHaveBeenCalledOnce();

    renew.mockResolvedValueOnce(null);
    await expect(manager.signinSilent()).resolves.toBeNull();
    expect(renew).toHaveBeenCalledTimes(2);
    manager.stopSilentRenew();
  });
});
