import type { FastifyInstance } from 'fastify';
import type { DownloadTokens } from './auth/download-token.ts';
import type { PortalConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { EmbedInfoProvider } from './embed/provider.ts';

/**
 * What the routes share, decorated once on the app and read through `servicesOf(app)` (the house rule of every Portico server,
 * server-kit's README): routes read `servicesOf(app).database`, never options or decorations of their own.
 */
export interface PortalServices {
  readonly config: PortalConfig;
  readonly database: Database;
  /** Signs and checks the short-lived links of report downloads. */
  readonly downloadTokens: DownloadTokens;
  /** Where embedded-report information comes from; undefined while embedded reports are off. */
  readonly embedInfoProvider: EmbedInfoProvider | undefined;
}

/**
 * The services of an app, as its routes read them: `servicesOf(app).database`. A typed accessor rather than a
 * `FastifyInstance` augmentation, because three apps' augmentations of one property clash in a program that imports
 * more than one app (the root's tests and benchmarks).
 */
export function servicesOf(app: FastifyInstance): PortalServices {
  return app.getDecorator<PortalServices>('services');
}
