import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SAMPLE_ACCOUNTS, SAMPLE_MEMBERSHIPS } from '@portico/fleet-data';
import { createAccessKey } from '../db/access-keys.ts';
import { createAccount, grantMembership, listAccounts } from '../db/accounts.ts';
import { catalogIsEmpty, fillCatalogNames, insertCatalog } from '../db/catalog.ts';
import type { PortalDb } from '../db/database.ts';
import { grantReport } from '../db/report-grants.ts';
import { ALL_REPORTS, INSTALLEES } from '../db/schema.ts';
import type { Installee } from '../db/schema.ts';
import { SAMPLE_CATALOG } from './catalog.ts';
import { seedSampleReleases } from './releases.ts';

/** The account the sample access keys belong to. */
export const SAMPLE_KEY_ACCOUNT = 'contoso_emea';

/** The SPA page that opens an installer with a key (spec §2); the upgrade page needs a sign-in instead. */
export function installerPageUrl(publicUrl: string, installee: Installee, key: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (installee === 'dca') return `${base}/DcaInstaller/${key}`;
  if (installee === 'controlPanel') return `${base}/ControlPanelInstaller/${key}`;
  return `${base}/ControlPanelUpgrade/`;
}

export interface SeedOptions {
  dataDir: string;
  publicUrl: string;
  artifactBytes: number;
}

export interface SeedResult {
  /** True when the accounts were seeded now (the database had none). */
  seededAccounts: boolean;
  seededCatalog: boolean;
  /** Sample release files published now (only into a store with no releases). */
  releaseFilesPublished: number;
  /**
   * `Installer for <installee>: <url>` lines, only when the keys were made now: a key is shown once, when it is made
   * (like `keys create`); the lines stay in the owner-only sample-keys file for later reference.
   */
  installerLines: string[];
  /** The sample keys, only when created now. */
  keys: Partial<Record<Installee, string>>;
}

/** Where the sample installer URLs are kept (mode 0600), so that later starts can say where to find them. */
export function sampleKeysFile(dataDir: string): string {
  return join(dataDir, 'portal', 'sample-installer-urls.txt');
}

/**
 * Seeds an empty database with the sample data and makes the sample installers; running it again changes nothing.
 * Accounts, memberships (by email) and keys are seeded only when there are no accounts at all, the catalog only when
 * it is empty, so what an administrator changed later is never overwritten.
 *
 * ```ts
 * const { installerLines } = await seedSampleData(db, { dataDir, publicUrl, artifactBytes: 3 << 20 });
 * ```
 */
export async function seedSampleData(db: PortalDb, options: SeedOptions): Promise<SeedResult> {
  const keys: Partial<Record<Installee, string>> = {};
  let installerLines: string[] = [];
  let seededAccounts = false;
  if ((await listAccounts(db)).length === 0) {
    seededAccounts = true;
    for (const { databaseName, accountName, customerName } of SAMPLE_ACCOUNTS) {
      await createAccount(db, { databaseName, accountName, customerName });
    }
    for (const { email, databaseNames } of SAMPLE_MEMBERSHIPS) {
      for (const databaseName of databaseNames) await grantMembership(db, databaseName, 'email', email);
    }
    // Every sample account may open every analytics report, as before entitlements existed.
    for (const { databaseName } of SAMPLE_ACCOUNTS) await grantReport(db, { databaseName }, ALL_REPORTS);
    for (const installee of INSTALLEES) {
      const created = await createAccessKey(db, {
        databaseName: SAMPLE_KEY_ACCOUNT,
        installees: [installee],
        // The dca and upgrade sample keys see the preview channel too, the control panel's stable only, so that
        // `npm start` shows both entitlements.
        channels: installee === 'controlPanel' ? ['stable'] : ['stable', 'preview'],
      });
      if (created !== undefined) keys[installee] = created.key;
    }
    installerLines = INSTALLEES.map((installee) => {
      const key = keys[installee] ?? '';
      const suffix = installee === 'controlPanelUpgrade' ? ` (signed in; sample key ${key})` : '';
      return `Installer for ${installee}: ${installerPageUrl(options.publicUrl, installee, key)}${suffix}`;
    });
    const file = sampleKeysFile(options.dataDir);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${installerLines.join('\n')}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
  }
  let seededCatalog = false;
  if (await catalogIsEmpty(db)) {
    await insertCatalog(db, SAMPLE_CATALOG);
    seededCatalog = true;
  } else {
    // A sample catalog seeded before its names were translated (migration 0008) gets them now.
    await fillCatalogNames(db, SAMPLE_CATALOG);
  }
  const releaseFilesPublished = await seedSampleReleases(db, options.dataDir, options.artifactBytes);
  return { seededAccounts, seededCatalog, releaseFilesPublished, installerLines, keys };
}
