/**
 * The paginated report behind the frame, free of React: loads it with the host's token and `parameterValues`,
 * answers page navigation and the parameter panel's "View report" by asking the service for page N, downloads
 * the exports, and raises `loaded`, `rendered` and `error` to the host.
 */
import type { FrameEvent } from '@portico/frame';
import { FrameError } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import type { IPaginatedReportLoadConfiguration, IParametersPanel } from '@portico/models';
import type { PageAnswer, ParameterValue } from '@portico/analytics-model';
import type { Session } from '../../api/frame-api.ts';
import { errorBody, forbidden, fromApiError } from '../../model/errors.ts';
import { createStore } from '../../model/store.ts';
import type { ExportFormat, ExportFile, PaginatedApi } from './paginated-api.ts';

export interface PaginatedState {
  readonly status: 'waiting' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
  readonly session?: Session;
  readonly reportId?: string;
  /** The parameter values the shown page was made with. */
  readonly values: readonly ParameterValue[];
  readonly page?: PageAnswer;
  /** A page or export request is under way. */
  readonly busy: boolean;
  readonly panel: Required<IParametersPanel>;
  /** Why the panel's last "View report" was refused. */
  readonly panelError?: string | undefined;
  /** False after a phased `prepare` until `render`. */
  readonly rendering: boolean;
  /** Bumped each time another page is shown; `rendered` is raised once per generation. */
  readonly generation: number;
}

export const INITIAL_PAGINATED_STATE: PaginatedState = {
  status: 'waiting',
  values: [],
  busy: false,
  panel: { enabled: true, expanded: true },
  rendering: false,
  generation: 0,
};

export interface PaginatedControllerOptions {
  readonly api: PaginatedApi;
  /** The report id of the frame's URL (the load config's `id` wins). */
  readonly reportId?: string | undefined;
  readonly raise: (event: FrameEvent) => Promise<void>;
  /** Hands a file to the browser (an `<a download>` click in the app). */
  readonly download: (file: ExportFile) => void;
}

/** models' IParameterValue[] as the service takes it; anything else is refused. */
function parameterValuesOf(value: unknown): ParameterValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badParameters('parameterValues must be a list of { name, value }.');
  return value.map((item: unknown, index) => {
    const { name, value: text } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || (text !== undefined && text !== null && typeof text !== 'string')) {
      throw badParameters(`parameterValues[${index}] must be { name: string, value?: string }.`);
    }
    return { name, value: typeof text === 'string' ? text : null };
  });
}

const badParameters = (detail: string) =>
  new FrameError(400, errorBody('invalidParameters', detail, CommonErrorCodes.InvalidParameters));

/** `new PaginatedController({ api, raise, download })`, then `await controller.load(config, origin, false)`. */
export class PaginatedController {
  readonly store = createStore<PaginatedState>(INITIAL_PAGINATED_STATE);
  readonly api: PaginatedApi;
  private readonly options: PaginatedControllerOptions;
  private renderedGeneration = 0;
  private pending: { key: string; done: Promise<void> } | undefined;

  constructor(options: PaginatedControllerOptions) {
    this.api = options.api;
    this.options = options;
  }

  get state(): PaginatedState {
    return this.store.getSnapshot();
  }

  private update(change: (state: PaginatedState) => PaginatedState): void {
    this.store.update(change);
  }

  /** Before a session every parent may ask (the load checks it); afterwards only the token's origins. */
  acceptsOrigin(origin: string): boolean {
    const session = this.state.session;
    return session === undefined || session.allowedOrigins.includes(origin);
  }

  raise(eventName: string, body: unknown = null): void {
    void this.options.raise({ kind: 'report', eventName, body }).catch(() => undefined);
  }

  /** Raises `error` and returns the error to answer with. */
  fail(error: unknown): FrameError {
    const frameError = fromApiError(error);
    this.raise('error', frameError.body);
    return frameError;
  }

  /** The error of a call before load, or with an expired token. */
  requireLoaded(): { reportId: string; page: PageAnswer } {
    if (this.api.expired) {
      throw new FrameError(
        401,
        errorBody(
          'TokenExpired',
          'The access token has expired: set a new one.',
          CommonErrorCodes.TokenExpired,
        ),
      );
    }
    const { status, reportId, page } = this.state;
    if (status !== 'loaded' || reportId === undefined || page === undefined) {
      throw new FrameError(
        400,
        errorBody(
          'reportNotLoaded',
          'Load the report before calling this.',
          CommonErrorCodes.LoadReportFailed,
        ),
      );
    }
    return { reportId, page };
  }

  /**
   * `POST /report/load` (and `prepare` with `phased`): checks the token against the asking origin, reads page 1
   * with the config's `parameterValues` and panel settings, raises `loaded`.
   */
  load(body: unknown, origin: string, phased: boolean): Promise<void> {
    // The same configuration can arrive twice (the load, and the front-load the frame's `ready` asks for): the
    // second waits for the first instead of loading again.
    const config = (body ?? {}) as Partial<IPaginatedReportLoadConfiguration>;
    const key = JSON.stringify([
      config.id,
      config.accessToken,
      config.parameterValues,
      config.settings,
      phased,
    ]);
    if (this.pending?.key === key) return this.pending.done;
    const done = this.loadOnce(config, origin, phased);
    this.pending = { key, done };
    done.catch(() => {
      if (this.pending?.done === done) this.pending = undefined;
    });
    return done;
  }

  private async loadOnce(
    config: Partial<IPaginatedReportLoadConfiguration>,
    origin: string,
    phased: boolean,
  ): Promise<void> {
    const reportId = config.id ?? this.options.reportId;
    if (typeof config.accessToken !== 'string' || config.accessToken === '' || !reportId) {
      throw this.fail(forbidden('The load configuration needs an accessToken and a report id.'));
    }
    let values: ParameterValue[];
    try {
      values = parameterValuesOf(config.parameterValues);
    } catch (error) {
      throw this.fail(error);
    }
    this.update((s) => ({ ...s, status: 'loading' }));
    try {
      this.api.setToken(config.accessToken);
      const session = await this.api.session();
      if (!session.allowedOrigins.includes(origin)) {
        throw forbidden(`The access token does not allow embedding from ${origin}.`);
      }
      const page = await this.api.page(reportId, 1, values);
      const panel = config.settings?.commands?.parameterPanel ?? {};
      this.update((s) => ({
        ...INITIAL_PAGINATED_STATE,
        status: 'loaded',
        session,
        reportId,
        values,
        page,
        panel: { enabled: panel.enabled ?? true, expanded: panel.expanded ?? true },
        rendering: !phased,
        generation: s.generation + 1,
      }));
    } catch (error) {
      this.update((s) => ({ ...s, status: 'failed', message: messageOf(error) }));
      throw this.fail(error);
    }
    this.raise('loaded');
  }

  /** Shows the report after a phased prepare. */
  render(): void {
    this.requireLoaded();
    this.update((s) => ({ ...s, rendering: true, generation: s.generation + 1 }));
  }

  /** Shows page `pageNumber` for `values` (the applied ones by default); refusals go to the caller. */
  private async show(pageNumber: number, values: readonly ParameterValue[]): Promise<void> {
    const { reportId } = this.requireLoaded();
    this.update((s) => ({ ...s, busy: true }));
    try {
      const page = await this.api.page(reportId, pageNumber, values);
      this.update((s) => ({
        ...s,
        page,
        values,
        busy: false,
        panelError: undefined,
        generation: s.generation + 1,
      }));
    } catch (error) {
      this.update((s) => ({ ...s, busy: false }));
      throw error;
    }
  }

  /** Page navigation: clamps to 1…pageCount. */
  async goTo(pageNumber: number): Promise<void> {
    const { page } = this.requireLoaded();
    const target = Math.min(Math.max(1, Math.trunc(pageNumber)), page.pageCount);
    if (target === page.pageNumber) return;
    try {
      await this.show(target, this.state.values);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The panel's "View report": page 1 for the new values, or the refusal shown in the panel. */
  async apply(values: readonly ParameterValue[]): Promise<void> {
    try {
      await this.show(1, values);
    } catch (error) {
      this.update((s) => ({ ...s, panelError: messageOf(error) }));
      this.fail(error);
    }
  }

  /** `POST /report/refresh`: the current page again (the data may have changed; the page count with it). */
  async refresh(): Promise<void> {
    const { page } = this.requireLoaded();
    try {
      await this.show(page.pageNumber, this.state.values);
    } catch {
      await this.show(1, this.state.values);
    }
  }

  /** `POST /report/token`: a new token; after an expiry the current page is read again. */
  async setToken(token: string): Promise<void> {
    const wasExpired = this.api.expired;
    this.api.setToken(token);
    if (wasExpired && this.state.status === 'loaded')
      await this.refresh().catch((error: unknown) => this.fail(error));
  }

  setPanel(change: Partial<IParametersPanel>): void {
    this.update((s) => ({ ...s, panel: { ...s.panel, ...change } }));
  }

  /** Downloads the whole report in `format`. */
  async exportFile(format: ExportFormat): Promise<void> {
    const { reportId } = this.requireLoaded();
    this.update((s) => ({ ...s, busy: true }));
    try {
      this.options.download(await this.api.exportFile(reportId, format, this.state.values));
    } catch (error) {
      this.fail(error);
    } finally {
      this.update((s) => ({ ...s, busy: false }));
    }
  }

  /** Called by the view once a page is painted: raises `rendered` once per page shown. */
  markRendered(generation: number): void {
    const state = this.state;
    if (!state.rendering || generation !== state.generation || generation <= this.renderedGeneration) return;
    this.renderedGeneration = generation;
    this.raise('rendered');
  }
}

/** The sentence to show: a frame error's detailed message, or the service's message. */
function messageOf(error: unknown): string {
  const detailed = (fromApiError(error).body as { detailedMessage?: unknown } | null)?.detailedMessage;
  return typeof detailed === 'string' ? detailed : error instanceof Error ? error.message : String(error);
}
