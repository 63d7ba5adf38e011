/**
 * The report behind the frame, free of React: loads it with the host's token, runs each visible visual's query,
 * keeps the state the routes change, and raises the events the host listens to. React renders its store; the
 * routes call its methods.
 */
import type { FrameEvent } from '@portico/frame';
import { Permissions, ViewMode } from '@portico/models';
import type { IFilter, IReportLoadConfiguration, ISettings } from '@portico/models';
import type { ReportDefinition, ReportPage, VisualQuery } from '@portico/analytics-model';
import {
  decodeBookmarkState,
  delocalizeDefinition,
  encodeBookmarkState,
  localizeDefinition,
  relabelAnswer,
  visualQuery,
} from '@portico/analytics-model';
import type { FrameApi } from '../api/frame-api.ts';
import { applyStateToDefinition, captureFilters } from './bookmarks.ts';
import { drilledVisual } from './drill.ts';
import { EmbedSession } from '../session/embed-session.ts';
import type { LoadRequest } from '../session/embed-session.ts';
import { badRequest, forbidden } from './errors.ts';
import { assertValid, filterListErrors } from '../routes/edge-checks.ts';
import { placeVisuals } from './layout.ts';
import { INITIAL_STATE, activePageOf, findVisual } from './state.ts';
import type { FrameState, VisualResult } from './state.ts';
import { createStore } from './store.ts';

export interface ControllerOptions {
  readonly api: FrameApi;
  /** The report id of the frame's URL, if any (the load config's `id` wins). */
  readonly reportId?: string | undefined;
  /** The embed URL's `language`, if any (the load's `settings.localeSettings.language` wins). */
  readonly language?: string | undefined;
  /** Raises an event to the host; failures (no host listening) are ignored. */
  readonly raise: (event: FrameEvent) => Promise<void>;
}

/** `new ReportController({ api, raise })`, then `await controller.load(config, origin, false)`. */
export class ReportController {
  readonly store = createStore<FrameState>(INITIAL_STATE);
  readonly api: FrameApi;
  /** The embed session: token, origin gate, load and front-load, guard, events. */
  readonly session: EmbedSession;
  private readonly urlReportId: string | undefined;
  private readonly urlLanguage: string | undefined;
  private renderedGeneration = 0;
  private persistTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ControllerOptions) {
    this.api = options.api;
    this.urlReportId = options.reportId;
    this.urlLanguage = options.language;
    this.session = new EmbedSession({
      kind: 'report',
      api: options.api,
      raise: options.raise,
      embed: {
        open: (request) => this.open(request),
        opened: ({ phased }) => {
          if (!phased) this.render();
        },
        failed: (error) => this.update((s) => ({ ...s, status: 'failed', message: error.message })),
        tokenRenewed: (wasExpired) => {
          if (wasExpired) this.requery();
        },
      },
    });
  }

  get state(): FrameState {
    return this.store.getSnapshot();
  }

  update(change: (state: FrameState) => FrameState): void {
    this.store.update(change);
  }

  /** Raises a report event to the host (`/reports/:uid/events/:name`); a host that does not answer is ignored. */
  raise(eventName: string, body: unknown = null): void {
    this.session.raise(eventName, body);
  }

  /** Raises `error` and returns the error to answer with. */
  fail(error: unknown): Error {
    return this.session.fail(error);
  }

  /** `POST /report/load` (and `prepare` with `phased`), through the session's load policy. */
  load(body: unknown, origin: string, phased: boolean): Promise<void> {
    return this.session.load(body, origin, phased);
  }

  /** `POST /frontload/config`, through the session's load policy. */
  frontLoad(body: unknown, origin: string): Promise<void> {
    return this.session.frontLoad(body, origin);
  }

  /**
   * The report's part of a load: the report id, the grant (the asking origin, edit permission), the definition,
   * settings, `pageName`, load `filters` (added to the report's), the viewer's saved filters, the theme.
   */
  private async open({ config: raw, accessToken, origin }: LoadRequest): Promise<() => void> {
    const config = raw as Partial<IReportLoadConfiguration>;
    const reportId = typeof config.id === 'string' && config.id !== '' ? config.id : this.urlReportId;
    if (!reportId) throw badRequest('The load configuration needs a report id.');
    this.update((s) => ({ ...s, status: 'loading' }));
    const granted = this.session.authorize(accessToken, origin);
    const persistent = config.settings?.persistentFiltersEnabled === true;
    // One round trip: the grant, the report and the viewer's saved filters are asked for together. Nothing of
    // the report reaches the page or the host before the grant's origins are checked.
    // Captions in the embed's language: page names, visual titles and field names as the viewer reads them.
    const language = config.settings?.localeSettings?.language ?? this.urlLanguage;
    const reportAsked = this.api.report(reportId, language);
    const userStateAsked = persistent
      ? this.api.userState(reportId).catch(() => null)
      : Promise.resolve(null);
    reportAsked.catch(() => undefined);
    const session = await granted;
    const [{ report, dataset, captions }, userState] = await Promise.all([reportAsked, userStateAsked]);
    const { definition: defaults, ...info } = report;
    const definition = captions === undefined ? defaults : localizeDefinition(defaults, captions);
    const wantsEdit = config.viewMode === ViewMode.Edit;
    if (wantsEdit && (session.permissions & Permissions.ReadWrite) === 0) {
      throw forbidden('Edit mode needs a token with edit permission.');
    }
    const filters = Array.isArray(config.filters) ? (config.filters as IFilter[]) : [];
    // A load's filters are checked like setFilters': a refused one fails the load (400 and `error`), never a page
    // of visuals that all fail.
    assertValid(filterListErrors(dataset, filters, 'filters'));
    const initial: ReportDefinition = { ...definition, filters: [...definition.filters, ...filters] };
    const saved = userState === null ? undefined : decodeBookmarkState(userState);
    const working = saved ? applyStateToDefinition(initial, saved) : initial;
    const themeJson = (config.theme as { themeJson?: Record<string, unknown> } | undefined)?.themeJson;
    const theme = themeJson ?? definition.theme;
    return () =>
      this.update((s) => ({
        ...INITIAL_STATE,
        status: 'loaded',
        session,
        report: info,
        dataset,
        definition: working,
        savedJson: JSON.stringify(definition),
        ...(captions === undefined || captions.language === '' ? {} : { captions: { captions, defaults } }),
        settings: config.settings ?? {},
        activePage: firstPage(working, config.pageName),
        viewMode: wantsEdit ? 'edit' : 'view',
        defaultFilters: encodeBookmarkState(captureFilters(initial)),
        ...(saved && userState !== null ? { userState } : {}),
        ...(theme === undefined ? {} : { theme }),
        generation: s.generation,
      }));
  }

  /** Shows the report (after a phased prepare) and queries the active page. */
  render(): void {
    this.update((s) => ({ ...s, rendering: true }));
    this.requery();
  }

  /** The query of a visual of the active page, under every filter that reaches it. */
  queryOf(page: ReportPage, visualName: string): VisualQuery | undefined {
    const { definition, selection, drill, dataset } = this.state;
    const found = findVisual(page, visualName);
    if (!definition || !found) return undefined;
    // A drilled chart asks for its deeper level, filtered to what it drilled through (model/drill.ts).
    const visual = drilledVisual(found, drill?.[visualName], dataset);
    return visualQuery(definition, page, visual, selection);
  }

  /** Re-runs the queries of the active page's visible visuals (a new pass: `renderingStarted`, then `rendered`). */
  requery(): void {
    const state = this.state;
    const page = activePageOf(state);
    const reportId = state.report?.id;
    if (!state.rendering || !page || !reportId) return;
    const generation = state.generation + 1;
    const visible = placeVisuals(state.settings, page).filter((p) => p.visible);
    const results: Record<string, VisualResult> = {};
    for (const { visual } of visible) {
      const previous = state.results[visual.name];
      const answer = previous && 'answer' in previous ? previous.answer : undefined;
      results[visual.name] = answer ? { status: 'loading', answer } : { status: 'loading' };
    }
    this.update((s) => ({ ...s, generation, results }));
    this.raise('renderingStarted');
    for (const { visual } of visible) {
      const query = this.queryOf(page, visual.name);
      if (!query) continue;
      this.api.query(reportId, query).then(
        (answer) =>
          this.settleVisual(generation, visual.name, {
            status: 'ready',
            // Implicit aggregations ("Sum of Pages") worded in the embed's language, as the authoring surface names them.
            answer: this.state.dataset
              ? relabelAnswer(
                  answer,
                  this.state.dataset,
                  this.state.settings?.localeSettings?.language ?? this.urlLanguage,
                )
              : answer,
          }),
        (error: unknown) => {
          if (this.api.expired) return;
          const message = error instanceof Error ? error.message : String(error);
          this.settleVisual(generation, visual.name, { status: 'error', message });
        },
      );
    }
  }

  private settleVisual(generation: number, name: string, result: VisualResult): void {
    this.update((s) =>
      s.generation === generation ? { ...s, results: { ...s.results, [name]: result } } : s,
    );
  }

  /** Called by the view once every visual of a pass is painted: raises `rendered` once per pass. */
  markRendered(generation: number): void {
    const state = this.state;
    if (generation !== state.generation || generation <= this.renderedGeneration) return;
    this.renderedGeneration = generation;
    const page = activePageOf(state);
    if (state.settings.visualRenderedEvents && page) {
      for (const name of Object.keys(state.results)) {
        const visual = findVisual(page, name);
        if (visual) this.raise('visualRendered', { name, title: visual.title, type: visual.type });
      }
    }
    this.raise('rendered');
  }

  /**
   * The working definition as `save` stores it, with the theme: captions still showing their translation go back to
   * the report's defaults, so a viewer in German saves the report in the language it was written in; a caption they
   * changed is stored as they typed it. `saveAs` stores what the viewer sees instead (the copy is theirs).
   */
  definitionToSave(): ReportDefinition | undefined {
    const { definition, captions, theme } = this.state;
    if (definition === undefined) return undefined;
    const stored = captions
      ? delocalizeDefinition(definition, captions.defaults, captions.captions)
      : definition;
    return { ...stored, ...(theme ? { theme } : {}) };
  }

  /** Replaces the working definition (filters, pages, layout), then re-queries when asked. */
  editDefinition(change: (definition: ReportDefinition) => ReportDefinition, requery = true): void {
    this.update((s) => (s.definition ? { ...s, definition: change(s.definition) } : s));
    if (requery) this.requery();
  }

  updateSettings(change: (settings: ISettings) => ISettings): void {
    this.update((s) => ({ ...s, settings: change(s.settings) }));
  }

  /**
   * The filters changed (by the host, a slicer or a bookmark): with `persistentFiltersEnabled` they are saved as the
   * viewer's state a moment later, once for a burst of changes, as Power BI keeps persistent filters.
   */
  filtersChanged(): void {
    if (this.state.settings.persistentFiltersEnabled !== true) return;
    this.cancelPersist();
    this.persistTimer = setTimeout(() => {
      this.persistTimer = undefined;
      // A background save that fails (an expired token raises its own error) leaves the last saved state.
      this.persistFilters().catch(() => undefined);
    }, PERSIST_DELAY_MS);
  }

  /** Drops a pending background save (an explicit save or a reset supersedes it). */
  cancelPersist(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
  }

  /** Saves the current filters of every level as the viewer's state; resolves with the saved state string. */
  async persistFilters(): Promise<string> {
    const { definition, report } = this.state;
    if (!definition || !report) throw new Error('No report is loaded.');
    const state = encodeBookmarkState(captureFilters(definition));
    await this.api.saveUserState(report.id, state);
    this.update((s) => ({ ...s, userState: state }));
    return state;
  }

  hasUnsavedChanges(): boolean {
    const { definition, savedJson } = this.state;
    return definition !== undefined && JSON.stringify(definition) !== savedJson;
  }
}

/** How long filter changes settle before they are saved as persistent filters. */
const PERSIST_DELAY_MS = 300;

function firstPage(definition: ReportDefinition, wanted: string | undefined): string | undefined {
  const named = definition.pages.find((p) => p.name === wanted);
  return (named ?? definition.pages.find((p) => p.visibility === 0) ?? definition.pages[0])?.name;
}
