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
  /** Default per-call timeout; `Infinity` waits forever, `undefined` is `DEFAULT_TIMEOUT_MS`. */
  timeoutMs?: number | undefined;
  /** Headers for every request (the `x-sdk-*` ones); a call's own headers win over them. */
  headers?: () => RequestHeaders;
}

export interface RequestOptions {
  /** This call's timeout; `undefined` is the channel's. */
  timeoutMs?: number | undefined;
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

interface Pending {
  _resolve(response: IResponse): void;
  _reject(error: EmbedError): void;
  /** `Date.now()` after which the call times out; `Infinity` waits forever. */
  _deadline: number;
  /** The call, for its timeout message (composed only if it times out). */
  _request: OutgoingRequest;
  _timeoutMs: number;
}

/**
 * Creates a channel.
 *
 * @example const channel = createChannel({ post: (m) => iframe.contentWindow!.postMessage(m, origin) });
 *   const { body } = await channel.request({ method: 'GET', url: '/report/pages', headers: { uid } });
 */
export function createChannel(options: ChannelOptions): Channel {
  const pending = new Map<string, Pending>();
  // One timer for every pending call, set for the earliest deadline, instead of one timer per call: a
  // browser timer costs more than the rest of a call's JavaScript (bench/sdk-round-trip.ts). A settled call
  // leaves the timer running; when it fires it ends what is due and is set again for the next deadline.
  // `setTimeout`/`clearTimeout` are read at call time, so fake timers installed by tests are honoured.
  let at = Infinity;
  // The `setTimeout` that set the timer and how to cancel it: a timer set before a test installed fake
  // timers is set again with them (and cancelled with the function of its own kind).
  let armedWith: unknown;
  let cancel = (): void => undefined;

  const arm = (): void => {
    cancel();
    at = Infinity;
    for (const call of pending.values()) at = Math.min(at, call._deadline);
    armedWith = setTimeout;
    cancel = () => undefined;
    if (at < Infinity) {
      // A delay over 2^31 - 1 ms would fire at once: wake at that limit instead and set the timer again.
      const timer = setTimeout(expire, Math.min(at - Date.now(), 2 ** 31 - 1));
      // In Node the timer may outlive the last call: it must not keep the process alive.
      (timer as { unref?: () => void }).unref?.();
      const clear = clearTimeout;
      cancel = () => clear(timer);
    }
  };

  function expire(): void {
    const now = Date.now();
    for (const [id, call] of pending) {
      if (call._deadline > now) continue;
      pending.delete(id);
      const what = `${call._request.method} ${call._request.url} within ${call._timeoutMs} ms`;
      call._reject(new EmbedError(`No reply to ${what}`, { errorCode: ErrorCode.Timeout }));
    }
    arm();
  }

  const settle = (id: string): Pending | undefined => {
    const call = pending.get(id);
    if (call) pending.delete(id);
    return call;
  };

  return {
    // `B` is the caller's claim about the reply body: the wire does not check it.
    request<B>(request: OutgoingRequest, { timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS } = {}) {
      // Unique among pending calls: a counter that wraps only after 2^32 calls (ids.ts).
      const id = createTrackingId();
      const message: IRequest = {
        method: request.method,
        url: request.url,
        headers: { ...options.headers?.(), ...request.headers, id },
      };
      if ('body' in request) message.body = request.body;

      return new Promise<IResponse<B>>((resolve, reject) => {
        const deadline = Number.isFinite(timeoutMs) ? Date.now() + timeoutMs : Infinity;
        pending.set(id, {
          _resolve: resolve as (response: IResponse) => void,
          _reject: reject,
          _deadline: deadline,
          _request: request,
          _timeoutMs: timeoutMs,
        });
        if (deadline < at || armedWith !== setTimeout) arm();
        try {
          options.post(message);
        } catch (error) {
          settle(id)?._reject(
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
      if (isSuccess(data.statusCode)) call._resolve(data);
      else call._reject(errorFromResponse(data));
      return true;
    },

    rejectAll(reason = 'The channel was reset') {
      const error =
        typeof reason === 'string' ? new EmbedError(reason, { errorCode: ErrorCode.Cancelled }) : reason;
      for (const id of [...pending.keys()]) settle(id)?._reject(error);
      arm();
    },

    get size() {
      return pending.size;
    },
  };
}
