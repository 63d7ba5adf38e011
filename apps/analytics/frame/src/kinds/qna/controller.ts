/**
 * The Q&A embed behind the frame, free of React: loads with the host's token, asks questions, keeps the state the
 * view renders, and raises the Q&A events (`loaded`, `visualRendered`, `error`).
 */
import type { FrameEvent } from '@portico/frame';
import { QnaMode } from '@portico/models';
import type { Session } from '../../api/frame-api.ts';
import { badRequest, forbidden, fromApiError } from '../../model/errors.ts';
import { createStore } from '../../model/store.ts';
import type { QnaAnswered, QnaApi, QnaDataset, QnaUnanswered } from './api.ts';

/** The longest question the service accepts. */
export const MAX_QUESTION_LENGTH = 500;

export type QnaResultState =
  | { readonly status: 'idle' }
  | { readonly status: 'asking'; readonly seq: number; readonly question: string }
  | { readonly status: 'answered'; readonly seq: number; readonly value: QnaAnswered }
  | { readonly status: 'unanswered'; readonly seq: number; readonly value: QnaUnanswered }
  | { readonly status: 'error'; readonly seq: number; readonly question: string; readonly message: string };

export interface QnaState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
  readonly session?: Session;
  readonly datasetIds: readonly string[];
  readonly datasets: readonly QnaDataset[];
  readonly mode: 'interactive' | 'resultOnly';
  readonly hideErrors: boolean;
  readonly result: QnaResultState;
}

export const INITIAL_QNA_STATE: QnaState = {
  status: 'idle',
  datasetIds: [],
  datasets: [],
  mode: 'interactive',
  hideErrors: false,
  result: { status: 'idle' },
};

export interface QnaControllerOptions {
  readonly api: QnaApi;
  /** Raises an event to the host; failures (no host listening) are ignored. */
  readonly raise: (event: FrameEvent) => Promise<void>;
}

interface LoadConfig {
  readonly accessToken?: unknown;
  readonly datasetIds?: unknown;
  readonly question?: unknown;
  readonly viewMode?: unknown;
  readonly settings?: { readonly hideErrors?: unknown } | null;
}

/** What makes two load configs the same load. */
function loadKey(body: unknown): string {
  const c = (body ?? {}) as LoadConfig;
  return JSON.stringify([c.accessToken, c.datasetIds, c.question, c.viewMode, c.settings?.hideErrors]);
}

/** `new QnaController({ api, raise })`, then `await controller.load(config, origin)` and `await controller.ask(q)`. */
export class QnaController {
  readonly store = createStore<QnaState>(INITIAL_QNA_STATE);
  readonly api: QnaApi;
  private readonly raiseEvent: QnaControllerOptions['raise'];
  private seq = 0;
  private renderedSeq = 0;
  /** The question whose answer a token expiry interrupted, asked again after setAccessToken. */
  private interrupted: string | undefined;
  /** A load started by a front-loaded config, which the SDK's load of the same config joins. */
  private frontLoaded: { key: string; promise: Promise<void> } | undefined;

  constructor(options: QnaControllerOptions) {
    this.api = options.api;
    this.raiseEvent = options.raise;
  }

  get state(): QnaState {
    return this.store.getSnapshot();
  }

  /** Before a session every parent may ask (the load checks it); afterwards only the token's origins. */
  acceptsOrigin(origin: string): boolean {
    const session = this.state.session;
    return session === undefined || session.allowedOrigins.includes(origin);
  }

  /** Raises a Q&A event to the host (`/qna/:uid/events/:name`); a host that does not answer is ignored. */
  raise(eventName: string, body: unknown = null): void {
    void this.raiseEvent({ kind: 'qna', eventName, body }).catch(() => undefined);
  }

  private fail(error: unknown): Error {
    const frameError = fromApiError(error);
    this.raise('error', frameError.body);
    return frameError;
  }

  /**
   * `POST /frontload/config`, the config the SDK sends when the frame says it is ready. This frame's code arrives
   * as its own chunk, possibly after the iframe's load event — when the SDK's own load was posted to nobody — so a
   * front-loaded config loads the embed unless a load came first; the SDK's load of the same config that may
   * follow is then answered by this one.
   */
  frontLoad(body: unknown, origin: string): Promise<void> | null {
    if (this.state.status !== 'idle') return null;
    const key = loadKey(body);
    const promise = this.load(body, origin);
    this.frontLoaded = { key, promise };
    return promise;
  }

  /** `POST /qna/load`: checks the grant against the asking origin, reads the datasets, raises `loaded`, asks. */
  load(body: unknown, origin: string): Promise<void> {
    const front = this.frontLoaded;
    this.frontLoaded = undefined;
    if (front !== undefined && front.key === loadKey(body)) return front.promise;
    return this.loadNow(body, origin);
  }

  private async loadNow(body: unknown, origin: string): Promise<void> {
    const config = (body ?? {}) as LoadConfig;
    const ids = config.datasetIds;
    if (typeof config.accessToken !== 'string' || config.accessToken === '') {
      throw this.fail(forbidden('The load configuration needs an accessToken.'));
    }
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 10 ||
      !ids.every((id): id is string => typeof id === 'string' && id !== '')
    ) {
      throw this.fail(badRequest('datasetIds must name one to ten datasets.'));
    }
    this.store.update((s) => ({ ...s, status: 'loading' }));
    try {
      this.api.setToken(config.accessToken);
      const session = await this.api.session();
      if (!session.allowedOrigins.includes(origin)) {
        throw forbidden(`The access token does not allow embedding from ${origin}.`);
      }
      const datasets = await Promise.all(ids.map((id) => this.api.dataset(id)));
      this.store.update(() => ({
        ...INITIAL_QNA_STATE,
        status: 'loaded',
        session,
        datasetIds: ids,
        datasets,
        mode: config.viewMode === QnaMode.ResultOnly ? 'resultOnly' : 'interactive',
        hideErrors: config.settings?.hideErrors === true,
      }));
    } catch (error) {
      this.store.update((s) => ({ ...s, status: 'failed', message: fromApiError(error).message }));
      throw this.fail(error);
    }
    this.raise('loaded');
    const question = typeof config.question === 'string' ? config.question.trim() : '';
    if (question !== '') this.ask(question).catch(() => undefined);
  }

  /**
   * Asks a question (`POST /qna/interpret`, or the question box): resolves once the answer (or the reason there is
   * none) is known; the view raises `visualRendered` when it has drawn it.
   */
  async ask(raw: unknown, datasetIds?: unknown): Promise<void> {
    if (this.state.status !== 'loaded') throw badRequest('Load a Q&A embed before asking a question.');
    const question = typeof raw === 'string' ? raw.trim() : '';
    if (question === '') throw badRequest('The question is empty.');
    if (question.length > MAX_QUESTION_LENGTH) {
      throw badRequest(`A question may have at most ${MAX_QUESTION_LENGTH} characters.`);
    }
    const ids = Array.isArray(datasetIds) && datasetIds.length > 0 ? datasetIds : this.state.datasetIds;
    if (!ids.every((id) => typeof id === 'string' && this.state.datasetIds.includes(id))) {
      throw badRequest('datasetIds may name only the datasets the embed was loaded with.');
    }
    const seq = ++this.seq;
    this.interrupted = undefined;
    this.store.update((s) => ({ ...s, result: { status: 'asking', seq, question } }));
    try {
      const value = await this.api.interpret(ids as string[], question);
      if (seq !== this.seq) return;
      this.store.update((s) => ({
        ...s,
        result:
          value.status === 'answered'
            ? { status: 'answered', seq, value }
            : { status: 'unanswered', seq, value },
      }));
    } catch (error) {
      if (seq !== this.seq) return;
      const expired = this.api.expired;
      if (expired) this.interrupted = question;
      const frameError = fromApiError(error);
      const message = expired ? 'The access token has expired.' : frameError.message;
      this.store.update((s) => ({ ...s, result: { status: 'error', seq, question, message } }));
      // An expired token has raised its own error already.
      throw expired ? frameError : this.fail(error);
    }
  }

  /** `POST /report/token` (the SDK's route for Q&A): swaps the token and asks an interrupted question again. */
  setToken(token: string): void {
    this.api.setToken(token);
    const again = this.interrupted;
    if (again !== undefined) this.ask(again).catch(() => undefined);
  }

  /** Called by the view once the answer of `seq` is painted: raises `visualRendered` once per answer. */
  markRendered(seq: number): void {
    const result = this.state.result;
    if (result.status !== 'answered' || result.seq !== seq || seq <= this.renderedSeq) return;
    this.renderedSeq = seq;
    this.raise('visualRendered', {
      question: result.value.question,
      normalizedQuestion: result.value.normalizedQuestion,
    });
  }
}
