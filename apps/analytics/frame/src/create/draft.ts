/**
 * Opening a new report in the report controller: `/report/create` (a dataset the token names) and `/quickcreate`
 * (a dataset built from the host's rows) both end here, with the controller holding a draft report (its id a
 * draft id of the API) in edit mode, so every report route — pages, filters, visuals, saveAs, hasUnsavedChanges —
 * works on it as on a stored report.
 */
import { Permissions } from '@portico/models';
import type { ISettings } from '@portico/models';
import type { Dataset, PublicDataset, ReportDefinition } from '@portico/analytics-model';
import type { ReportController } from '../model/controller.ts';
import { forbidden, fromApiError } from '../model/errors.ts';
import { INITIAL_STATE } from '../model/state.ts';
import type { DraftFrameApi } from './draft-api.ts';
import { isDraftApi } from './draft-api.ts';

/** The controller's API, which must know drafts. */
export function draftApi(controller: ReportController): DraftFrameApi {
  const { api } = controller;
  if (!isDraftApi(api)) throw new Error('this frame was built without the draft API');
  return api;
}

/** True while the controller holds a report that is being created (not yet saved). */
export function isCreating(controller: ReportController): boolean {
  const { api } = controller;
  const state = controller.state;
  return state.status === 'loaded' && isDraftApi(api) && api.draft(state.report?.id) !== undefined;
}

export interface OpenDraftRequest {
  readonly accessToken: string;
  readonly origin: string;
  readonly settings?: ISettings | undefined;
  readonly theme?: Readonly<Record<string, unknown>> | undefined;
  /** Unsaved from the start (quick create: nothing is kept until saveAs). */
  readonly unsaved: boolean;
  /** Given the session's grant: the dataset, its workspace and the first definition. */
  readonly open: (api: DraftFrameApi) => Promise<{
    dataset: PublicDataset;
    datasetId: string;
    workspaceId: string | undefined;
    name: string;
    definition: ReportDefinition;
  }>;
}

/**
 * Checks the token (origin, Create permission), builds the draft and shows it; raises `loaded`, then renders.
 * Failures raise `error` and are thrown as the reply.
 */
export async function openDraft(controller: ReportController, request: OpenDraftRequest): Promise<void> {
  const api = draftApi(controller);
  controller.update((s) => ({ ...s, status: 'loading' }));
  try {
    const session = await controller.session.authorize(request.accessToken, request.origin);
    if ((session.permissions & Permissions.Create) === 0) {
      throw forbidden('Creating a report needs a token with Create permission.');
    }
    const opened = await request.open(api);
    const id = api.openDraft({ datasetId: opened.datasetId, workspaceId: opened.workspaceId });
    const definition = opened.definition;
    controller.update((s) => ({
      ...INITIAL_STATE,
      status: 'loaded',
      session,
      report: {
        id,
        name: opened.name,
        workspaceId: opened.workspaceId ?? '',
        datasetId: opened.datasetId,
        version: 0,
        updatedAt: new Date().toISOString(),
        embedUrl: '',
      },
      // The public model: what the frame needs of a dataset (physical names never leave the service).
      dataset: opened.dataset as unknown as Dataset,
      definition,
      savedJson: request.unsaved ? '' : JSON.stringify(definition),
      settings: request.settings ?? {},
      activePage: definition.pages[0]?.name,
      viewMode: 'edit',
      ...(request.theme === undefined ? {} : { theme: request.theme }),
      generation: s.generation,
    }));
  } catch (error) {
    const failure = fromApiError(error);
    const detail = (failure.body as { detailedMessage?: unknown } | null)?.detailedMessage;
    const message = typeof detail === 'string' ? detail : failure.message;
    controller.update((s) => ({ ...s, status: 'failed', message }));
    throw controller.fail(error);
  }
  controller.raise('loaded');
  controller.render();
}

/**
 * The surface's own save button: stores the draft as a new report (as `/report/saveAs` does), goes on with the
 * token that names it, and raises `saved` with the new report.
 */
export async function saveDraftAs(controller: ReportController, name: string): Promise<void> {
  const state = controller.state;
  const reportId = state.report?.id;
  if (!state.definition || reportId === undefined) return;
  const toSave = { ...state.definition, ...(state.theme ? { theme: state.theme } : {}) };
  try {
    const { report, accessToken } = await controller.api.saveAs(reportId, name, toSave);
    controller.api.setToken(accessToken.token);
    controller.update((s) => ({ ...s, report, savedJson: JSON.stringify(s.definition) }));
    controller.raise('saved', { reportObjectId: report.id, reportName: report.name, saveAs: true });
  } catch (error) {
    throw controller.fail(error);
  }
}
