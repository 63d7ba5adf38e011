/**
 * Settings of an embedded report: panes, bars, layout, menu extensions, built-in commands and visual headers.
 */
import type {
  BackgroundType,
  BrowserPrintAdjustmentsMode,
  CommandDisplayOption,
  DisplayOption,
  FiltersPanePosition,
  HyperlinkClickBehavior,
  LayoutType,
  MenuLocation,
  PageNavigationPosition,
  PageSizeType,
  VisualContainerDisplayMode,
} from '../enums.ts';
import type { CommandExtensionSelector, VisualCommandSelector, VisualHeaderSelector } from './selectors.ts';

export interface ISettings {
  authoringHintsEnabled?: boolean;
  background?: BackgroundType;
  bars?: IReportBars;
  bookmarksPaneEnabled?: boolean;
  commands?: ICommandsSettings[];
  customLayout?: ICustomLayout;
  extensions?: Extensions;
  filterPaneEnabled?: boolean;
  hideErrors?: boolean;
  hyperlinkClickBehavior?: HyperlinkClickBehavior;
  /** Defaults to `LayoutType.Master`. */
  layoutType?: LayoutType;
  localeSettings?: ILocaleSettings;
  navContentPaneEnabled?: boolean;
  panes?: IReportPanes;
  persistentFiltersEnabled?: boolean;
  personalBookmarksEnabled?: boolean;
  printSettings?: IPrintSettings;
  useCustomSaveAsDialog?: boolean;
  visualRenderedEvents?: boolean;
  visualSettings?: IVisualSettings;
  /** Between 0.25 and 4. */
  zoomLevel?: number;
}

export interface ILocaleSettings {
  language?: string;
  formatLocale?: string;
}

export interface IPrintSettings {
  browserPrintAdjustmentsMode?: BrowserPrintAdjustmentsMode;
}

export interface IHideable {
  visible?: boolean;
}

export interface ICollapsible {
  expanded?: boolean;
}

export type IActionBar = IHideable;
export type IStatusBar = IHideable;

export interface IReportBars {
  actionBar?: IActionBar;
  statusBar?: IStatusBar;
}

export type IBookmarksPane = IHideable;
export type IFieldsPane = ICollapsible;
export interface IFiltersPane extends ICollapsible, IHideable {
  /** Portico addition, optional: the side of the canvas the pane is drawn on. Absent means `Right`. */
  position?: FiltersPanePosition;
}
export type ISelectionPane = IHideable;
export type ISyncSlicersPane = IHideable;
export type IVisualizationsPane = ICollapsible;

export interface IPageNavigationPane extends IHideable {
  position?: PageNavigationPosition;
}

export interface IReportPanes {
  bookmarks?: IBookmarksPane;
  fields?: IFieldsPane;
  filters?: IFiltersPane;
  pageNavigation?: IPageNavigationPane;
  selection?: ISelectionPane;
  syncSlicers?: ISyncSlicersPane;
  visualizations?: IVisualizationsPane;
}

/** Q&A embeds have a filters pane only. */
export interface IQnaPanes {
  filters?: IFiltersPane;
}

export interface IPageSize {
  type: PageSizeType;
}

export interface ICustomPageSize extends IPageSize {
  width?: number;
  height?: number;
}

export interface IVisualContainerDisplayState {
  mode: VisualContainerDisplayMode;
}

export interface IVisualLayout {
  x?: number;
  y?: number;
  z?: number;
  width?: number;
  height?: number;
  displayState?: IVisualContainerDisplayState;
}

export type VisualsLayout = Record<string, IVisualLayout>;

export interface IPageLayout {
  defaultLayout?: IVisualLayout;
  visualsLayout: VisualsLayout;
}

export type PagesLayout = Record<string, IPageLayout>;

export interface ICustomLayout {
  pageSize?: IPageSize;
  displayOption?: DisplayOption;
  pagesLayout?: PagesLayout;
}

// Menu extensions: a command in the visual context or options menu, optionally inside a named group.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- marker kept for powerbi-models compatibility
export interface IExtensionPoint {}

export interface IMenuExtensionBase extends IExtensionPoint {
  title?: string;
  /** Options menu only. */
  icon?: string;
}

export interface IFlatMenuExtension extends IMenuExtensionBase {
  menuLocation?: MenuLocation;
}

export interface IGroupedMenuExtension extends IMenuExtensionBase {
  groupName: string;
}

export type IMenuExtension = IFlatMenuExtension | IGroupedMenuExtension;

export interface IExtensionPoints {
  visualContextMenu?: IMenuExtension;
  visualOptionsMenu?: IMenuExtension;
}

export interface IExtensionItem {
  name: string;
  extend: IExtensionPoints;
}

export interface ICommandExtension extends IExtensionItem {
  title: string;
  icon?: string;
  selector?: CommandExtensionSelector;
}

/** The spec's "menu command": a command extension by another name. */
export type IMenuCommand = ICommandExtension;

export interface IMenuGroupExtension {
  name: string;
  title: string;
  /** Top puts the group at the top of the menu; bottom (the default) where its first command lands. */
  menuLocation?: MenuLocation;
}

export interface IExtension {
  command?: ICommandExtension;
}

export interface IExtensions {
  commands: ICommandExtension[];
  groups?: IMenuGroupExtension[];
}

export type Extensions = IExtension[] | IExtensions;

// Built-in commands: show, disable or hide each, for every visual or for the selected ones.

export interface ICommandSettings {
  displayOption: CommandDisplayOption;
  selector?: VisualCommandSelector;
}

export interface ICommandsSettings {
  copy?: ICommandSettings;
  drill?: ICommandSettings;
  drillthrough?: ICommandSettings;
  expandCollapse?: ICommandSettings;
  exportData?: ICommandSettings;
  includeExclude?: ICommandSettings;
  removeVisual?: ICommandSettings;
  search?: ICommandSettings;
  seeData?: ICommandSettings;
  sort?: ICommandSettings;
  spotlight?: ICommandSettings;
  insightsAnalysis?: ICommandSettings;
  addComment?: ICommandSettings;
  groupVisualContainers?: ICommandSettings;
  summarize?: ICommandSettings;
  clearSelection?: ICommandSettings;
}

export interface IVisualHeaderSettings {
  visible?: boolean;
}

export interface IVisualHeader {
  settings: IVisualHeaderSettings;
  selector?: VisualHeaderSelector;
}

export interface IVisualSettings {
  visualHeaders?: IVisualHeader[];
}

export interface IParametersPanel {
  expanded?: boolean;
  enabled?: boolean;
}

export interface IPaginatedReportsCommandsSettings {
  parameterPanel?: IParametersPanel;
}

export interface IPaginatedReportSettings {
  commands?: IPaginatedReportsCommandsSettings;
}

export interface IQnaSettings {
  filterPaneEnabled?: boolean;
  hideErrors?: boolean;
  panes?: IQnaPanes;
  localeSettings?: ILocaleSettings;
}
