import type { FastifyInstance } from 'fastify';
import type { TokenService } from './auth/tokens.ts';
import type { AnalyticsConfig } from './config.ts';
import type { ContentDirectory } from './content/directory.ts';
import type { ContentStore } from './content/store.ts';
import type { Report } from '@portico/analytics-model';
import type { DataVersion } from './data/data-version.ts';
import type { Engine } from './data/engine.ts';
import type { ResultCache } from './query/result-cache.ts';

/** What the routes share: decorated on the app once and read through `servicesOf(app)` below. */
export interface AnalyticsServices {
  readonly config: AnalyticsConfig;
  readonly engine: Engine;
  readonly content: ContentStore;
  /** Lookups of the content kinds that live outside the report store (dashboards, paginated reports). */
  readonly directory: ContentDirectory;
  readonly tokens: TokenService;
  /** The databaseNames the loaded data holds: the only ones an embed token may name. */
  readonly accounts: ReadonlySet<string>;
  /** The data's current version: a change drops the result cache's answers. */
  readonly dataVersion: DataVersion;
  /** Answers of compiled statements, per model and data version, statement and identity. */
  readonly results: ResultCache;
  /** The clock of tokens and relative filters (tests pin it). */
  readonly now: () => number;
}

/**
 * The services of an app, as its routes read them: `servicesOf(app).database`. A typed accessor rather than a
 * `FastifyInstance` augmentation, because three apps' augmentations of one property clash in a program that imports
 * more than one app (the root's tests and benchmarks).
 */
export function servicesOf(app: FastifyInstance): AnalyticsServices {
  return app.getDecorator<AnalyticsServices>('services');
}

/** `${publicUrl}/reportEmbed?reportId=…&groupId=…`: what the portal hands to the SDK as `embedUrl`. */
export function embedUrl(
  config: Pick<AnalyticsConfig, 'publicUrl'>,
  report: Pick<Report, 'id' | 'workspaceId'>,
): string {
  const query = new URLSearchParams({ reportId: report.id, groupId: report.workspaceId });
  return `${config.publicUrl}/reportEmbed?${query.toString()}`;
}
