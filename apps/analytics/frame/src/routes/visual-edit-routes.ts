/** Visual edits: clone (edit mode) and sortBy (any mode; the visual's query and export then order by it). */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import { SortDirection } from '@portico/models';
import type { ICloneVisualResponse } from '@portico/models';
import type { VisualLayout } from '@portico/analytics-model';
import { sortVisual } from '../model/commands.ts';
import type { ReportController } from '../model/controller.ts';
import { badRequest } from '../model/errors.ts';
import { placeVisuals } from '../model/layout.ts';
import { cloneLayout, cloneName, sortableFields, sortField } from '../model/visual-edits.ts';
import type { SortTarget } from '../model/visual-edits.ts';
import { loaded, pageNamed, visualInfo, visualNamed, withPage } from './context.ts';
import { checkedFilters } from './edge-checks.ts';
import { requireEditMode } from './page-routes.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A clone request's layout: finite numbers, positive sizes, a known display mode. */
function layoutIn(value: unknown): Partial<VisualLayout> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw badRequest('layout must be an object.');
  const layout: Record<string, unknown> = {};
  for (const key of ['x', 'y', 'z', 'width', 'height'] as const) {
    const n = value[key];
    if (n === undefined) continue;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 100_000) {
      throw badRequest(`layout.${key} must be a number from 0 to 100000.`);
    }
    if ((key === 'width' || key === 'height') && n === 0) throw badRequest(`layout.${key} must be above 0.`);
    layout[key] = n;
  }
  const display = value['displayState'];
  if (display !== undefined) {
    const mode = isObject(display) ? display['mode'] : undefined;
    if (mode !== 0 && mode !== 1)
      throw badRequest('layout.displayState.mode must be Visible (0) or Hidden (1).');
    layout['displayState'] = { mode };
  }
  return layout as Partial<VisualLayout>;
}

export function visualEditRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.cloneVisual, ({ params, body }): ICloneVisualResponse => {
      const { definition } = loaded(controller);
      const page = pageNamed(definition, params.pageName);
      const source = visualNamed(page, params.visualName);
      requireEditMode(controller, 'clone visuals');
      const request = body === undefined || body === null ? {} : body;
      if (!isObject(request)) throw badRequest('The clone request must be an object.');
      const filters =
        request['filters'] === undefined
          ? undefined
          : checkedFilters(controller, request['filters'], 'filters');
      const taken = placeVisuals(controller.state.settings, page).filter((p) => p.visible);
      const name = cloneName(page, source.name);
      const clone = {
        ...source,
        name,
        layout: cloneLayout(page, source, layoutIn(request['layout']), taken),
        filters: filters ?? source.filters,
      };
      controller.editDefinition((d) =>
        withPage(d, page.name, (p) => ({ ...p, visuals: [...p.visuals, clone] })),
      );
      const after = pageNamed(loaded(controller).definition, page.name);
      return { visualName: name, visual: visualInfo(controller.state, after, clone) };
    })
    .handle(Call.sortBy, ({ params, body }) => {
      const { definition } = loaded(controller);
      const visual = visualNamed(pageNamed(definition, params.pageName), params.visualName);
      const request = isObject(body) ? body : {};
      const direction = request['direction'];
      if (direction !== SortDirection.Ascending && direction !== SortDirection.Descending) {
        throw badRequest('direction must be Ascending (1) or Descending (2).');
      }
      const target = request['orderBy'];
      const field = isObject(target) ? sortField(visual, target as SortTarget) : undefined;
      if (!field) {
        throw badRequest(`orderBy must be one of the fields of '${visual.name}': ${sortableFields(visual)}.`);
      }
      const sort = {
        field,
        direction: direction === SortDirection.Descending ? 'Descending' : 'Ascending',
      } as const;
      sortVisual(controller, params.pageName, visual.name, sort);
      return null;
    });
}
