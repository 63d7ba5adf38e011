import type { JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { InvalidTokenError, cachedTokenVerifier } from './token-verifier.ts';
import type { TokenVerifier } from './token-verifier.ts';

/** An inner verifier that accepts `ok:<sub>:<exp seconds>` and counts its calls. */
function countingVerifier() {
  const calls: string[] = [];
  let refuse = false;
  const inner: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      const [kind, sub, exp] = token.split(':');
      if (refuse || kind !== 'ok') throw new InvalidTokenError('bad signature');
      return { sub: sub ?? '', exp: Number(exp) } satisfies JWTPayload;
    },
  };
  return {
    inner,
    calls,
    refuseFromNowOn() {
      refuse = true;
    },
  };
}

describe('cachedTokenVerifier', () => {
  it('verifies a token once and reuses the claims until its exp', async () => {
    let clock = 1_000_000;
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => clock, maxAgeMs: 3_600_000 });
    const token = `ok:alice:${1_000 + 60}`; // exp 60 s after the start
    expect(await verifier.verify(token)).toEqual({ sub: 'alice', exp: 1060 });
    clock += 59_999;
    expect(await verifier.verify(token)).toEqual({ sub: 'alice', exp: 1060 });
    expect(calls).toHaveLength(1);
    clock += 1;
    // At exp the inner verifier decides again (and here refuses nothing, but it is asked).
    await verifier.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('tells at once the claims of a token verified before and still honoured, and nothing of any other', async () => {
    let clock = 1_000_000;
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => clock, maxAgeMs: 3_600_000 });
    const token = `ok:alice:${1_000 + 60}`;
    expect(verifier.verified?.(token)).toBeUndefined();
    await verifier.verify(token);
    expect(verifier.verified?.(token)).toEqual({ sub: 'alice', exp: 1060 });
    expect(verifier.verified?.(`${token}x`)).toBeUndefined();
    clock += 60_000;
    expect(verifier.verified?.(token)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('reuses a verification for at most maxAgeMs, however far away exp is', async () => {
    let clock = 1_000_000;
    const { inner, calls, refuseFromNowOn } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => clock, maxAgeMs: 1_000 });
    const token = 'ok:alice:999999999';
    await verifier.verify(token);
    clock += 999;
    await verifier.verify(token);
    expect(calls).toHaveLength(1);
    // The authority withdraws the key: within maxAgeMs the token is refused.
    refuseFromNowOn();
    clock += 1;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toHaveLength(2);
  });

  it('never keeps a failure', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 0 });
    await expect(verifier.verify('bad:x:9')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verify('bad:x:9')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toEqual(['bad:x:9', 'bad:x:9']);
  });

  it('keys on the exact token string', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 0 });
    await verifier.verify('ok:alice:100');
    await expect(verifier.verify('ok:alice:100 ')).resolves.toEqual({ sub: 'alice', exp: 100 });
    await expect(verifier.verify('bad:alice:100')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toHaveLength(3);
  });

  it('tells apart tokens that end alike: only the whole token finds its verification', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 0 });
    const signature = 'S'.repeat(50);
    await verifier.verify(`ok:alice:100:${signature}`);
    expect(verifier.verified?.(`ok:mallory:100:${signature}`)).toBeUndefined();
    expect(verifier.verified?.(`x${signature}`)).toBeUndefined();
    await expect(verifier.verify(`bad:mallory:100:${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(verifier.verified?.(`ok:alice:100:${signature}`)).toMatchObject({ sub: 'alice' });
    await expect(verifier.verify(`ok:bob:100:${signature}`)).resolves.toMatchObject({ sub: 'bob' });
    expect(verifier.verified?.(`ok:bob:100:${signature}`)).toMatchObject({ sub: 'bob' });
    expect(calls).toHaveLength(3);
  });

  it('does not keep an already expired token', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 200_000 });
    await verifier.verify('ok:alice:100'); // the inner verifier allows clock skew; the cache does not
    await verifier.verify('ok:alice:100');
    expect(calls).toHaveLength(2);
  });

  it('keeps at most maxEntries tokens, dropping the least recently used', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 0, maxEntries: 2 });
    await verifier.verify('ok:a:100');
    await verifier.verify('ok:b:100');
    await verifier.verify('ok:a:100'); // a is now the most recently used
    await verifier.verify('ok:c:100'); // evicts b
    expect(calls).toEqual(['ok:a:100', 'ok:b:100', 'ok:c:100']);
    await verifier.verify('ok:a:100');
    await verifier.verify('ok:c:100');
    expect(calls).toHaveLength(3);
    await verifier.verify('ok:b:100');
    expect(calls).toHaveLength(4);
  });

  it('keeps the least recently used order when one token comes many times in a row', async () => {
    const { inner, calls } = countingVerifier();
    const verifier = cachedTokenVerifier(inner, { now: () => 0, maxEntries: 2 });
    await verifier.verify('ok:a:100');
    await verifier.verify('ok:b:100');
    for (let i = 0; i < 3; i += 1) expect(verifier.verified?.('ok:b:100')).toEqual({ sub: 'b', exp: 100 });
    expect(verifier.verified?.('ok:a:100')).toEqual({ sub: 'a', exp: 100 }); // now b is the least recently used
    await verifier.verify('ok:c:100'); // evicts b
    expect(verifier.verified?.('ok:a:100')).toBeDefined();
    expect(verifier.verified?.('ok:b:100')).toBeUndefined();
    expect(calls).toEqual(['ok:a:100', 'ok:b:100', 'ok:c:100']);
  });
});
