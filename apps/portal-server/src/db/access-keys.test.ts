import { describe, expect, it } from 'vitest';
import { newKey } from './access-keys.ts';

describe('a new access key', () => {
  it('never starts with "-", which the admin CLI would read as an option, and is drawn again instead', () => {
    // 0xF8 is 111110 in its first six bits: base64url's "-".
    const draws = [Buffer.alloc(32, 0xf8), Buffer.alloc(32, 0x41)];
    const key = newKey(() => draws.shift() ?? Buffer.alloc(32));
    expect(Buffer.alloc(32, 0xf8).toString('base64url').startsWith('-')).toBe(true);
    expect(key).toBe(Buffer.alloc(32, 0x41).toString('base64url'));
    expect(draws).toHaveLength(0);
  });

  it('is 43 characters of base64url from 32 random bytes', () => {
    for (let i = 0; i < 200; i += 1) expect(newKey()).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/);
  });
});
