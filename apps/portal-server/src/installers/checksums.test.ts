import { describe, expect, it } from 'vitest';
import { checksumsFile, parseChecksumsFile } from './checksums.ts';

describe('SHA256SUMS files', () => {
  it('writes sha256sum text mode lines sorted by name and reads them back', () => {
    const text = checksumsFile([
      { fileName: 'b.msi', sha256: 'b'.repeat(64) },
      { fileName: 'a.msi', sha256: 'a'.repeat(64) },
    ]);
    expect(text).toBe(`${'a'.repeat(64)}  a.msi\n${'b'.repeat(64)}  b.msi\n`);
    expect(parseChecksumsFile(text).map((entry) => entry.fileName)).toEqual(['a.msi', 'b.msi']);
  });

  it('refuses a name that is not a plain file name and a digest that is not SHA-256', () => {
    expect(() => checksumsFile([{ fileName: '../a.msi', sha256: 'a'.repeat(64) }])).toThrow(RangeError);
    expect(() => checksumsFile([{ fileName: 'a\nb', sha256: 'a'.repeat(64) }])).toThrow(RangeError);
    expect(() => checksumsFile([{ fileName: 'a.msi', sha256: 'abc' }])).toThrow(RangeError);
  });
});
