/**
 * A query the layer refuses: an unknown name, a malformed or unsupported filter, an impossible combination. The
 * message is safe to show the caller and names the offending part; the HTTP layer answers it with 400.
 *
 * ```ts
 * throw new QueryError("Unknown column 'Devices'.'Colour'");
 * ```
 */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}
