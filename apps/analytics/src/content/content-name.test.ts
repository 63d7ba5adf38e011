import { describe, expect, it } from 'vitest';
import { contentName } from './content-name.ts';

describe('contentName', () => {
  it('keeps a name people can read, trimmed, in any script', () => {
    expect(contentName('  Fleet copy ')).toEqual({ name: 'Fleet copy' });
    expect(contentName('Überblick 😀 – 東京')).toEqual({ name: 'Überblick 😀 – 東京' });
  });

  it('refuses a blank name', () => {
    expect(contentName(' \t ')).toEqual({ problem: 'name is required' });
  });

  it('refuses control characters and bidirectional overrides and isolates', () => {
    for (const raw of [
      'a\u0000b',
      'line\nbreak',
      'bell\u0007',
      'c1\u0085',
      'invoice\u202egnp.exe',
      'x\u2066y',
    ])
      expect(contentName(raw)).toEqual({
        problem: 'name may not hold control characters or bidirectional overrides',
      });
  });
});
