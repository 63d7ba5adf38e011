import { ConfigError } from '@portico/env-config';
import { buildIdentityApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { IdentityConfig } from './config.ts';

let config: IdentityConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await buildIdentityApp(config);
await app.listen({ host: config.host, port: config.port });
app.log.info(`identity provider (development only) ready: issuer ${config.issuer}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}
