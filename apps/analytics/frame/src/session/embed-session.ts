/**
 * One embed session, shared by every kind of frame (report, quick create, dashboard, tile, Q&A, paginated report):
 * the token and its expiry, the origin gate, the load and its join with the configuration the SDK front-loads, the
 * not-loaded / expired guard, and raising events and errors. A kind supplies only what is its own (`EmbedKind`):
 * how it opens its content from a load configuration, what it starts once `loaded` is raised, how it shows a failed
 * load, and what it does again when a new token replaces an expired one.
 *
 * The load policy (one for every kind; the frame README says it too):
 * - A load (`load`, `prepare`) asks for the token's grant and checks the asking origin; `loaded` is raised once it
 *   succeeded, `error` (and the reply's rejection) when it failed.
 * - A load whose configuration (and phase) equals the load still running joins it: the same answer, nothing asked
 *   or raised twice.
 * - `POST /frontload/config` (the configuration the SDK sends again when the frame says `ready`) starts a load only
 *   when no load was asked for yet (the host's own load went out before the frame listened); otherwise it changes
 *   nothing. It is answered at once: the load's outcome reaches the host as `loaded` or `error`.
 * - The first load after a front-loaded one, with its configuration, joins it even when it has finished, within
 *   `FRONT_LOAD_JOIN_MS` of it: the SDK's load and front-load are one embed call. Any later load loads again.
 */
import { FrameError } from '@portico/frame';
import type { FrameEvent } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import type { ApiError } from '../api/request.ts';
import type { Session } from '../api/frame-api.ts';
import { badRequest, errorBody, forbidden, fromApiError } from '../model/errors.ts';
import { checkedToken } from '../routes/edge-checks.ts';

/** The kind events are raised as (`/reports/:uid/events/…`, `/dashboards/…`, `/tile/…`, `/qna/…`). */
export type EventKind = 'report' | 'dashboard' | 'tile' | 'qna';

/** What the session needs of a kind's API client. */
export interface SessionApi {
  setToken(token: string): void;
  readonly expired: boolean;
  /**
   * The grant of the token in use, or of `token` when given (asked with it without putting it in use, as a renewal
   * checks a new token before taking it): its allowed origins and permissions.
   */
  session(token?: string): Promise<Session>;
}

/** A load as the session parsed it: the configuration object and its token; the rest is the kind's to read. */
export interface LoadRequest {
  readonly config: Readonly<Record<string, unknown>>;
  readonly accessToken: string;
  readonly origin: string;
  /** `prepare`: load now, render on `render`. */
  readonly phased: boolean;
}

/** What a kind of embed supplies to the session. */
export interface EmbedKind {
  /**
   * Reads the kind's part of the configuration (a `FrameError` for a bad one), asks for the grant through
   * `session.authorize(…)` and reads the content; resolves with `show`, which puts it in the kind's state. The
   * session calls `show`, raises `loaded` and calls `opened` in one synchronous step, so the view never renders the
   * content before its first pass started. Throwing fails the load.
   */
  open(request: LoadRequest): Promise<() => void>;
  /** After `loaded` was raised: starts what the load asked for (rendering, a first question…). */
  opened?(request: LoadRequest): void;
  /** The load failed and `error` was raised: shows why. */
  failed(error: FrameError): void;
  /** A new token was set; after an expiry the kind fetches again what the old one could not. */
  tokenRenewed?(wasExpired: boolean): void | Promise<void>;
}

export interface EmbedSessionOptions {
  readonly kind: EventKind;
  readonly api: SessionApi;
  /** Raises an event to the host (the frame router's `raise`); failures (no host listening) are ignored. */
  readonly raise: (event: FrameEvent) => Promise<void>;
  readonly embed: EmbedKind;
}

/** How long after a front-loaded load the host's own load of the same configuration still joins it. */
export const FRONT_LOAD_JOIN_MS = 5_000;

/** What each kind calls itself in "Load the … before calling this." */
const NOUN: Record<EventKind, string> = {
  report: 'report',
  dashboard: 'dashboard',
  tile: 'tile',
  qna: 'Q&A',
};

interface Running {
  readonly key: string;
  readonly done: Promise<void>;
  readonly at: number;
  readonly frontLoaded: boolean;
  settled: boolean;
  joined: boolean;
}

/** What makes two loads the same load: the whole configuration and the phase. */
function keyOf(body: unknown, phased: boolean): string {
  try {
    return JSON.stringify([body, phased]);
  } catch {
    // A configuration JSON cannot spell (structured clone allows more) is never the same as another.
    return `${Math.random()}`;
  }
}

export class EmbedSession {
  readonly kind: EventKind;
  readonly api: SessionApi;
  private readonly raiseEvent: EmbedSessionOptions['raise'];
  private readonly embed: EmbedKind;
  private granted: Session | undefined;
  private loadAsked = false;
  private running: Running | undefined;

  constructor(options: EmbedSessionOptions) {
    this.kind = options.kind;
    this.api = options.api;
    this.raiseEvent = options.raise;
    this.embed = options.embed;
  }

  /** The grant of the token that last passed the origin check, if any. */
  get grant(): Session | undefined {
    return this.granted;
  }

  /** The origin gate: before a grant every parent may ask (the load checks it); afterwards only the token's origins. */
  acceptsOrigin(origin: string): boolean {
    return this.granted === undefined || this.granted.allowedOrigins.includes(origin);
  }

  /** Raises an event of this embed's kind; a host that does not answer is ignored. */
  raise(eventName: string, body: unknown = null): void {
    void this.raiseEvent({ kind: this.kind, eventName, body }).catch(() => undefined);
  }

  /** Raises `error` with the failure's `IError` and returns the error to answer with. */
  fail(error: unknown): FrameError {
    const frameError = fromApiError(error);
    this.raise('error', frameError.body);
    return frameError;
  }

  /** The API client found the token expired: raises the SDK's `TokenExpired` error. */
  tokenExpired(error: ApiError): void {
    this.raise('error', errorBody('TokenExpired', error.message, CommonErrorCodes.TokenExpired));
  }

  /**
   * The guard of every call but load: 401 `TokenExpired` while the token is expired (unless `allowExpired`, for a
   * call that waits for the new token itself), else 400 `<kind>NotLoaded` until `isLoaded`.
   */
  requireLoaded(isLoaded: boolean, { allowExpired = false } = {}): asserts isLoaded {
    if (!allowExpired && this.api.expired) {
      throw new FrameError(
        401,
        errorBody(
          'TokenExpired',
          'The access token has expired: set a new one.',
          CommonErrorCodes.TokenExpired,
        ),
      );
    }
    if (!isLoaded) {
      throw new FrameError(
        400,
        errorBody(
          `${this.kind}NotLoaded`,
          `Load the ${NOUN[this.kind]} before calling this.`,
          CommonErrorCodes.LoadReportFailed,
        ),
      );
    }
  }

  /**
   * Sets the load's token and asks for its grant; 403 when the grant does not allow the asking origin. The token is
   * set before the first await, so a kind may start its own requests alongside (one round trip).
   */
  async authorize(accessToken: string, origin: string): Promise<Session> {
    this.api.setToken(accessToken);
    const grant = await this.api.session();
    if (!grant.allowedOrigins.includes(origin)) {
      throw forbidden(`The access token does not allow embedding from ${origin}.`);
    }
    this.granted = grant;
    return grant;
  }

  /** `POST /<kind>/load` and `prepare`: loads, or joins the same load (see the policy above). */
  load(body: unknown, origin: string, phased = false): Promise<void> {
    const key = keyOf(body, phased);
    const running = this.running;
    if (running !== undefined && running.key === key) {
      const joinsFrontLoad =
        running.frontLoaded && !running.joined && Date.now() - running.at < FRONT_LOAD_JOIN_MS;
      if (!running.settled || joinsFrontLoad) {
        if (running.frontLoaded) running.joined = true;
        return running.done;
      }
    }
    return this.start(key, body, origin, phased, false);
  }

  /**
   * `POST /frontload/config`: loads with the configuration when no load was asked for yet; resolves once that load
   * settled (never rejects: its failure was raised as `error`). The route answers at once.
   */
  frontLoad(body: unknown, origin: string): Promise<void> {
    if (this.loadAsked) return Promise.resolve();
    return this.start(keyOf(body, false), body, origin, false, true).catch(() => undefined);
  }

  /**
   * `POST /:embedType/token` (`setAccessToken`): the body is the token (or `{ accessToken }`); 404 for another embed
   * type, 400 for an empty or malformed token. The new token's grant is asked for before it is used, and the token is
   * refused (403, as a load from that origin is) when its allowed origins do not include the asking host's origin, or
   * with the service's answer when the service refuses it; a refused token leaves the previous one in use. After an
   * expiry the kind fetches again what the old token could not.
   */
  async renewToken(body: unknown, origin: string, embedType?: string): Promise<null> {
    const expected = this.kind === 'dashboard' || this.kind === 'tile' ? this.kind : 'report';
    if (embedType !== undefined && embedType !== expected) {
      throw new FrameError(
        404,
        errorBody(
          'notFound',
          `This frame embeds a ${expected}, not a ${embedType}.`,
          CommonErrorCodes.NotFound,
        ),
      );
    }
    const token = checkedToken(body);
    let grant: Session;
    try {
      grant = await this.api.session(token);
    } catch (error) {
      throw fromApiError(error);
    }
    if (!grant.allowedOrigins.includes(origin)) {
      throw forbidden(`The new access token does not allow embedding from ${origin}.`);
    }
    const wasExpired = this.api.expired;
    this.api.setToken(token);
    if (this.granted !== undefined) this.granted = grant;
    await this.embed.tokenRenewed?.(wasExpired);
    return null;
  }

  private start(key: string, body: unknown, origin: string, phased: boolean, frontLoaded: boolean) {
    this.loadAsked = true;
    const done = this.run(body, origin, phased);
    const running: Running = { key, done, at: Date.now(), frontLoaded, settled: false, joined: false };
    this.running = running;
    const settle = () => {
      running.settled = true;
    };
    done.then(settle, settle);
    return done;
  }

  private async run(body: unknown, origin: string, phased: boolean): Promise<void> {
    let request: LoadRequest;
    let show: () => void;
    try {
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw badRequest('The load configuration must be an object.');
      const accessToken = (body as { accessToken?: unknown }).accessToken;
      if (typeof accessToken !== 'string' || accessToken === '')
        throw badRequest('The load configuration needs an accessToken.');
      request = { config: body as Record<string, unknown>, accessToken, origin, phased };
      show = await this.embed.open(request);
    } catch (error) {
      const failure = this.fail(error);
      this.embed.failed(failure);
      throw failure;
    }
    show();
    this.raise('loaded');
    this.embed.opened?.(request);
  }
}
