import type { DownloadTokens } from './auth/download-token.ts';
import type { PortalConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { EmbedInfoProvider } from './embed/provider.ts';

/**
 * What the routes share, decorated once on the app as `app.services` (the house rule of every Portico server,
 * server-kit's README): routes read `app.services.database`, never options or decorations of their own.
 */
export interface PortalServices {
  readonly config: PortalConfig;
  readonly database: Database;
  /** Signs and checks the short-lived links of report downloads. */
  readonly downloadTokens: DownloadTokens;
  /** Where embedded-report information comes from; undefined while embedded reports are off. */
  readonly embedInfoProvider: EmbedInfoProvider | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: PortalServices;
  }
}
