/**
 * A report embed: pages, filters, settings, themes, modes, menu commands and visual layout. Paginated
 * (RDL) reports use the same class; the calls they do not support reject with the RDL message.
 */
import type { PageSizeType } from '@portico/models';
import {
  CommonErrorCodes,
  FiltersOperations,
  LayoutType,
  MenuLocation,
  ViewMode,
  validateReportLoad,
  type ICommandExtension,
  type IFilter,
  type IPage,
  type IReportTheme,
  type ISettings,
  type IVisualLayout,
  type SectionVisibility,
  type VisualContainerDisplayMode,
} from '@portico/models';
import { Call } from '@portico/protocol';
import { BookmarksManager } from './bookmarks-manager.ts';
import { Embed, type IEmbedConfiguration } from './embed.ts';
import { EmbedErrorCode, RDL_NOT_SUPPORTED, embedError, notSupported, requireValue } from './errors.ts';
import { REPORT_EVENTS, type ReportEvents } from './events.ts';
import { validatePaginatedReportLoad } from './extras.ts';
import {
  addMenuCommand,
  type MenuCommandArgs,
  extensionSettings,
  isMobileLayout,
  menusOf,
  removeMenuCommand,
  visualLayoutSettings,
  type MenuKind,
} from './menu-commands.ts';
import { addParam, findParam, isRdl } from './origins.ts';
import { Page } from './page.ts';
import type { IFilterable, IHttpPostMessageResponse } from './types.ts';
import type { VisualDescriptor } from './visual-descriptor.ts';

type Reply = Promise<IHttpPostMessageResponse<void>>;

const toPage = (report: Report, p: IPage): Page =>
  new Page(
    report,
    p.name,
    p.displayName,
    p.isActive,
    p.visibility,
    p.defaultSize,
    p.defaultDisplayOption,
    p.mobileSize,
    p.background,
    p.wallpaper,
  );

export class Report<E extends ReportEvents = ReportEvents> extends Embed<E> implements IFilterable {
  static override allowedEvents: string[] = REPORT_EVENTS;
  static reportIdAttribute = 'powerbi-report-id';
  static filterPaneEnabledAttribute = 'powerbi-settings-filter-pane-enabled';
  static navContentPaneEnabledAttribute = 'powerbi-settings-nav-content-pane-enabled';
  static override type = 'Report';

  /** The report's bookmarks: get, apply, play, capture, apply a captured state. */
  get bookmarksManager(): BookmarksManager {
    return new BookmarksManager(this);
  }

  /** The `reportId` query parameter of an embed URL, if any. */
  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParam(url, 'reportId');
  }

  getId(): string {
    const { id, embedUrl = '' } = this.config;
    const attribute = Report.reportIdAttribute;
    return requireValue(
      id || this.element.getAttribute(attribute) || Report.findIdFromEmbedUrl(embedUrl),
      'Report id',
      'an id',
      attribute,
    );
  }

  validate(config: IEmbedConfiguration) {
    return isRdl(this.config.embedUrl) ? validatePaginatedReportLoad(config) : validateReportLoad(config);
  }

  configChanged(isBootstrap: boolean): void {
    const { config, element } = this;
    if (isMobileLayout(config.settings?.layoutType))
      config.embedUrl = addParam(config.embedUrl ?? '', 'isMobile', 'true');
    const attributes: ISettings = {};
    const filterPane = element.getAttribute(Report.filterPaneEnabledAttribute);
    const navPane = element.getAttribute(Report.navContentPaneEnabledAttribute);
    if (filterPane != null) attributes.filterPaneEnabled = filterPane !== 'false';
    if (navPane != null) attributes.navContentPaneEnabled = navPane !== 'false';
    config.settings = { ...attributes, ...config.settings };
    if (!isBootstrap) config.id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  /** Renders a report loaded with `service.load` (phased embedding). */
  render(config?: IEmbedConfiguration): Promise<void> {
    return this._ask(Call.render, config);
  }

  async addPage(displayName?: string): Promise<Page> {
    return toPage(this, await this._ask<IPage>(Call.addPage, { displayName }));
  }

  deletePage(pageName: string): Promise<void> {
    return this._ask(Call.deletePage, {}, false, { pageName });
  }

  renamePage(pageName: string, displayName: string): Promise<void> {
    return this._ask(Call.renamePage, { name: pageName, displayName }, false, { pageName });
  }

  getFilters(): Promise<IFilter[]> {
    return this._ask(Call.getReportFilters, null, true);
  }

  updateFilters(operation: FiltersOperations, filters?: IFilter[]): Reply {
    return this._send(Call.updateReportFilters, { filtersOperation: operation, filters }, true);
  }

  removeFilters(): Reply {
    return this.updateFilters(FiltersOperations.RemoveAll);
  }

  setFilters(filters: IFilter[]): Reply {
    return this._send(Call.setReportFilters, filters, true);
  }

  async getPages(): Promise<Page[]> {
    const pages = await this._ask<IPage[]>(Call.getPages, null, true);
    return pages.map((page) => toPage(this, page));
  }

  /** The page with this name; rejects with the NotFound code when the report has none. */
  getPageByName(pageName: string): Promise<Page> {
    return this.findPage((page) => page.name === pageName, `Page ${pageName}`);
  }

  getActivePage(): Promise<Page> {
    return this.findPage((page) => !!page.isActive, 'The active page');
  }

  private async findPage(test: (page: Page) => boolean, what: string): Promise<Page> {
    const page = (await this.getPages()).find(test);
    if (!page) throw embedError(`${what} was not found`, EmbedErrorCode.NotFound, CommonErrorCodes.NotFound);
    return page;
  }

  /** A page object for a known page name, without asking the frame. */
  page(name: string, displayName?: string, isActive?: boolean, visibility?: SectionVisibility): Page {
    return new Page(this, name, displayName, isActive, visibility);
  }

  print(): Promise<void> {
    return this._ask(Call.print, null, true);
  }

  setPage(pageName: string): Reply {
    return this._send(Call.setActivePage, { name: pageName, displayName: null, isActive: true }, true);
  }

  /** Patches the settings; menu commands given here replace the ones the report tracks. */
  async updateSettings(settings: ISettings): Reply {
    if (settings.customLayout != null && isRdl(this.config.embedUrl)) return notSupported(RDL_NOT_SUPPORTED);
    const response = await this._send(Call.updateSettings, settings);
    const { extensions } = settings;
    if (extensions) {
      // An extensions array replaces the commands; an object replaces what it names (powerbi-client's rules).
      const next = menusOf(extensions);
      this._menus.commands =
        Array.isArray(extensions) || extensions.commands ? next.commands : this._menus.commands;
      if (!Array.isArray(extensions) && extensions.groups) this._menus.groups = next.groups;
    }
    return response;
  }

  switchMode(viewMode: ViewMode | string): Promise<void> {
    const mode = typeof viewMode === 'string' ? viewMode : viewMode === ViewMode.Edit ? 'edit' : 'view';
    return this._ask(Call.switchMode, null, false, { viewMode: mode });
  }

  refresh(): Promise<void> {
    return this._ask(Call.refresh, null);
  }

  /** True when the report has no unsaved changes. */
  async isSaved(): Promise<boolean> {
    return !(await this._ask<boolean>(Call.hasUnsavedChanges, null, true));
  }

  applyTheme(theme: IReportTheme): Promise<void> {
    return this._ask(Call.applyTheme, theme, true);
  }

  resetTheme(): Promise<void> {
    return this.applyTheme({});
  }

  getTheme(): Promise<IReportTheme> {
    return this._ask(Call.getTheme, null, true);
  }

  resetPersistentFilters(): Reply {
    return this._send(Call.resetPersistentFilters, null);
  }

  savePersistentFilters(): Reply {
    return this._send(Call.savePersistentFilters, null);
  }

  arePersistentFiltersApplied(): Promise<boolean> {
    return this._ask(Call.arePersistentFiltersApplied);
  }

  addContextMenuCommand(
    commandName: string,
    commandTitle: string,
    contextMenuTitle = commandTitle,
    menuLocation = MenuLocation.Bottom,
    visualName?: string,
    visualType?: string,
    groupName?: string,
  ): Reply {
    const args: MenuCommandArgs = [
      commandName,
      commandTitle,
      contextMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
    ];
    return this._menuCommands(() => addMenuCommand('visualContextMenu', this._menus.commands, args));
  }

  addOptionsMenuCommand(
    commandName: string,
    commandTitle: string,
    optionsMenuTitle = commandTitle,
    menuLocation = MenuLocation.Bottom,
    visualName?: string,
    visualType?: string,
    groupName?: string,
    commandIcon?: string,
  ): Reply {
    const args: MenuCommandArgs = [
      commandName,
      commandTitle,
      optionsMenuTitle,
      menuLocation,
      visualName,
      visualType,
      groupName,
      commandIcon,
    ];
    return this._menuCommands(() => addMenuCommand('visualOptionsMenu', this._menus.commands, args));
  }

  removeContextMenuCommand(commandName: string, contextMenuTitle: string): Reply {
    return this._removeCommand('visualContextMenu', commandName, contextMenuTitle);
  }

  removeOptionsMenuCommand(commandName: string, optionsMenuTitle: string): Reply {
    return this._removeCommand('visualOptionsMenu', commandName, optionsMenuTitle);
  }

  private _removeCommand(kind: MenuKind, name: string, title: string): Reply {
    return this._menuCommands(() => removeMenuCommand(kind, this._menus.commands, name, title));
  }

  private async _menuCommands(commands: () => ICommandExtension[]): Reply {
    if (isRdl(this.config.embedUrl)) return notSupported(RDL_NOT_SUPPORTED);
    return this.updateSettings(extensionSettings(commands(), this._menus.groups));
  }

  async setVisualDisplayState(pageName: string, visualName: string, mode: VisualContainerDisplayMode): Reply {
    return this._setVisualLayout(pageName, visualName, { displayState: { mode } });
  }

  async resizeVisual(pageName: string, visualName: string, width: number, height: number): Reply {
    return this._setVisualLayout(pageName, visualName, { width, height });
  }

  async moveVisual(pageName: string, visualName: string, x: number, y: number, z?: number): Reply {
    return this._setVisualLayout(pageName, visualName, { x, y, z } as IVisualLayout);
  }

  /** Checks that the page and visual exist, then patches the visual's layout. */
  private async _setVisualLayout(pageName: string, visualName: string, layout: IVisualLayout): Reply {
    await this._validateVisual(pageName, visualName);
    return this.updateSettings(visualLayoutSettings(pageName, visualName, layout));
  }

  private async _validateVisual(pageName: string, visualName: string): Promise<VisualDescriptor> {
    return (await this.getPageByName(pageName)).getVisualByName(visualName);
  }

  resizeActivePage(pageSizeType: PageSizeType, width?: number, height?: number): Reply {
    const pageSize = { type: pageSizeType, width, height } as { type: PageSizeType };
    return this.updateSettings({ layoutType: LayoutType.Custom, customLayout: { pageSize } });
  }

  /** Switches between layouts of the same family; mobile ↔ desktop needs a new embed. */
  async switchLayout(layoutType: LayoutType): Reply {
    if (isMobileLayout(this._menus.layout) !== isMobileLayout(layoutType)) {
      return notSupported(
        'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.',
      );
    }
    const response = await this.updateSettings({ layoutType });
    this._menus.layout = layoutType;
    return response;
  }

  /** Closes every open context menu and tooltip (powerbi-client 2.24). */
  closeAllOverlays(): Promise<void> {
    return this._ask(Call.closeAllOverlays, null, true);
  }

  /**
   * Clears the visual selection (powerbi-client 2.24); visuals in a popped-out state (focus, spotlight, …)
   * keep theirs unless `clearPopOutState` is true.
   */
  clearSelectedVisuals(clearPopOutState?: boolean): Promise<void> {
    const state = String(clearPopOutState === true);
    return this._ask(Call.clearSelectedVisuals, null, true, { clearPopOutState: state });
  }

  getZoom(): Promise<number> {
    return this._ask(Call.getZoom);
  }

  async setZoom(zoomLevel: number): Promise<void> {
    await this.updateSettings({ zoomLevel });
  }
}
