// Launches the analytics service: configuration, data (loaded on first start), listen, clean shutdown. The rest is in app.ts.
import { ConfigError } from '@portico/env-config';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AnalyticsConfig } from './config.ts';

let config: AnalyticsConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`analytics: ${error.message}`);
  process.exit(1);
}

const app = await buildApp({ config });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exitCode = 1;
  }
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
app.log.info(
  { url: config.publicUrl, embedOrigins: config.embedOrigins },
  `analytics service ready at ${config.publicUrl}`,
);
