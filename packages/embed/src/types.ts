/**
 * The public configuration types, as powerbi-client names them: powerbi-models' configurations (with the
 * host's event hooks where powerbi-models 2.x has them: report, visual, create and quick-create).
 */
import type * as models from '@portico/models';
import type { IResponse } from '@portico/protocol';

export type IReportEmbedConfiguration = models.IReportEmbedConfiguration;
export type IVisualEmbedConfiguration = models.IVisualEmbedConfiguration;
export type IDashboardEmbedConfiguration = models.IDashboardEmbedConfiguration;
export type ITileEmbedConfiguration = models.ITileEmbedConfiguration;
export type IQnaEmbedConfiguration = models.IQnaEmbedConfiguration;
export type IReportCreateConfiguration = models.IReportCreateConfiguration;
export type IQuickCreateConfiguration = models.IQuickCreateConfiguration;
export type IBootstrapEmbedConfiguration = models.IBootstrapEmbedConfiguration;
export type IEmbedSettings = models.ISettings;
export type ILocaleSettings = models.ILocaleSettings;
export type IQnaSettings = models.IQnaSettings;

export type IComponentEmbedConfiguration =
  | IReportEmbedConfiguration
  | IDashboardEmbedConfiguration
  | ITileEmbedConfiguration
  | IVisualEmbedConfiguration
  | IQnaEmbedConfiguration;

/** A frame reply: `{ statusCode, headers: { id }, body }` (powerbi-client's http-post-message response). */
export type IHttpPostMessageResponse<T> = IResponse<T>;

/** What reports, pages, visual descriptors and visual embeds share: filters. */
export interface IFilterable {
  getFilters(): Promise<models.IFilter[]>;
  updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
  ): Promise<IHttpPostMessageResponse<void>>;
  removeFilters(): Promise<IHttpPostMessageResponse<void>>;
  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>>;
}
