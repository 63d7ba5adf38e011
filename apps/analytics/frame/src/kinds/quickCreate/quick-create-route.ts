/**
 * `POST /quickcreate`: checks the create configuration with the SDK's own validator (so a host that skipped it
 * gets the SDK's messages word for word), has the service build the dataset from the supplied rows, and opens its
 * automatic report as a draft that `saveAs` keeps.
 */
import { Call, FrameError } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { validateQuickCreate } from '@portico/models';
import type { IQuickCreateConfiguration } from '@portico/models';
import { openDraft } from '../../create/draft.ts';
import { frameLanguage } from '../../model/messages.ts';
import type { ReportController } from '../../model/controller.ts';

const themeJsonOf = (theme: unknown): Readonly<Record<string, unknown>> | undefined => {
  const json = (theme as { themeJson?: unknown } | undefined)?.themeJson;
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
};

export function quickCreateRoutes(router: FrameRouter, controller: ReportController): void {
  router.handle(Call.quickCreate, async ({ body, origin }) => {
    const errors = validateQuickCreate(body);
    if (errors !== undefined && errors.length > 0) throw new FrameError(400, errors);
    const config = body as IQuickCreateConfiguration;
    await openDraft(controller, {
      accessToken: String(config.accessToken),
      origin,
      settings: config.settings,
      theme: themeJsonOf(config.theme),
      unsaved: true,
      open: async (api) => {
        const created = await api.quickCreate(
          config.datasetCreateConfig,
          config.groupId || undefined,
          frameLanguage(config.settings, window.location.search),
        );
        return {
          dataset: created.dataset,
          datasetId: created.dataset.id,
          workspaceId: created.workspaceId,
          name: created.dataset.name,
          definition: created.definition,
        };
      },
    });
    return null;
  });
}
