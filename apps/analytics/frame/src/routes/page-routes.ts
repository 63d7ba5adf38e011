/** Pages: list, set active (raising `pageChanged`), and in edit mode add, delete and rename. */
import { Call, FrameError, reply } from '@portico/frame';
import { CommonErrorCodes, LayoutType, validatePage } from '@portico/models';
import type { FrameRouter } from '@portico/frame';
import type { ReportPage } from '@portico/analytics-model';
import { withoutViewState } from '../model/commands.ts';
import type { ReportController } from '../model/controller.ts';
import { badRequest, errorBody } from '../model/errors.ts';
import { loaded, pageInfo, pageNamed, withPage } from './context.ts';
import { assertValid, checkedDisplayName } from './edge-checks.ts';

/** 403 unless the report is in edit mode; `what` ends the message ("Switch to edit mode to change pages."). */
export function requireEditMode(controller: ReportController, what = 'change pages'): void {
  if (controller.state.viewMode !== 'edit') {
    throw new FrameError(
      403,
      errorBody('editModeRequired', `Switch to edit mode to ${what}.`, CommonErrorCodes.NotAuthorized),
    );
  }
}

/** Activates a page and raises `pageChanged`; nothing happens when it is already active. */
export function activatePage(controller: ReportController, name: string): void {
  const { definition, state } = loaded(controller);
  const page = pageNamed(definition, name);
  if (state.activePage === name) return;
  const old = definition.pages.find((p) => p.name === state.activePage);
  // The cross-filter, table views, spotlight and drilling belong to the page left behind.
  controller.update(({ selection: _s, ...s }) => ({ ...withoutViewState(s), activePage: name, results: {} }));
  controller.raise('pageChanged', {
    newPage: pageInfo(page, name),
    ...(old ? { oldPage: pageInfo(old, name) } : {}),
  });
  controller.requery();
}

const nextPageName = (pages: readonly ReportPage[]): string => {
  let n = pages.length + 1;
  while (pages.some((p) => p.name === `page-${n}`)) n += 1;
  return `page-${n}`;
};

export function pageRoutes(router: FrameRouter, controller: ReportController) {
  router
    .handle(Call.getPages, () => {
      const { definition, state } = loaded(controller);
      return definition.pages.map((p) => pageInfo(p, state.activePage));
    })
    .handle(Call.setActivePage, ({ body }) => {
      assertValid(validatePage(body ?? {}));
      activatePage(controller, (body as { name: string }).name);
      return null;
    })
    .handle(Call.addPage, ({ body }) => {
      const { definition, state } = loaded(controller);
      requireEditMode(controller);
      const given = checkedDisplayName(body, true);
      const name = nextPageName(definition.pages);
      const page: ReportPage = {
        name,
        displayName: given ?? `Page ${definition.pages.length + 1}`,
        width: definition.pages[0]?.width ?? 1280,
        height: definition.pages[0]?.height ?? 720,
        displayOption: 0,
        visibility: 0,
        filters: [],
        visuals: [],
      };
      controller.editDefinition((d) => ({ ...d, pages: [...d.pages, page] }), false);
      activatePage(controller, name);
      return reply(201, pageInfo(page, controller.state.activePage ?? state.activePage));
    })
    .handle(Call.deletePage, ({ params }) => {
      const { definition, state } = loaded(controller);
      requireEditMode(controller);
      pageNamed(definition, params.pageName);
      if (definition.pages.length === 1) throw badRequest('A report keeps at least one page.');
      const rest = definition.pages.filter((p) => p.name !== params.pageName);
      controller.editDefinition((d) => ({ ...d, pages: rest }), false);
      if (state.activePage === params.pageName && rest[0]) activatePage(controller, rest[0].name);
      return null;
    })
    .handle(Call.renamePage, ({ params, body }) => {
      const { definition } = loaded(controller);
      requireEditMode(controller);
      pageNamed(definition, params.pageName);
      const displayName = checkedDisplayName(body, false);
      controller.editDefinition((d) => withPage(d, params.pageName, (p) => ({ ...p, displayName })), false);
      return null;
    })
    .handle(Call.hasLayout, ({ params }) => {
      const { definition } = loaded(controller);
      pageNamed(definition, params.pageName);
      // Every page has its master layout and the generated mobile ones (visuals stacked in one column); a custom
      // layout is the host's, not the page's.
      // The SDK sends the layout type's name (`MobilePortrait`); older hosts send its number.
      const raw = params.layoutType;
      const type = /^\d+$/.test(raw) ? Number(raw) : (LayoutType as unknown as Record<string, number>)[raw];
      return (
        type === LayoutType.Master ||
        type === LayoutType.MobilePortrait ||
        type === LayoutType.MobileLandscape
      );
    });
}
