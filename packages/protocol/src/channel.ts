/**
 * The transport core: numbers requests, keeps the pending ones and settles each on its reply, its
 * timeout or a reset. It knows nothing of windows, so either end wraps it around `postMessage`.
 */
import {
  isResponse,
  isSuccess,
  type IRequest,
  type IResponse,
  type OutgoingRequest,
  type RequestHeaders,
} from './envelope.ts';
import { EmbedError, ErrorCode, errorFromResponse } from './errors.ts';
import { createTrackingId } from './ids.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ChannelOptions {
  /** Puts a request on the wire, e.g. `(message) => frame.postMessage(message, embedOrigin)`. */
  post(message: IRequest): void;
  /** Default per-call timeout; `Infinity` waits forever. */
  timeoutMs?: number;
  /** Headers for every request (the `x-sdk-*` ones); a call's own headers win over them. */
  headers?: () => RequestHeaders;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export interface Channel {
  /** Posts `request` and settles with its reply: 2xx resolves, anything else rejects with an `EmbedError`. */
  request<B = unknown>(request: OutgoingRequest, options?: RequestOptions): Promise<IResponse<B>>;
  /** Settles the pending call `data` answers; `false` when it is not a reply to one (then it may be a request). */
  handleMessage(data: unknown): boolean;
  /** Rejects every pending call (with a `CancelledError` for a string reason). Safe to call twice. */
  rejectAll(reason?: string | EmbedError): void;
  /** How many calls are pending. */
  readonly size: number;
}

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
// Read at call time, so fake timers installed by tests are honoured.
const timers = (): Timers => globalThis as unknown as Timers;

interface Pending {
  resolve(response: IResponse): void;
  reject(error: EmbedError): void;
  timer: unknown;
}

/**
 * Creates a channel.
 *
 * @example const channel = createChannel({ post: (m) => iframe.contentWindow!.postMessage(m, origin) });
 *   const { body } = await channel.request({ method: 'GET', url: '/report/pages', headers: { uid } });
 */
export function createChannel(options: ChannelOptions): Channel {
  const pending = new Map<string, Pending>();

  const settle = (id: string): Pending | undefined => {
    const call = pending.get(id);
    if (call) {
      pending.delete(id);
      timers().clearTimeout(call.timer);
    }
    return call;
  };

  return {
    // `B` is the caller's claim about the reply body: the wire does not check it.
    request<B>(request: OutgoingRequest, { timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS } = {}) {
      let id = createTrackingId();
      while (pending.has(id)) id = createTrackingId();
      const message: IRequest = {
        method: request.method,
        url: request.url,
        headers: { ...options.headers?.(), ...request.headers, id },
      };
      if ('body' in request) message.body = request.body;

      return new Promise<IResponse<B>>((resolve, reject) => {
        const timer = Number.isFinite(timeoutMs)
          ? timers().setTimeout(() => {
              const what = `${request.method} ${request.url}`;
              settle(id)?.reject(
                new EmbedError(`No reply to ${what} within ${timeoutMs} ms`, {
                  errorCode: ErrorCode.Timeout,
                }),
              );
            }, timeoutMs)
          : undefined;
        pending.set(id, { resolve: resolve as (response: IResponse) => void, reject, timer });
        try {
          options.post(message);
        } catch (error) {
          settle(id)?.reject(
            new EmbedError(error instanceof Error ? error.message : 'The request could not be posted', {
              errorCode: ErrorCode.PostFailed,
              body: error,
            }),
          );
        }
      });
    },

    handleMessage(data) {
      if (!isResponse(data)) return false;
      const call = settle(data.headers.id);
      if (!call) return false;
      if (isSuccess(data.statusCode)) call.resolve(data);
      else call.reject(errorFromResponse(data));
      return true;
    },

    rejectAll(reason = 'The channel was reset') {
      const error =
        typeof reason === 'string' ? new EmbedError(reason, { errorCode: ErrorCode.Cancelled }) : reason;
      for (const id of [...pending.keys()]) settle(id)?.reject(error);
    },

    get size() {
      return pending.size;
    },
  };
}
