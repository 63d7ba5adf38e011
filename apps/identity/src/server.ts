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

const app = await buildIdentityApp(config).catch((error: unknown) => {
  // A corrupt key file or an unreadable seed: say which, without a stack trace.
  console.error(`identity provider failed to start: ${(error as Error).message}`);
  process.exit(1);
});
try {
  // The bind address without a scheme: the ready line names the issuer URL, once.
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `listening on ${address.replace(/^https?:\/\//, '')}`,
  });
} catch (error) {
  console.error(
    `identity provider cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`,
  );
  process.exit(1);
}
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
