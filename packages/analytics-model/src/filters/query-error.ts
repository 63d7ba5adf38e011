/**
 * A query the layer refuses: an unknown name, a malformed or unsupported filter, an impossible combination. The
 * message is safe to show the caller and names the offending part; the server answers it with 400, and so does the frame before it changes anything.
 *
 * ```ts
 * throw new QueryError('Devices.Colour is not a column of the dataset');
 * ```
 */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

/** Shows a value in an error message, cut short: `shown('Berlin')` → `'Berlin'` (quoted), objects as JSON. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
