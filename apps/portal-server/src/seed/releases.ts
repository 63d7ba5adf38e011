import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { PortalDb } from '../db/database.ts';
import { installerReleases } from '../db/schema.ts';
import type { Channel, Installee } from '../db/schema.ts';
import { PLATFORMS, writeDeterministicFile } from '../installers/artifacts.ts';
import { publishRelease, releaseRoot } from '../installers/releases.ts';
import { loadReleaseSigner } from '../installers/signing.ts';

interface SampleRelease {
  installee: Installee;
  version: string;
  channel: Channel;
  /** Days before the seed. */
  age: number;
  notes: { en: string; de: string };
}

/** Two or three versions per installee over stable and preview, with short notes in English and German. */
export const SAMPLE_RELEASES: readonly SampleRelease[] = [
  {
    installee: 'dca',
    version: '2.3.0',
    channel: 'stable',
    age: 96,
    notes: {
      en: '### Improvements\n\n- Meter readings are sent in batches of up to **500**, which halves the upload time on slow links.\n- The service restarts by itself after a crash.\n\n### Fixes\n\n- Readings taken during a daylight-saving change keep their order.',
      de: '### Verbesserungen\n\n- Zählerstände werden in Paketen von bis zu **500** gesendet; das halbiert die Übertragungszeit bei langsamen Verbindungen.\n- Der Dienst startet nach einem Absturz selbst neu.\n\n### Fehlerbehebungen\n\n- Messwerte während der Zeitumstellung behalten ihre Reihenfolge.',
    },
  },
  {
    installee: 'dca',
    version: '2.4.0',
    channel: 'stable',
    age: 31,
    notes: {
      en: '### New\n\n- Proxy support: set `PROXY_URL` during setup.\n- Devices report their firmware version.\n\n### Fixes\n\n- A full disk no longer stops the agent; the oldest queued readings are dropped first and logged.',
      de: '### Neu\n\n- Proxy-Unterstützung: `PROXY_URL` bei der Einrichtung angeben.\n- Geräte melden ihre Firmware-Version.\n\n### Fehlerbehebungen\n\n- Eine volle Festplatte hält den Agenten nicht mehr an; die ältesten wartenden Messwerte werden zuerst verworfen und protokolliert.',
    },
  },
  {
    installee: 'dca',
    version: '2.5.0-beta.1',
    channel: 'preview',
    age: 6,
    notes: {
      en: '**Preview**: for test systems only.\n\n- New collector for Modbus TCP meters.\n- Uploads use TLS 1.3 where the server offers it.',
      de: '**Vorschau**: nur für Testsysteme.\n\n- Neuer Sammler für Modbus-TCP-Zähler.\n- Übertragungen nutzen TLS 1.3, wo der Server es anbietet.',
    },
  },
  {
    installee: 'controlPanel',
    version: '5.1.0',
    channel: 'stable',
    age: 120,
    notes: {
      en: '### New\n\n- Site overview with devices in and out of service.\n\n### Fixes\n\n- Exports of more than 65,536 rows are no longer cut short.',
      de: '### Neu\n\n- Standortübersicht mit Geräten in und außer Betrieb.\n\n### Fehlerbehebungen\n\n- Exporte mit mehr als 65.536 Zeilen werden nicht mehr abgeschnitten.',
    },
  },
  {
    installee: 'controlPanel',
    version: '5.2.0',
    channel: 'stable',
    age: 24,
    notes: {
      en: '### New\n\n- Alarms can be acknowledged for a whole site at once.\n- Dark theme.\n\n### Requirements\n\n- Windows Server 2019 or later.',
      de: '### Neu\n\n- Alarme können für einen ganzen Standort auf einmal bestätigt werden.\n- Dunkles Design.\n\n### Voraussetzungen\n\n- Windows Server 2019 oder neuer.',
    },
  },
  {
    installee: 'controlPanel',
    version: '5.3.0-rc.1',
    channel: 'preview',
    age: 4,
    notes: {
      en: '**Release candidate** of 5.3.\n\n- Dashboards can be shared with a link.\n- Faster start: the device list loads in the background.',
      de: '**Release-Kandidat** von 5.3.\n\n- Dashboards lassen sich per Link teilen.\n- Schnellerer Start: die Geräteliste lädt im Hintergrund.',
    },
  },
  {
    installee: 'controlPanelUpgrade',
    version: '5.2.0',
    channel: 'stable',
    age: 24,
    notes: {
      en: 'Upgrades a control panel **5.0 or later** to 5.2.0. Settings, users and history are kept.\n\n- Back up the database before you upgrade.',
      de: 'Aktualisiert ein Control Panel ab **5.0** auf 5.2.0. Einstellungen, Benutzer und Verlauf bleiben erhalten.\n\n- Sichern Sie vor der Aktualisierung die Datenbank.',
    },
  },
  {
    installee: 'controlPanelUpgrade',
    version: '5.3.0-rc.1',
    channel: 'preview',
    age: 4,
    notes: {
      en: 'Upgrades a control panel 5.2 to the **5.3 release candidate**. Not for production systems.',
      de: 'Aktualisiert ein Control Panel 5.2 auf den **Release-Kandidaten 5.3**. Nicht für Produktivsysteme.',
    },
  },
];

/**
 * Publishes the sample releases (x86 and x64 installers of `bytes` deterministic bytes each, for all languages) into
 * a store with no releases at all; the number of files published.
 */
export async function seedSampleReleases(
  db: PortalDb,
  dataDir: string,
  bytes: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(installerReleases);
  if ((row?.n ?? 0) > 0) return 0;
  const signer = await loadReleaseSigner(dataDir);
  const scratch = join(dataDir, 'portal', 'seed-scratch');
  await mkdir(scratch, { recursive: true });
  let published = 0;
  try {
    for (const sample of SAMPLE_RELEASES) {
      for (const platform of PLATFORMS) {
        const source = join(scratch, `${sample.installee}-${sample.version}-${platform}`);
        await writeDeterministicFile(source, bytes, `${sample.installee} ${sample.version} ${platform}`);
        await publishRelease(db, releaseRoot(dataDir), signer, {
          installee: sample.installee,
          version: sample.version,
          channel: sample.channel,
          source,
          platform,
          notes: sample.notes,
          now: new Date(now.getTime() - sample.age * 86_400_000),
        });
        await rm(source, { force: true });
        published += 1;
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return published;
}
