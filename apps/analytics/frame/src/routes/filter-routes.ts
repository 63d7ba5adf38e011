/**
 * Filters at report, page and visual level (get, update with an operation, replace) and slicer state. Every body is
 * checked first (edge-checks.ts: the models' validators, then the loaded dataset); every change re-runs the page's
 * queries and raises `filtersApplied`.
 */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import type { IFilter } from '@portico/models';
import type { ReportDefinition } from '@portico/analytics-model';
import type { ReportController } from '../model/controller.ts';
import { badRequest } from '../model/errors.ts';
import { applyFiltersOperation, columnOf } from '../model/filters.ts';
import { loaded, pageNamed, visualNamed, withPage, withVisual } from './context.ts';
import { checkedFilters, checkedFiltersUpdate, checkedSlicerFilters } from './edge-checks.ts';

/** One level's filters: how to read them from a definition and how to write them back. */
interface Level {
  read(definition: ReportDefinition): readonly IFilter[];
  write(definition: ReportDefinition, filters: IFilter[]): ReportDefinition;
  pageName?: string;
}

function change(
  controller: ReportController,
  level: Level,
  next: (current: readonly IFilter[]) => IFilter[],
) {
  const { definition } = loaded(controller);
  const filters = next(level.read(definition));
  controller.editDefinition((d) => level.write(d, filters));
  controller.raise('filtersApplied', { filters });
  controller.filtersChanged();
  return null;
}

export function filterRoutes(router: FrameRouter, controller: ReportController) {
  const report: Level = {
    read: (d) => d.filters,
    write: (d, filters) => ({ ...d, filters }),
  };
  const page = (name: string): Level => {
    pageNamed(loaded(controller).definition, name);
    return {
      read: (d) => pageNamed(d, name).filters,
      write: (d, filters) => withPage(d, name, (p) => ({ ...p, filters })),
      pageName: name,
    };
  };
  const visual = (pageName: string, name: string): Level => {
    visualNamed(pageNamed(loaded(controller).definition, pageName), name);
    return {
      read: (d) => visualNamed(pageNamed(d, pageName), name).filters,
      write: (d, filters) => withVisual(d, pageName, name, (v) => ({ ...v, filters })),
      pageName,
    };
  };
  const update = (level: Level, body: unknown) => {
    loaded(controller);
    const { operation, filters } = checkedFiltersUpdate(controller, body);
    return change(controller, level, (current) => applyFiltersOperation(current, operation, filters));
  };
  const set = (level: Level, body: unknown) => {
    loaded(controller);
    const filters = checkedFilters(controller, body);
    return change(controller, level, () => filters);
  };

  router
    .handle(Call.getReportFilters, () => report.read(loaded(controller).definition))
    .handle(Call.updateReportFilters, ({ body }) => update(report, body))
    .handle(Call.setReportFilters, ({ body }) => set(report, body))
    .handle(Call.getPageFilters, ({ params }) => page(params.pageName).read(loaded(controller).definition))
    .handle(Call.updatePageFilters, ({ params, body }) => update(page(params.pageName), body))
    .handle(Call.setPageFilters, ({ params, body }) => set(page(params.pageName), body))
    .handle(Call.getVisualFilters, ({ params }) =>
      visual(params.pageName, params.visualName).read(loaded(controller).definition),
    )
    .handle(Call.updateVisualFilters, ({ params, body }) =>
      update(visual(params.pageName, params.visualName), body),
    )
    .handle(Call.setVisualFilters, ({ params, body }) =>
      set(visual(params.pageName, params.visualName), body),
    )
    .handle(Call.getSlicerState, ({ params }) => {
      const { definition } = loaded(controller);
      const slicer = visualNamed(pageNamed(definition, params.pageName), params.visualName);
      if (slicer.type !== 'slicer') throw badRequest(`Visual '${slicer.name}' is not a slicer.`);
      const target = columnOf(slicer.dataRoles.values?.[0]);
      return { filters: slicer.filters, targets: target ? [target] : [] };
    })
    .handle(Call.setSlicerState, ({ params, body }) => {
      const { definition } = loaded(controller);
      const slicer = visualNamed(pageNamed(definition, params.pageName), params.visualName);
      if (slicer.type !== 'slicer') throw badRequest(`Visual '${slicer.name}' is not a slicer.`);
      const filters = checkedSlicerFilters(controller, body);
      return change(controller, visual(params.pageName, params.visualName), () => filters);
    });
}
