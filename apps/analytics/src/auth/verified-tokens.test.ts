import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.ts';

const T0 = Date.parse('2026-11-26T12:00:00Z');
interface Claims {
  readonly exp: number;
  readonly databaseNames: readonly string[];
}
const claims = (exp: number, accounts = ['fabrikam']): Claims => ({ exp, databaseNames: accounts });

describe('verified tokens', () => {
  it('know only the exact token strings they were given', () => {
    const clock = { now: T0 };
    const known = new VerifiedTokens<Claims>({ maxEntries: 10, now: () => clock.now });
    known.remember('aaa.bbb.ccc', claims(T0 / 1000 + 60));
    expect(known.recall('aaa.bbb.ccc')).toMatchObject({
      kind: 'ok',
      claims: { databaseNames: ['fabrikam'] },
    });
    expect(known.recall('aaa.bbb.ccd')).toBeUndefined();
    expect(known.recall('aaa.bbb.cc')).toBeUndefined();
    expect(known.recall('aaa.bbb.ccc ')).toBeUndefined();
  });

  it('answer expired from the second of exp on, and then forget the token', () => {
    const clock = { now: T0 };
    const known = new VerifiedTokens<Claims>({ maxEntries: 10, now: () => clock.now });
    known.remember('t', claims(T0 / 1000 + 60));
    clock.now = T0 + 59_999;
    expect(known.recall('t')?.kind).toBe('ok');
    clock.now = T0 + 60_000;
    expect(known.recall('t')).toEqual({ kind: 'expired' });
    expect(known.size).toBe(0);
    expect(known.recall('t')).toBeUndefined();
  });

  it('keep at most maxEntries, pushing out the least recently used', () => {
    const known = new VerifiedTokens<Claims>({ maxEntries: 2, now: () => T0 });
    known.remember('a', claims(T0 / 1000 + 60));
    known.remember('b', claims(T0 / 1000 + 60));
    expect(known.recall('a')?.kind).toBe('ok');
    known.remember('c', claims(T0 / 1000 + 60));
    expect(known.size).toBe(2);
    expect(known.recall('b')).toBeUndefined();
    expect(known.recall('a')?.kind).toBe('ok');
    expect(known.recall('c')?.kind).toBe('ok');
  });

  it('keep nothing with a bound of 0', () => {
    const known = new VerifiedTokens<Claims>({ maxEntries: 0, now: () => T0 });
    known.remember('a', claims(T0 / 1000 + 60));
    expect(known.size).toBe(0);
    expect(known.recall('a')).toBeUndefined();
  });

  it('hand out frozen claims, so one request cannot change what the next one of the token sees', () => {
    const known = new VerifiedTokens<Claims>({ maxEntries: 10, now: () => T0 });
    const kept = known.remember('a', claims(T0 / 1000 + 60));
    expect(() => (kept.databaseNames as string[]).push('contoso_emea')).toThrow(TypeError);
    expect(() => Object.assign(kept, { exp: T0 / 1000 + 9999 })).toThrow(TypeError);
    expect(known.recall('a')).toEqual({ kind: 'ok', claims: claims(T0 / 1000 + 60) });
  });
});
