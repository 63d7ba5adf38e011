// Launches the portal server: configuration, database, migrations, seeding, then server-kit's serve (listen, signals,
// clean shutdown). Everything else is in app.ts.
import { join } from 'node:path';
import { configOrExit, privateModesWarning, securePrivateDirectory, serve } from '@portico/server-kit';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedSampleData } from './seed/sample-data.ts';

const config = configOrExit('portal-server', () => loadConfig(process.env));

// The database, keys and reports: owner-only (0700 / 0600), files made later too.
const loose = await securePrivateDirectory(config.dataDir, 'portal');
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
} catch (error) {
  console.error('portal-server: could not apply the database migrations', error);
  await database.close();
  process.exit(1);
}

const app = await buildApp({ config, database });
if (loose > 0) app.log.warn(privateModesWarning(join(config.dataDir, 'portal'), loose));

async function seed(): Promise<void> {
  if (!config.seedSampleData) return;
  try {
    const seeded = await seedSampleData(database.db, {
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      artifactBytes: config.sampleArtifactBytes,
    });
    if (seeded.seededAccounts || seeded.seededCatalog || seeded.releaseFilesPublished > 0) {
      app.log.info(
        {
          accounts: seeded.seededAccounts,
          catalog: seeded.seededCatalog,
          releaseFiles: seeded.releaseFilesPublished,
        },
        'seeded the sample data',
      );
    }
    // One line per installee, on the start that made the sample keys only (kept in the data directory's 0600 file).
    for (const line of seeded.installerLines) app.log.info(line);
  } catch (error) {
    app.log.error({ err: error }, 'could not seed the sample data');
  }
}

await serve(app, {
  host: config.host,
  port: config.port,
  beforeListen: seed,
  release: () => database.close(),
  readyMessage: `portal server ready at ${config.publicUrl}`,
  readyFields: { database: database.kind, authority: config.oidc.authority },
});
