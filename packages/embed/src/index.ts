/**
 * @portico/embed — the host-side embedding SDK, API- and wire-compatible with powerbi-client 2.x:
 *
 * ```ts
 * import { service, factories, models, type Report } from '@portico/embed';
 * const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
 * const report = powerbi.embed(element, { type: 'report', id, embedUrl, accessToken, tokenType: models.TokenType.Embed });
 * report.on('loaded', () => console.info('loaded'));
 * ```
 *
 * Importing it does nothing: no globals, no listeners (the UMD build alone defines `window.powerbi`).
 */
import * as models from '@portico/models';
import * as factories from './factories.ts';
import * as service from './service.ts';

export { factories, models, service };
export { Embed } from './embed.ts';
export type { IEmbedConfiguration, IEmbedConfigurationBase, IEventHooks } from './embed.ts';
export { Report } from './report.ts';
export { Visual } from './visual.ts';
export { Dashboard } from './dashboard.ts';
export { Tile } from './tile.ts';
export { Create } from './create.ts';
export { Qna, QuickCreate } from './extras.ts';
export { Page } from './page.ts';
export { VisualDescriptor } from './visual-descriptor.ts';
export { BookmarksManager } from './bookmarks-manager.ts';
export {
  AdvancedFilterBuilder,
  BasicFilterBuilder,
  RelativeDateFilterBuilder,
  RelativeTimeFilterBuilder,
  TopNFilterBuilder,
} from './filter-builders.ts';
export { Service, getDefaultService } from './service.ts';
export type { EmbedKinds, EmbedOf, IServiceConfiguration } from './service.ts';
export { EmbedError, EmbedErrorCode } from './errors.ts';
export { DEFAULT_ALLOWED_HOSTS } from './origins.ts';
export type { OriginPolicy } from './origins.ts';
export type * from './events.ts';
export type * from './types.ts';
