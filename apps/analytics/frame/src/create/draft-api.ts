/**
 * The frame API with drafts: a report being created (on a dataset, or by quick create) has no id at the service
 * yet, so the report controller works on a draft id (`draft:<n>`) that this client maps to the create kind's routes
 * (`/frame-api/create/*`): queries run on the draft's dataset, and `saveAs` stores it as a new report.
 *
 * Token successors: when the service answers a create with a token that also names the new content, the host's
 * token is remembered as replaced by it, so the SDK's create → report re-embed (which loads the new report with the
 * host's token) goes on with the token that names it. No token is widened: the successor carries the grant the host
 * gave, for the time it had left, plus what this frame created.
 */
import type { IDatasetCreateConfig } from '@portico/models';
import type { PublicDataset, QueryAnswer, ReportDefinition, VisualQuery } from '@portico/analytics-model';
import { ApiError, frameApiOn } from '../api/frame-api.ts';
import type { FrameApi, FrameApiOptions, SavedAs } from '../api/frame-api.ts';
import { createRequester } from '../api/request.ts';

const DRAFT = Symbol('draft-api');

export interface Draft {
  readonly datasetId: string;
  /** The workspace asked for (the create config's groupId); the token's first target when undefined. */
  readonly workspaceId: string | undefined;
}

export interface QuickCreated {
  readonly dataset: PublicDataset;
  readonly workspaceId: string;
  readonly definition: ReportDefinition;
}

export interface DraftFrameApi extends FrameApi {
  readonly [DRAFT]: true;
  /** Registers a draft and returns its report id. */
  openDraft(draft: Draft): string;
  draft(reportId: string | undefined): Draft | undefined;
  /** `GET /frame-api/create/datasets/:id`: the model to author on. */
  datasetModel(datasetId: string): Promise<{ dataset: PublicDataset; workspaceId: string }>;
  /**
   * `POST /frame-api/create/quick-create`, its generated names and titles in `language` (the frame's); goes on
   * with the token that names the new dataset.
   */
  quickCreate(
    config: IDatasetCreateConfig,
    workspaceId: string | undefined,
    language?: string,
  ): Promise<QuickCreated>;
}

/** True when the controller's API knows drafts (it always does in this app; tests may pass a plain one). */
export function isDraftApi(api: FrameApi): api is DraftFrameApi {
  return (api as Partial<DraftFrameApi>)[DRAFT] === true;
}

/** `createDraftFrameApi(options)`: `createFrameApi(options)` plus drafts. */
export function createDraftFrameApi(options: FrameApiOptions = {}): DraftFrameApi {
  // The draft routes share the base's token: an expiry found by either marks it for both.
  const requester = createRequester(options);
  const base = frameApiOn(requester);
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    requester.json<T>(method, path, body);
  const drafts = new Map<string, Draft>();
  const successors = new Map<string, string>();
  let next = 0;

  const current = (token: string): string => {
    let found = token;
    for (let hops = 0; hops < 10 && successors.has(found); hops += 1) found = successors.get(found) ?? found;
    return found;
  };
  const replaceToken = (token: string): void => {
    const old = base.token;
    if (old !== undefined && old !== token) successors.set(old, token);
    base.setToken(token);
  };

  const draftOf = (reportId: string): Draft | undefined => drafts.get(reportId);
  const notForDrafts = (what: string) =>
    Promise.reject(new ApiError(400, 'DraftNotSaved', `Save the new report (saveAs) before ${what}.`));

  // The base's methods and getters through the prototype, so calls this module does not know stay the base's.
  const api = Object.create(base) as DraftFrameApi;
  Object.assign(api, {
    [DRAFT]: true,
    setToken(token: string) {
      base.setToken(current(token));
    },
    openDraft(draft: Draft) {
      next += 1;
      const id = `draft:${next}`;
      drafts.set(id, draft);
      return id;
    },
    draft: (reportId: string | undefined) => (reportId === undefined ? undefined : draftOf(reportId)),
    datasetModel: (datasetId: string) =>
      call<{ dataset: PublicDataset; workspaceId: string }>(
        'GET',
        `/frame-api/create/datasets/${encodeURIComponent(datasetId)}`,
      ),
    async quickCreate(config: IDatasetCreateConfig, workspaceId: string | undefined, language?: string) {
      const created = await call<QuickCreated & { accessToken: { token: string } }>(
        'POST',
        language === undefined
          ? '/frame-api/create/quick-create'
          : `/frame-api/create/quick-create?language=${encodeURIComponent(language)}`,
        { datasetCreateConfig: config, ...(workspaceId === undefined ? {} : { workspaceId }) },
      );
      replaceToken(created.accessToken.token);
      return { dataset: created.dataset, workspaceId: created.workspaceId, definition: created.definition };
    },
    query(reportId: string, query: VisualQuery): Promise<QueryAnswer> {
      const draft = draftOf(reportId);
      if (draft === undefined) return base.query(reportId, query);
      return call<QueryAnswer>('POST', '/frame-api/create/query', { datasetId: draft.datasetId, query });
    },
    exportCsv(reportId: string, ...rest: [VisualQuery, number, number?]) {
      return draftOf(reportId) === undefined
        ? base.exportCsv(reportId, ...rest)
        : notForDrafts('exporting data');
    },
    save(reportId: string, definition: ReportDefinition, baseVersion: number) {
      return draftOf(reportId) === undefined
        ? base.save(reportId, definition, baseVersion)
        : notForDrafts('saving it again');
    },
    async saveAs(reportId: string, name: string, definition: ReportDefinition): Promise<SavedAs> {
      const draft = draftOf(reportId);
      if (draft === undefined) return base.saveAs(reportId, name, definition);
      const saved = await call<SavedAs>('POST', '/frame-api/create/reports', {
        datasetId: draft.datasetId,
        name,
        definition,
        ...(draft.workspaceId === undefined ? {} : { workspaceId: draft.workspaceId }),
      });
      drafts.delete(reportId);
      replaceToken(saved.accessToken.token);
      return saved;
    },
  });
  return api;
}
