import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/users';
import { decodeJwtClaims, toAccount } from './account';

const authority = 'http://localhost:4401';

describe('toAccount', () => {
  it('names the account by preferred_username, then email, then name', () => {
    const claims = { name: 'Ada Lovelace', email: 'ada@example.com', preferred_username: 'ada' };
    const withoutUsername = { name: 'Ada Lovelace', email: 'ada@example.com' };

    expect(toAccount(makeUser({ accessTokenClaims: claims }), authority).userName).toBe('ada');
    expect(toAccount(makeUser({ accessTokenClaims: withoutUsername }), authority).userName).toBe(
      'ada@example.com',
    );
    expect(toAccount(makeUser({ accessTokenClaims: { name: 'Ada Lovelace' } }), authority).userName).toBe(
      'Ada Lovelace',
    );
    expect(toAccount(makeUser({ sub: 'user-7', accessTokenClaims: {} }), authority).userName).toBe('user-7');
  });

  it('prefers the ID token claims and reads the access token only for what they lack', () => {
    const user = makeUser({
      idTokenClaims: { name: 'Ada King', sid: 'session-1' },
      accessTokenClaims: { name: 'Ada Lovelace', preferred_username: 'ada' },
    });

    expect(toAccount(user, authority)).toMatchObject({
      accountIdentifier: 'user-1001',
      userName: 'ada',
      name: 'Ada King',
      sid: 'session-1',
      environment: 'localhost:4401',
      idTokenClaims: { sub: 'user-1001', name: 'Ada King' },
    });
  });

  it('reads the claims of a JWT, including non-ASCII text, and nothing from other strings', () => {
    const user = makeUser({ accessTokenClaims: { name: 'Zoë Łukasiewicz' } });

    expect(decodeJwtClaims(user.access_token)).toMatchObject({ name: 'Zoë Łukasiewicz' });
    expect(decodeJwtClaims('opaque-token')).toEqual({});
    expect(decodeJwtClaims('a.not-base64!.c')).toEqual({});
  });
});
