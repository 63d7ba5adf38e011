import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.ts';

function throttle(perAccount = 3, perClient = 5) {
  const clock = { now: 1_000_000 };
  return {
    clock,
    throttle: new SignInThrottle({ perAccount, perClient, windowMs: 60_000, now: () => clock.now }),
  };
}

describe('SignInThrottle', () => {
  it('lets a client make its attempts at an email, then refuses with the seconds left in the window', () => {
    const { clock, throttle: t } = throttle();
    expect([1, 2, 3].map(() => t.attempt('10.0.0.1', 'alice@contoso.example'))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    clock.now += 15_000;
    expect(t.attempt('10.0.0.1', 'Alice@Contoso.example ')).toBe(45);
    clock.now += 45_000;
    expect(t.attempt('10.0.0.1', 'alice@contoso.example')).toBeUndefined();
  });

  it('keeps clients apart and caps one client across every email', () => {
    const { throttle: t } = throttle();
    for (let i = 0; i < 3; i++) t.attempt('10.0.0.1', 'alice@contoso.example');
    expect(t.attempt('10.0.0.2', 'alice@contoso.example')).toBeUndefined();
    expect(t.attempt('10.0.0.1', 'bob@fabrikam.example')).toBeUndefined();
    expect(t.attempt('10.0.0.1', 'carol@contoso.example')).toBeUndefined();
    // Five attempts in all from 10.0.0.1: even a new email waits.
    expect(t.attempt('10.0.0.1', 'dave@contoso.example')).toBeGreaterThan(0);
  });

  it('forgets the attempts at an email once the client signs in with it', () => {
    const { throttle: t } = throttle(3, 100);
    for (let i = 0; i < 3; i++) t.attempt('10.0.0.1', 'alice@contoso.example');
    t.succeeded('10.0.0.1', 'alice@contoso.example');
    expect(t.attempt('10.0.0.1', 'alice@contoso.example')).toBeUndefined();
  });

  it('counts failures only: a client that signs in again and again is never held back', () => {
    const { throttle: t } = throttle(3, 5);
    for (let i = 0; i < 50; i++) {
      expect(t.attempt('10.0.0.1', `user${i % 3}@contoso.example`)).toBeUndefined();
      t.succeeded('10.0.0.1', `user${i % 3}@contoso.example`);
    }
    for (let i = 0; i < 5; i++) expect(t.attempt('10.0.0.1', `guess${i}@contoso.example`)).toBeUndefined();
    expect(t.attempt('10.0.0.1', 'alice@contoso.example')).toBeGreaterThan(0);
  });

  it('does not count an empty email as the client in all', () => {
    const { throttle: t } = throttle(1, 2);
    expect(t.attempt('10.0.0.1', '')).toBeUndefined();
    expect(t.attempt('10.0.0.1', 'bob@fabrikam.example')).toBeUndefined();
    expect(t.attempt('10.0.0.1', 'carol@contoso.example')).toBeGreaterThan(0);
  });
});
