/**
 * The Q&A embed behind the frame, free of React: loads with the host's token, asks questions, keeps the state the
 * view renders, and raises the Q&A events (`loaded`, `visualRendered`, `error`).
 */
import type { FrameEvent } from '@portico/frame';
import { QnaMode } from '@portico/models';
import { badRequest, fromApiError } from '../../model/errors.ts';
import { EmbedSession } from '../../session/embed-session.ts';
import type { LoadRequest } from '../../session/embed-session.ts';
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
  /** Raises an event to the host (the frame router's `raise`). */
  readonly raise: (event: FrameEvent) => Promise<void>;
}

interface LoadConfig {
  readonly accessToken?: unknown;
  readonly datasetIds?: unknown;
  readonly question?: unknown;
  readonly viewMode?: unknown;
  readonly settings?: { readonly hideErrors?: unknown } | null;
}

/** `new QnaController({ api, raise })`, then `await controller.load(config, origin)` and `await controller.ask(q)`. */
export class QnaController {
  readonly store = createStore<QnaState>(INITIAL_QNA_STATE);
  readonly api: QnaApi;
  /** The embed session: token, origin gate, load and front-load, guard, events. */
  readonly session: EmbedSession;
  private seq = 0;
  private renderedSeq = 0;
  /** The question whose answer a token expiry interrupted, asked again after setAccessToken. */
  private interrupted: string | undefined;

  constructor(options: QnaControllerOptions) {
    this.api = options.api;
    this.session = new EmbedSession({
      kind: 'qna',
      api: options.api,
      raise: options.raise,
      embed: {
        open: (request) => this.open(request),
        opened: ({ config }) => {
          const question = typeof config.question === 'string' ? config.question.trim() : '';
          if (question !== '') this.ask(question).catch(() => undefined);
        },
        failed: (error) => this.store.update((s) => ({ ...s, status: 'failed', message: error.message })),
        // After an expiry (or any new token), the question it interrupted is asked again.
        tokenRenewed: () => {
          const again = this.interrupted;
          if (again !== undefined) this.ask(again).catch(() => undefined);
        },
      },
    });
  }

  get state(): QnaState {
    return this.store.getSnapshot();
  }

  /** The Q&A part of a load (`POST /qna/load`): the datasets, the grant, the view mode. */
  private async open({ config: raw, accessToken, origin }: LoadRequest): Promise<() => void> {
    const config = raw as LoadConfig;
    const ids = config.datasetIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 10 ||
      !ids.every((id): id is string => typeof id === 'string' && id !== '')
    ) {
      throw badRequest('datasetIds must name one to ten datasets.');
    }
    this.store.update((s) => ({ ...s, status: 'loading' }));
    await this.session.authorize(accessToken, origin);
    const datasets = await Promise.all(ids.map((id) => this.api.dataset(id)));
    return () =>
      this.store.update(() => ({
        ...INITIAL_QNA_STATE,
        status: 'loaded',
        datasetIds: ids,
        datasets,
        mode: config.viewMode === QnaMode.ResultOnly ? 'resultOnly' : 'interactive',
        hideErrors: config.settings?.hideErrors === true,
      }));
  }

  /**
   * Asks a question (`POST /qna/interpret`, or the question box): resolves once the answer (or the reason there is
   * none) is known; the view raises `visualRendered` when it has drawn it.
   */
  async ask(raw: unknown, datasetIds?: unknown): Promise<void> {
    // An expired token is let through: the question waits for the new one (`interrupted`).
    this.session.requireLoaded(this.state.status === 'loaded', { allowExpired: true });
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
      throw expired ? frameError : this.session.fail(error);
    }
  }

  /** Called by the view once the answer of `seq` is painted: raises `visualRendered` once per answer. */
  markRendered(seq: number): void {
    const result = this.state.result;
    if (result.status !== 'answered' || result.seq !== seq || seq <= this.renderedSeq) return;
    this.renderedSeq = seq;
    this.session.raise('visualRendered', {
      question: result.value.question,
      normalizedQuestion: result.value.normalizedQuestion,
    });
  }
}
