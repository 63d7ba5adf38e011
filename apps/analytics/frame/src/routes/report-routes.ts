/** View/edit mode, save and save-as, unsaved changes, themes, overlays and selection. */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { Permissions } from '@portico/models';
import { clearSelection } from '../model/commands.ts';
import type { ReportController } from '../model/controller.ts';
import { badRequest, forbidden } from '../model/errors.ts';
import { closeMenu } from '../model/interactions.ts';
import { DEFAULT_THEME, themeJsonOf } from '../render/theme.ts';
import { loaded } from './context.ts';
import { checkedTheme } from './edge-checks.ts';

const can = (controller: ReportController, flags: number): boolean =>
  ((controller.state.session?.permissions ?? 0) & flags) !== 0;

export function reportRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.switchMode, ({ params }) => {
      loaded(controller);
      const mode = params.viewMode;
      if (mode !== 'edit' && mode !== 'view') throw badRequest(`Unknown view mode '${mode}'.`);
      if (mode === 'edit' && !can(controller, Permissions.ReadWrite)) {
        throw forbidden('Edit mode needs a token with edit permission; this token allows viewing only.');
      }
      controller.update((s) => ({ ...s, viewMode: mode }));
      return null;
    })
    .handle(Call.hasUnsavedChanges, () => {
      loaded(controller);
      return controller.hasUnsavedChanges();
    })
    .handle(Call.save, async () => {
      const { definition, reportId, state } = loaded(controller);
      if (!can(controller, Permissions.ReadWrite)) {
        throw forbidden('Saving needs a token with edit permission.');
      }
      const toSave = controller.definitionToSave() ?? definition;
      try {
        const saved = await controller.api.save(reportId, toSave, state.report?.version ?? 0);
        // The report keeps the name it shows in the viewer's language (the service answers its stored name).
        const report = { ...saved, name: state.report?.name ?? saved.name };
        controller.update((s) => ({ ...s, report, savedJson: JSON.stringify(s.definition) }));
        controller.raise('saved', { reportObjectId: saved.id, reportName: report.name, saveAs: false });
      } catch (error) {
        throw controller.fail(error);
      }
      return null;
    })
    .handle(Call.saveAs, async ({ body }) => {
      const { definition, reportId, state } = loaded(controller);
      const name = (body as { name?: unknown } | null)?.name;
      if (state.settings.useCustomSaveAsDialog) {
        controller.raise('saveAsTriggered', { name: typeof name === 'string' ? name : undefined });
        return null;
      }
      if (typeof name !== 'string' || name.trim() === '') throw badRequest('name is required');
      if (!can(controller, Permissions.Copy | Permissions.Create)) {
        throw forbidden('Save as needs a token with copy or create permission.');
      }
      try {
        const toSave = { ...definition, ...(state.theme ? { theme: state.theme } : {}) };
        const { report, accessToken } = await controller.api.saveAs(reportId, name, toSave);
        controller.api.setToken(accessToken.token);
        controller.update((s) => ({ ...s, report, savedJson: JSON.stringify(s.definition) }));
        controller.raise('saved', {
          reportObjectId: report.id,
          reportName: report.name,
          saveAs: true,
          // A report being created has no stored original: its draft id means nothing to the host.
          ...(reportId.startsWith('draft:') ? {} : { originalReportObjectId: reportId }),
        });
      } catch (error) {
        throw controller.fail(error);
      }
      return null;
    })
    .handle(Call.getTheme, () => {
      const { state } = loaded(controller);
      return {
        themeJson: state.theme ?? { name: DEFAULT_THEME.name, dataColors: [...DEFAULT_THEME.colors] },
      };
    })
    .handle(Call.applyTheme, ({ body }) => {
      loaded(controller);
      const themeJson = themeJsonOf(checkedTheme(body));
      controller.update(({ theme: _old, ...s }) => (themeJson ? { ...s, theme: themeJson } : s));
      return null;
    })
    .handle(Call.closeAllOverlays, () => {
      loaded(controller);
      closeMenu(controller);
      return null;
    })
    .handle(Call.clearSelectedVisuals, () => {
      loaded(controller);
      clearSelection(controller);
      return null;
    });
}
