import { describe, expect, it } from 'vitest';
import { ByteChunks } from '../../src/documents/formats/byte-chunk.ts';

function written(size: number, write: (out: ByteChunks) => void): { text: string; chunks: number[] } {
  const out = new ByteChunks(size);
  const chunks: Buffer[] = [];
  write(out);
  if (out.full) chunks.push(out.take());
  chunks.push(out.rest());
  return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.map((c) => c.length) };
}

describe('the byte chunk writer', () => {
  it('writes numbers as String() does, safe integers digit by digit', () => {
    const values = [
      0,
      -0,
      7,
      10,
      42,
      -42,
      1_000_000,
      2 ** 31,
      -(2 ** 31) - 1,
      Number.MAX_SAFE_INTEGER,
      1.5,
      -0.25,
      1e21,
    ];
    const { text } = written(64, (out) => {
      for (const value of values) {
        out.number(value);
        out.byte(0x2c);
      }
    });
    expect(text).toBe(values.map((value) => `${String(value)},`).join(''));
  });

  it('writes text as UTF-8 across chunk boundaries, and a text longer than a chunk whole', () => {
    const long = 'ü'.repeat(40);
    const { text, chunks } = written(16, (out) => {
      out.string('Gerät 1,');
      out.string('デバイス');
      out.string(long);
      out.string('\r\n');
    });
    expect(text).toBe(`Gerät 1,デバイス${long}\r\n`);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(text));
  });

  it('hands out a chunk once one is full, and the rest at the end', () => {
    const out = new ByteChunks(8);
    for (let i = 0; i < 5; i++) out.string('ab');
    expect(out.full).toBe(true);
    expect(out.take().toString()).toBe('abababab');
    expect(out.full).toBe(false);
    expect(out.rest().toString()).toBe('ab');
    expect(out.rest().length).toBe(0);
  });
});
