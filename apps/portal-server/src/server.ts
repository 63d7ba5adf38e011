// Launches the portal server: configuration, database, migrations, listen, clean shutdown. Everything else is in app.ts.
import { ConfigError } from '@portico/env-config';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { PortalConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedSampleData } from './seed/sample-data.ts';

let config: PortalConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`portal-server: ${error.message}`);
  process.exit(1);
}

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
} catch (error) {
  console.error('portal-server: could not apply the database migrations', error);
  await database.close();
  process.exit(1);
}

const app = await buildApp({ config, database });

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
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exitCode = 1;
  }
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

if (config.seedSampleData) {
  try {
    const seeded = await seedSampleData(database.db, {
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      artifactBytes: config.sampleArtifactBytes,
    });
    if (seeded.seededAccounts || seeded.seededCatalog || seeded.artifactsMade > 0) {
      app.log.info(
        { accounts: seeded.seededAccounts, catalog: seeded.seededCatalog, artifacts: seeded.artifactsMade },
        'seeded the sample data',
      );
    }
    // One line per installee, for `npm start` to show (sample keys only; kept in the data directory).
    for (const line of seeded.installerLines) app.log.info(line);
  } catch (error) {
    app.log.error({ err: error }, 'could not seed the sample data');
  }
}

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`);
  await database.close();
  process.exit(1);
}
app.log.info(
  { url: config.publicUrl, database: database.kind, authority: config.oidc.authority },
  `portal server ready at ${config.publicUrl}`,
);
