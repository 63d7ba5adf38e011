/**
 * The paginated report behind the frame, free of React: loads it with the host's token and `parameterValues`,
 * answers page navigation and the parameter panel's "View report" by asking the service for page N, downloads
 * the exports, and raises `loaded`, `rendered` and `error` to the host.
 */
import type { FrameEvent } from '@portico/frame';
import type { IPaginatedReportLoadConfiguration, IParametersPanel } from '@portico/models';
import type { PageAnswer, ParameterValue } from '@portico/analytics-model';
import { badRequest, fromApiError } from '../../model/errors.ts';
import { EmbedSession } from '../../session/embed-session.ts';
import type { LoadRequest } from '../../session/embed-session.ts';
import { createStore } from '../../model/store.ts';
import type { ExportFormat, ExportFile, PaginatedApi } from './paginated-api.ts';

export interface PaginatedState {
  readonly status: 'waiting' | 'loading' | 'loaded' | 'failed';
  readonly message?: string;
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
  /** Raises an event to the host (the frame router's `raise`). */
  readonly raise: (event: FrameEvent) => Promise<void>;
  /** Hands a file to the browser (an `<a download>` click in the app). */
  readonly download: (file: ExportFile) => void;
}

/** models' IParameterValue[] as the service takes it; anything else is refused. */
function parameterValuesOf(value: unknown): ParameterValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest('parameterValues must be a list of { name, value }.');
  return value.map((item: unknown, index) => {
    const { name, value: text } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || (text !== undefined && text !== null && typeof text !== 'string')) {
      throw badRequest(`parameterValues[${index}] must be { name: string, value?: string }.`);
    }
    return { name, value: typeof text === 'string' ? text : null };
  });
}

/** `new PaginatedController({ api, raise, download })`, then `await controller.load(config, origin, false)`. */
export class PaginatedController {
  readonly store = createStore<PaginatedState>(INITIAL_PAGINATED_STATE);
  readonly api: PaginatedApi;
  /** The embed session: token, origin gate, load and front-load, guard, events. */
  readonly session: EmbedSession;
  private readonly options: PaginatedControllerOptions;
  private renderedGeneration = 0;

  constructor(options: PaginatedControllerOptions) {
    this.api = options.api;
    this.options = options;
    this.session = new EmbedSession({
      kind: 'report',
      api: options.api,
      raise: options.raise,
      embed: {
        open: (request) => this.open(request),
        failed: (error) => this.update((s) => ({ ...s, status: 'failed', message: messageOf(error) })),
        // After an expiry the current page is read again.
        tokenRenewed: async (wasExpired) => {
          if (wasExpired && this.state.status === 'loaded')
            await this.refresh().catch((error: unknown) => this.session.fail(error));
        },
      },
    });
  }

  get state(): PaginatedState {
    return this.store.getSnapshot();
  }

  private update(change: (state: PaginatedState) => PaginatedState): void {
    this.store.update(change);
  }

  /** The error of a call before load, or with an expired token. */
  requireLoaded(): { reportId: string; page: PageAnswer } {
    const { status, reportId, page } = this.state;
    this.session.requireLoaded(status === 'loaded' && reportId !== undefined && page !== undefined);
    return { reportId, page };
  }

  /**
   * The paginated part of a load (`POST /report/load`, `prepare` with `phased`): the report id, the
   * `parameterValues` and panel settings, the grant, page 1.
   */
  private async open({ config: raw, accessToken, origin, phased }: LoadRequest): Promise<() => void> {
    const config = raw as Partial<IPaginatedReportLoadConfiguration>;
    const reportId = typeof config.id === 'string' && config.id !== '' ? config.id : this.options.reportId;
    if (!reportId) throw badRequest('The load configuration needs a report id.');
    const values = parameterValuesOf(config.parameterValues);
    this.update((s) => ({ ...s, status: 'loading' }));
    await this.session.authorize(accessToken, origin);
    const page = await this.api.page(reportId, 1, values);
    const panel = config.settings?.commands?.parameterPanel ?? {};
    return () =>
      this.update((s) => ({
        ...INITIAL_PAGINATED_STATE,
        status: 'loaded',
        reportId,
        values,
        page,
        panel: { enabled: panel.enabled ?? true, expanded: panel.expanded ?? true },
        rendering: !phased,
        generation: s.generation + 1,
      }));
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
      this.session.fail(error);
    }
  }

  /** The panel's "View report": page 1 for the new values, or the refusal shown in the panel. */
  async apply(values: readonly ParameterValue[]): Promise<void> {
    try {
      await this.show(1, values);
    } catch (error) {
      this.update((s) => ({ ...s, panelError: messageOf(error) }));
      this.session.fail(error);
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
      this.session.fail(error);
    } finally {
      this.update((s) => ({ ...s, busy: false }));
    }
  }

  /** Called by the view once a page is painted: raises `rendered` once per page shown. */
  markRendered(generation: number): void {
    const state = this.state;
    if (!state.rendering || generation !== state.generation || generation <= this.renderedGeneration) return;
    this.renderedGeneration = generation;
    this.session.raise('rendered');
  }
}

/** The sentence to show: a frame error's detailed message, or the service's message. */
function messageOf(error: unknown): string {
  const detailed = (fromApiError(error).body as { detailedMessage?: unknown } | null)?.detailedMessage;
  return typeof detailed === 'string' ? detailed : error instanceof Error ? error.message : String(error);
}
