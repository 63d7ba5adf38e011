/**
 * How a route handler's outcome becomes a reply: a returned value is a 200, `reply()` picks the
 * status, a thrown `FrameError` is its own status and body, anything else thrown is a 500.
 */

/** A reply with a chosen status, e.g. `return reply(201, page)`. */
export class FrameReply<B = unknown> {
  constructor(
    readonly statusCode: number,
    readonly body: B,
  ) {}
}

/** Answers with `statusCode` and `body`, e.g. `return reply(204, null)`. */
export const reply = <B>(statusCode: number, body: B): FrameReply<B> => new FrameReply(statusCode, body);

/**
 * Thrown by a handler to fail a request with a status and the body the host SDK rejects with, e.g.
 * `throw new FrameError(404, { message: 'visualNotFound', detailedMessage: 'Visual not found', errorCode: 'NotFound' })`.
 */
export class FrameError extends Error {
  override readonly name = 'FrameError';

  constructor(
    readonly statusCode: number,
    readonly body: unknown = null,
  ) {
    const message = (body as { message?: unknown } | null)?.message;
    super(typeof message === 'string' ? message : `The frame failed the request with status ${statusCode}`);
  }
}

/** Runs a handler and turns its outcome into `[statusCode, body]`. */
export async function settle(run: () => unknown): Promise<[number, unknown]> {
  try {
    const result = await run();
    if (result instanceof FrameReply) return [result.statusCode, result.body];
    return [200, result === undefined ? null : result];
  } catch (error) {
    if (error instanceof FrameError) return [error.statusCode, error.body];
    const message = error instanceof Error ? error.message : 'The frame could not handle the request';
    return [500, { message }];
  }
}
