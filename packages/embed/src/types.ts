/**
 * The public configuration types, as powerbi-client names them: powerbi-models' configurations plus the
 * host's event hooks (functions, kept on the host and never posted to the frame).
 */
import type * as models from '@portico/models';
import type { IResponse } from '@portico/protocol';
import type { IEventHooks } from './embed.ts';

type WithHooks<T> = T & { eventHooks?: IEventHooks };

export type IReportEmbedConfiguration = WithHooks<models.IReportEmbedConfiguration>;
export type IVisualEmbedConfiguration = WithHooks<models.IVisualEmbedConfiguration>;
export type IDashboardEmbedConfiguration = WithHooks<models.IDashboardEmbedConfiguration>;
export type ITileEmbedConfiguration = WithHooks<models.ITileEmbedConfiguration>;
export type IQnaEmbedConfiguration = WithHooks<models.IQnaEmbedConfiguration>;
/** Any embed may also name its unique id (else the `powerbi-name` attribute or a random one is used). */
type Named = { uniqueId?: string };
export type IReportCreateConfiguration = WithHooks<models.IReportCreateConfiguration> & Named;
export type IQuickCreateConfiguration = WithHooks<models.IQuickCreateConfiguration> & Named;
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
