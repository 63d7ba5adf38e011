/** A satisfiable byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for a representation of `size` bytes (RFC 9110 §14): `undefined` to send the whole
 * representation (no header, another unit, several ranges or a malformed value, all of which a server may ignore),
 * `'unsatisfiable'` for 416, else the one range.
 *
 * ```ts
 * parseRange('bytes=100-', 1000); // { start: 100, end: 999 }
 * parseRange('bytes=-10', 1000); // { start: 990, end: 999 }
 * ```
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first.length > 15 || last.length > 15) return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Whether an `If-Range` validator still names the current representation: a strong ETag that matches exactly, or an
 * HTTP date equal to Last-Modified (to the second). Absent means yes.
 */
export function ifRangeMatches(header: string | undefined, etag: string, lastModified: Date): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
