// Launches the development identity provider: configuration, keys and sample users (made on first start in
// buildIdentityApp), then server-kit's serve (listen, signals, clean shutdown). The rest is in app.ts.
import { configOrExit, serve } from '@portico/server-kit';
import { buildIdentityApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = configOrExit('identity', () => loadConfig(process.env));
const app = await buildIdentityApp(config).catch((error: unknown) => {
  // A corrupt key file or an unreadable seed: say which, without a stack trace.
  console.error(`identity: failed to start: ${(error as Error).message}`);
  process.exit(1);
});
await serve(app, {
  host: config.host,
  port: config.port,
  readyMessage: `identity provider (development only) ready: issuer ${config.issuer}`,
  readyFields: { issuer: config.issuer },
});
