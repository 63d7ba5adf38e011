/**
 * What the host sends to load or create content: the embed configurations and the load/create payloads.
 */
import type {
  ContrastMode,
  CredentialType,
  DataCacheMode,
  Permissions,
  QnaMode,
  ReportCreationMode,
  TokenType,
  ViewMode,
} from '../enums.ts';
import type { IFilter, ReportLoadFilters } from './filters.ts';
import type { IApplyBookmarkRequest, IReportTheme } from './report.ts';
import type { ISlicer } from './selectors.ts';
import type { IPaginatedReportSettings, IQnaSettings, ISettings } from './settings.ts';

export type PageView = 'fitToWidth' | 'oneColumn' | 'actualSize';

/** What a hook receives: the body of the frame's hook call, plus the embed the call is for as `report`. */
export type IEventHookRequest<TReport = unknown> = { report: TReport } & Record<string, unknown>;

/**
 * Host functions the frame may call (spec §2): `preQuery` asks `applicationContextProvider`,
 * `newAccessToken` asks `accessTokenProvider`. They stay on the host (never posted to the frame).
 * `TReport` is the embed type the host SDK passes as `request.report`. Declared as methods, so a hook
 * written for a narrower request (`(request: { report: Report }) => …`) is accepted.
 */
export interface IEventHooks<TReport = unknown> {
  /** Answers `preQuery`: report embeds only. */
  applicationContextProvider?(request: IEventHookRequest<TReport>): unknown;
  /** Answers `newAccessToken`: report, create and quick-create embeds with an AAD token. */
  accessTokenProvider?(request: IEventHookRequest<TReport>): unknown;
}

/** powerbi-models 2.x's name for `IEventHooks`. */
export type EventHooks = IEventHooks;

export interface IPaginatedReportDatasetBinding {
  sourceDatasetId: string;
  targetDatasetId: string;
}

export interface IDatasetBinding {
  datasetId?: string;
  paginatedReportBindings?: IPaginatedReportDatasetBinding[];
}

export interface IBootstrapEmbedConfiguration {
  hostname?: string;
  embedUrl?: string;
  settings?: ISettings;
  uniqueId?: string;
  type?: string;
  groupId?: string;
  bootstrapped?: boolean;
}

export interface IEmbedConfigurationBase extends IBootstrapEmbedConfiguration {
  accessToken?: string;
  tokenType?: TokenType;
}

/** @deprecated use the configuration of the embed kind (IReportEmbedConfiguration, …). */
export interface IEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  pageName?: string;
  filters?: IFilter[];
  pageView?: PageView;
  datasetId?: string;
  permissions?: Permissions;
  viewMode?: ViewMode;
  action?: string;
  dashboardId?: string;
  height?: number;
  width?: number;
  theme?: IReportTheme;
  slicers?: ISlicer[];
  bookmark?: IApplyBookmarkRequest;
  datasetBinding?: IDatasetBinding;
  contrastMode?: ContrastMode;
  eventHooks?: IEventHooks;
}

export interface ICommonEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  filters?: IFilter[];
  action?: string;
  contrastMode?: ContrastMode;
  permissions?: Permissions;
}

export interface IReportEmbedConfiguration extends Omit<ICommonEmbedConfiguration, 'filters'> {
  filters?: ReportLoadFilters;
  datasetBinding?: IDatasetBinding;
  bookmark?: IApplyBookmarkRequest;
  pageName?: string;
  slicers?: ISlicer[];
  viewMode?: ViewMode;
  theme?: IReportTheme;
  eventHooks?: IEventHooks;
}

export interface IVisualEmbedConfiguration extends IReportEmbedConfiguration {
  visualName: string;
  height?: number;
  width?: number;
}

export interface IDashboardEmbedConfiguration extends ICommonEmbedConfiguration {
  pageView?: PageView;
}

export interface ITileEmbedConfiguration extends IDashboardEmbedConfiguration {
  dashboardId: string;
  height?: number;
  width?: number;
}

export interface IQnaEmbedConfiguration extends IEmbedConfigurationBase {
  datasetIds: string[];
  question?: string;
  viewMode?: QnaMode;
}

export interface IReportLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  settings?: ISettings;
  pageName?: string;
  filters?: ReportLoadFilters;
  slicers?: ISlicer[];
  permissions?: Permissions;
  viewMode?: ViewMode;
  tokenType?: TokenType;
  bookmark?: IApplyBookmarkRequest;
  theme?: IReportTheme;
  embedUrl?: string;
  datasetBinding?: IDatasetBinding;
  contrastMode?: ContrastMode;
  eventHooks?: IEventHooks;
}

export interface IReportCreateConfiguration {
  type?: 'create';
  accessToken?: string;
  datasetId: string;
  groupId?: string;
  settings?: ISettings;
  tokenType?: TokenType;
  theme?: IReportTheme;
  embedUrl?: string;
  eventHooks?: IEventHooks;
  /** The embed's unique id (else the `powerbi-name` attribute or a random one), as for the other embeds. */
  uniqueId?: string;
}

export interface IColumnSchema {
  name: string;
  displayName?: string;
  dataType: string;
}

export interface ITableSchema {
  name: string;
  columns: IColumnSchema[];
}

export interface ITableData {
  name: string;
  rows: string[][];
}

export interface ICredentials {
  credentialType?: CredentialType;
  credentialDetails?: Record<string, string>;
}

export interface IDatasourceConnectionConfig {
  dataCacheMode?: DataCacheMode;
  credentials?: ICredentials;
}

/** The data behind a quick-create report: inline tables (`data` + `tableSchemaList`) or a mashup document. */
export interface IDatasetCreateConfig {
  locale: string;
  mashupDocument?: string;
  datasourceConnectionConfig?: IDatasourceConnectionConfig;
  tableSchemaList?: ITableSchema[];
  data?: ITableData[];
}

export interface IQuickCreateConfiguration {
  type?: 'quickCreate';
  accessToken?: string;
  groupId?: string;
  settings?: ISettings;
  tokenType?: TokenType;
  theme?: IReportTheme;
  embedUrl?: string;
  datasetCreateConfig: IDatasetCreateConfig;
  /** powerbi-models 2.x: how the new report starts. */
  reportCreationMode?: ReportCreationMode;
  eventHooks?: IEventHooks;
  /** The embed's unique id (else the `powerbi-name` attribute or a random one), as for the other embeds. */
  uniqueId?: string;
}

export interface IDashboardLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  pageView?: PageView;
  tokenType?: TokenType;
  embedUrl?: string;
}

export interface ITileLoadConfiguration {
  accessToken: string;
  id: string;
  dashboardId: string;
  groupId?: string;
  pageView?: string;
  tokenType?: TokenType;
  width?: number;
  height?: number;
}

export interface IParameterValue {
  name: string;
  value?: string;
}

export interface IPaginatedReportLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  settings?: IPaginatedReportSettings;
  tokenType?: TokenType;
  embedUrl?: string;
  type?: string;
  parameterValues?: IParameterValue[];
  datasetBindings?: IPaginatedReportDatasetBinding[];
}

export interface ILoadQnaConfiguration {
  accessToken: string;
  datasetIds: string[];
  groupId?: string;
  question?: string;
  viewMode?: QnaMode;
  settings?: IQnaSettings;
  tokenType?: TokenType;
}

/** The spec's name for the Q&A load payload. */
export type IQnaLoadConfiguration = ILoadQnaConfiguration;

export interface IQnaInterpretInputData {
  question: string;
  datasetIds?: string[];
}

export interface ISaveAsParameters {
  name: string;
  targetWorkspaceId?: string;
}
