import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCatalogNames, insertCatalog, loadCatalog } from '../../src/db/catalog.ts';
import { SAMPLE_CATALOG } from '../../src/seed/catalog.ts';
import { listeningSeededApp } from '../helpers/seeded-app.ts';
import type { ListeningSeededApp, SampleUser } from '../helpers/seeded-app.ts';
import { openMigratedPglite } from '../helpers/test-app.ts';

let s: ListeningSeededApp;
let base: string;

beforeAll(async () => {
  s = await listeningSeededApp();
  base = s.base;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

// Real HTTP: the app listens on a free port and is called with fetch.
const get = async (user: SampleUser, path: string) =>
  fetch(`${base}${path}`, { headers: { authorization: await s.bearer(user) } });

interface Node {
  id: number;
  name: string;
  title: string;
  relativePath: string;
  viewFiles: string[];
  viewFileTitles: string[];
}

const nodesIn = async (language?: string): Promise<Node[]> => {
  const res = await get('alice', `/api/reports/reportNodes${language ? `?language=${language}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Node[];
};

async function download(language: string, path: string, report: string) {
  const { accessToken } = (await (await get('alice', '/api/reports/downloadAccessToken')).json()) as {
    accessToken: string;
  };
  const format = report.slice(report.lastIndexOf('.') + 1);
  const res = await fetch(`${base}/api/reports/downloadReport`, {
    method: 'POST',
    headers: { authorization: await s.bearer('alice'), 'content-type': 'application/json' },
    body: JSON.stringify({
      accessToken,
      path,
      databaseName: 'contoso_emea',
      accountName: 'Contoso EMEA',
      report,
      format,
      language,
    }),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return res.headers.get('content-disposition');
}

describe('the report catalog in the UI language', () => {
  it('names folders and reports in the asked language and keeps the names downloads use', async () => {
    const german = await nodesIn('de');
    const usage = german.find((n) => n.relativePath === 'Fleet/Usage');
    expect(usage).toMatchObject({
      name: 'Usage',
      title: 'Nutzung',
      viewFiles: ['Monthly page volume', 'Daily meter readings'],
      viewFileTitles: ['Monatliches Seitenvolumen je Gerät', 'Tägliche Zählerstände'],
    });
    const japanese = await nodesIn('ja');
    expect(japanese.find((n) => n.relativePath === 'Fleet/Office reports')).toMatchObject({
      title: 'Word レポート',
      viewFileTitles: ['フリート概要', '月次使用量明細'],
    });
    const russian = await nodesIn('ru');
    expect(russian.find((n) => n.relativePath === 'Fleet')?.title).toBe('Парк устройств');
    // English shows each report under its document's title too; without a language, the catalog's own names.
    const english = await nodesIn('en');
    expect(english.find((n) => n.relativePath === 'Fleet/Usage')?.viewFileTitles[0]).toBe(
      'Monthly page volume per device',
    );
    const plain = await nodesIn();
    expect(plain.map((n) => n.title)).toEqual(plain.map((n) => n.name));
    expect(plain.map((n) => n.relativePath)).toEqual(german.map((n) => n.relativePath));
    // Every folder and report has a name of its own in every language (German keeps the word "Service").
    for (const language of ['de', 'es', 'fr', 'ja', 'pl', 'ru']) {
      const nodes = await nodesIn(language);
      const untranslated = nodes.filter((node, i) => node.title === plain[i]?.name);
      expect(
        untranslated.map((n) => n.relativePath),
        language,
      ).toEqual(language === 'de' ? ['Fleet/Service'] : []);
      const reports = nodes.flatMap((node, i) =>
        node.viewFileTitles.filter((title, j) => title === plain[i]?.viewFiles[j]),
      );
      expect(reports, language).toEqual([]);
    }
  });

  it('answers 400 for an unknown language', async () => {
    const res = await get('alice', '/api/reports/reportNodes?language=xx');
    expect(res.status).toBe(400);
  });

  it("names a folder's reports in the asked language in reportFiles", async () => {
    const res = await get(
      'alice',
      '/api/reports/reportFiles?databaseName=contoso_emea&path=Fleet%2FOffice%20reports&language=de',
    );
    const answer = (await res.json()) as { files: { name: string; title: string }[] };
    expect(answer.files.map((f) => [f.name, f.title])).toEqual([
      ['Fleet summary', 'Flottenübersicht'],
      ['Monthly usage statement', 'Monatliche Nutzungsaufstellung'],
    ]);
  });

  it('saves a download under its name in the language, with an ASCII fallback (de, ja, ru)', async () => {
    expect(await download('de', 'Fleet/Office reports', 'Fleet summary.docx')).toBe(
      `attachment; filename="Flottenubersicht.docx"; filename*=UTF-8''Flotten%C3%BCbersicht.docx`,
    );
    expect(await download('ja', 'Fleet/Office reports', 'Fleet summary.docx')).toBe(
      `attachment; filename="Fleet summary.docx"; filename*=UTF-8''%E3%83%95%E3%83%AA%E3%83%BC%E3%83%88%E6%A6%82%E8%A6%81.docx`,
    );
    expect(await download('ru', 'Fleet/Inventory', 'Device inventory.csv')).toBe(
      `attachment; filename="Device inventory.csv"; filename*=UTF-8''${encodeURIComponent('Перечень устройств')}.csv`,
    );
    expect(await download('en', 'Fleet/Usage', 'Monthly page volume.xml')).toBe(
      `attachment; filename="Monthly page volume per device.xml"; filename*=UTF-8''Monthly%20page%20volume%20per%20device.xml`,
    );
    expect(await download('fr', 'Fleet/Inventory', 'Device inventory.html')).toMatch(
      /^inline; filename="Inventaire des appareils.html"; /,
    );
  });

  it('names the newest reports and their folders on the home page in the language', async () => {
    const res = await get('alice', '/api/home?language=de');
    const home = (await res.json()) as { reports: { latest: { name: string; folder: string }[] } };
    const names = home.reports.latest.map((r) => `${r.folder}: ${r.name}`);
    expect(names.length).toBeGreaterThan(0);
    for (const line of names)
      expect(line).toMatch(/^(Inventar|Nutzung|Verbrauchsmaterial|Service|Word-Berichte): /);
  });
});

describe('fillCatalogNames', () => {
  it('gives a sample catalog seeded before names were translated its names, and leaves named rows alone', async () => {
    const old = await openMigratedPglite();
    try {
      const unnamed = (nodes: typeof SAMPLE_CATALOG): typeof SAMPLE_CATALOG =>
        nodes.map(({ names: _names, ...node }) => ({
          ...node,
          reports: (node.reports ?? []).map(({ names: _n, ...report }) => report),
          children: unnamed(node.children ?? []),
        }));
      await insertCatalog(old.db, unnamed(SAMPLE_CATALOG));
      expect((await loadCatalog(old.db)).reportsByPath.get('Fleet/Usage')?.names).toEqual({});
      expect(await fillCatalogNames(old.db, SAMPLE_CATALOG)).toBe(6 + 9);
      const catalog = await loadCatalog(old.db);
      expect(catalog.reportsByPath.get('Fleet/Usage')?.names.de).toBe('Nutzung');
      expect(catalog.reportsByPath.get('Fleet/Office reports')?.reports[0]?.names?.ja).toBe('フリート概要');
      expect(await fillCatalogNames(old.db, SAMPLE_CATALOG)).toBe(0);
    } finally {
      await old.close();
    }
  });
});
