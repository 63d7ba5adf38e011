import type { IResponse } from './envelope.ts';

/** The error codes the SDK itself produces (a failing frame reply keeps the frame's own `errorCode`). */
export const ErrorCode = {
  /** No reply came within the call's timeout. */
  Timeout: 'TimeoutError',
  /** The call was still pending when its channel, embed or router was reset or destroyed. */
  Cancelled: 'CancelledError',
  /** The message could not be posted (a body that cannot be cloned, no known target, a closed window). */
  PostFailed: 'PostFailed',
  /** The frame replied with a non-2xx status and no error code of its own. */
  RequestFailed: 'RequestFailed',
} as const;

export interface EmbedErrorDetails {
  errorCode: string;
  detailedMessage?: string | undefined;
  /** The failing reply's original body: what powerbi-client itself rejects with. */
  body?: unknown;
  statusCode?: number | undefined;
}

/** The one error type every SDK call rejects with, on both ends of the frame. */
export class EmbedError extends Error {
  override readonly name = 'EmbedError';
  readonly errorCode: string;
  readonly detailedMessage: string | undefined;
  readonly body: unknown;
  readonly statusCode: number | undefined;

  constructor(message: string, details: EmbedErrorDetails) {
    super(message);
    this.errorCode = details.errorCode;
    this.detailedMessage = details.detailedMessage;
    this.body = details.body;
    this.statusCode = details.statusCode;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The error for a non-2xx reply, reading the frame's `{ message, detailedMessage, errorCode }`
 * when its body has them (a bare string body is taken as the message).
 */
export function errorFromResponse(response: IResponse): EmbedError {
  const { body, statusCode } = response;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = text(body) ?? text(fields.message) ?? `The frame answered ${statusCode}`;
  return new EmbedError(message, {
    errorCode: text(fields.errorCode) ?? ErrorCode.RequestFailed,
    detailedMessage: text(fields.detailedMessage),
    body,
    statusCode,
  });
}
