/**
 * `POST /report/create`: opens the authoring surface on the dataset of the create configuration. The report frame
 * answers `POST /quickcreate` too (the quick-created report then opens in the same authoring surface), so a host
 * may quick-create on a `/reportEmbed` URL as well as on `/quickCreate`.
 */
import { Call, FrameError } from '@portico/frame';
import { validateCreateReport } from '@portico/models';
import type { IReportCreateConfiguration, ISettings } from '@portico/models';
import type { FrameRouter } from '@portico/frame';
import type { ReportController } from '../model/controller.ts';
import { quickCreateRoutes } from '../kinds/quickCreate/quick-create-route.ts';
import { authoringNames, emptyDefinition } from './authoring.ts';
import { frameLanguage } from '../model/messages.ts';
import { openDraft } from './draft.ts';

const themeJsonOf = (theme: unknown): Readonly<Record<string, unknown>> | undefined => {
  const json = (theme as { themeJson?: unknown } | undefined)?.themeJson;
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
};

export function createReportRoutes(router: FrameRouter, controller: ReportController): void {
  router.handle(Call.createReport, async ({ body, origin }) => {
    // The SDK validated already; a host built otherwise gets the same list of {message, path, keyword}.
    const errors = validateCreateReport(body);
    if (errors !== undefined && errors.length > 0) throw new FrameError(400, errors);
    const config = body as IReportCreateConfiguration & { settings?: ISettings };
    await openDraft(controller, {
      accessToken: String(config.accessToken),
      origin,
      settings: config.settings,
      theme: themeJsonOf(config.theme),
      unsaved: false,
      open: async (api) => {
        const { dataset } = await api.datasetModel(config.datasetId);
        const names = authoringNames(frameLanguage(config.settings, window.location.search));
        return {
          dataset,
          datasetId: config.datasetId,
          // The report goes to the workspace the host names (if the token allows it), else the token's first target.
          workspaceId: config.groupId || undefined,
          name: names.messages.newReportOn(dataset.name),
          definition: emptyDefinition(names),
        };
      },
    });
    return null;
  });
  quickCreateRoutes(router, controller);
}
