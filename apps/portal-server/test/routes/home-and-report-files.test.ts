import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogReports, reportNodes, users } from '../../src/db/schema.ts';
import type { EmbedInfoProvider } from '../../src/embed/provider.ts';
import { EmbedProviderUnavailableError } from '../../src/embed/provider.ts';
import { EXPECTED_ACCOUNTS, SAMPLE_USERS, listeningSeededApp } from '../helpers/seeded-app.ts';
import type { ListeningSeededApp, SampleUser } from '../helpers/seeded-app.ts';

const REPORT = { workspaceId: 'ws-1', reportId: 'report-1', reportName: 'Fleet overview' };
const provider: EmbedInfoProvider & { down: boolean } = {
  down: false,
  async listReports() {
    if (provider.down) throw new EmbedProviderUnavailableError('down');
    return [REPORT];
  },
  async embedInfo() {
    return undefined;
  },
};

let s: ListeningSeededApp;
let base: string;

beforeAll(async () => {
  s = await listeningSeededApp({
    env: { PORTAL_ENABLE_EMBEDDED_REPORTS: 'true' },
    embedInfoProvider: provider,
  });
  base = s.base;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

// Real HTTP: the app listens on a free port and is called with fetch.
const call = async (user: SampleUser | null, path: string) => {
  const headers: Record<string, string> = user === null ? {} : { authorization: await s.bearer(user) };
  return fetch(`${base}${path}`, { headers });
};

interface HomeAnswer {
  user: { name: string | null; email: string | null; previousVisitAt: string | null };
  accounts: { databaseName: string; accountName: string; customerName: string }[];
  reports: {
    count: number;
    addedSinceLastVisit: number;
    updatedAt: string;
    updatedSinceLastVisit: boolean;
    latest: { name: string; description: string; nodeId: number; folder: string; isNew: boolean }[];
  };
  embeddedReports: { available: boolean; reports: (typeof REPORT)[] } | null;
}

describe('GET /api/home', () => {
  it('answers 401 without a bearer token and 400 without a supported language', async () => {
    const anonymous = await call(null, '/api/home?language=en');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await call('alice', '/api/home?language=xx')).status).toBe(400);
    expect((await call('alice', '/api/home')).status).toBe(400);
  });

  it("lists exactly the caller's accounts by name, the newest reports with descriptions, and embedded reports", async () => {
    for (const user of ['alice', 'bob', 'carol'] as const) {
      const res = await call(user, '/api/home?language=de');
      expect(res.status).toBe(200);
      const home = (await res.json()) as HomeAnswer;
      expect(home.accounts.map((a) => a.databaseName)).toEqual(EXPECTED_ACCOUNTS[user]);
      expect(home.user.email).toBe(SAMPLE_USERS[user].email);
      expect(home.user.name).toBe(user);
      expect(home.reports.count).toBe(9);
      expect(home.reports.latest).toHaveLength(5);
      expect(home.reports.latest[0]?.description).toMatch(/\w{4}/);
      expect(home.reports.latest.map((r) => r.description)).toContain(
        'Jeder tägliche Zählerstand jedes Druckers über zwei Jahre: eine große Datei.',
      );
      expect(home.embeddedReports).toEqual({ available: true, reports: [REPORT] });
    }
  });

  it('shows a caller without an account no reports and no embedded reports', async () => {
    const home = (await (await call('mallory', '/api/home?language=en')).json()) as HomeAnswer;
    expect(home.accounts).toEqual([]);
    expect(home.reports).toMatchObject({ count: 0, latest: [], addedSinceLastVisit: 0 });
    expect(home.embeddedReports).toEqual({ available: true, reports: [] });
  });

  it('says the embedded reports are unavailable, and still answers, while the analytics service is down', async () => {
    provider.down = true;
    try {
      const res = await call('bob', '/api/home?language=en');
      expect(res.status).toBe(200);
      expect(((await res.json()) as HomeAnswer).embeddedReports).toEqual({ available: false, reports: [] });
    } finally {
      provider.down = false;
    }
  });

  it('counts what is new since the previous visit: a pause of more than 30 minutes starts a new visit', async () => {
    // First visit: nothing is "new" yet.
    let home = (await (await call('bob', '/api/home?language=en')).json()) as HomeAnswer;
    expect(home.user.previousVisitAt).toBeNull();
    expect(home.reports.addedSinceLastVisit).toBe(0);
    expect(home.reports.latest.every((r) => !r.isNew)).toBe(true);

    // Dave (a member through bob's email) was last seen two hours ago, in an earlier run of the server; a report
    // joined the catalog an hour ago, the others two days ago.
    const dave = { sub: 'sub-dave', email: SAMPLE_USERS.bob.email, name: 'Dave' };
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await s.database.db.insert(users).values({ subject: dave.sub, name: 'Dave', lastSeenAt: twoHoursAgo });
    await s.database.db
      .update(catalogReports)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(sql`true`);
    const [usage] = await s.database.db.select().from(reportNodes).where(eq(reportNodes.name, 'Usage'));
    await s.database.db.insert(catalogReports).values({
      nodeId: usage?.id ?? 0,
      name: 'Weekly page volume',
      kind: 'monthly-page-volume',
      position: 9,
      createdAt: new Date(Date.now() - 3600_000),
    });
    // The catalog is read through a 5-second cache.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const res = await fetch(`${base}/api/home?language=en`, {
      headers: { authorization: await s.bearer('bob', dave) },
    });
    home = (await res.json()) as HomeAnswer;
    expect(home.user.name).toBe('Dave');
    expect(home.user.previousVisitAt).toBe(twoHoursAgo.toISOString());
    expect(home.reports.addedSinceLastVisit).toBe(1);
    expect(home.reports.updatedSinceLastVisit).toBe(
      Date.parse(home.reports.updatedAt) > twoHoursAgo.getTime(),
    );
    expect(home.reports.latest[0]).toMatchObject({
      name: 'Weekly page volume',
      folder: 'Usage',
      isNew: true,
    });
    expect(home.reports.latest.slice(1).every((r) => !r.isNew)).toBe(true);
    const [row] = await s.database.db.select().from(users).where(eq(users.subject, dave.sub));
    expect(row?.previousVisitAt?.toISOString()).toBe(twoHoursAgo.toISOString());
    expect(Date.now() - (row?.visitStartedAt.getTime() ?? 0)).toBeLessThan(60_000);
  }, 20_000);
});

interface FilesAnswer {
  path: string;
  sizesPending: boolean;
  dataEndDate: string;
  updatedAt: string;
  files: {
    name: string;
    kind: string;
    description: string;
    formats: { format: string; bytes: number | null }[];
  }[];
}

/** Asks for a folder's reports until the sizes measured in the background are all there, as the web app does. */
async function filesWithSizes(user: SampleUser, query: string): Promise<FilesAnswer> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const res = await call(user, `/api/reports/reportFiles?${query}`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as FilesAnswer;
    if (!answer.sizesPending) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the sizes never came');
}

describe('GET /api/reports/reportFiles', () => {
  it("answers a node's reports with a description, the update time and a size per format", async () => {
    const answer = await filesWithSizes('carol', 'databaseName=northwind&path=Fleet%2FInventory&language=fr');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(answer.dataEndDate).toBe(yesterday);
    expect(answer.updatedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(answer.files).toHaveLength(1);
    const [inventory] = answer.files;
    expect(inventory?.description).toMatch(/^Chaque imprimante/);
    expect(inventory?.formats.map((f) => f.format)).toEqual(['csv', 'xml', 'html']);
    // The size is that of the real download (English), within a few bytes of the generation time's text.
    const token = (await (await call('carol', '/api/reports/downloadAccessToken')).json()) as {
      accessToken: string;
    };
    const download = await fetch(`${base}/api/reports/downloadReport`, {
      method: 'POST',
      headers: { authorization: await s.bearer('carol'), 'content-type': 'application/json' },
      body: JSON.stringify({
        accessToken: token.accessToken,
        path: 'Fleet/Inventory',
        databaseName: 'northwind',
        accountName: 'Northwind',
        report: 'Device inventory.csv',
        format: 'csv',
        language: 'en',
      }),
    });
    const bytes = (await download.arrayBuffer()).byteLength;
    expect(inventory?.formats[0]?.bytes).toBe(bytes);
  });

  it('answers the first open of a large folder at once, without sizes, and has them measured in the background', async () => {
    const started = performance.now();
    const first = await call(
      'bob',
      '/api/reports/reportFiles?databaseName=fabrikam&path=Fleet%2FUsage&language=en',
    );
    const elapsed = performance.now() - started;
    const answer = (await first.json()) as FilesAnswer;
    expect(answer.sizesPending).toBe(true);
    expect(answer.files.flatMap((f) => f.formats.map((format) => format.bytes))).toContain(null);
    // Generating the 12.8 MB HTML alone takes seconds; the answer does not wait for it.
    expect(elapsed).toBeLessThan(1_500);
    const later = await filesWithSizes('bob', 'databaseName=fabrikam&path=Fleet%2FUsage&language=en');
    expect(later.files.every((f) => f.formats.every((format) => (format.bytes ?? 0) > 0))).toBe(true);
  }, 60_000);

  it('shows the daily meter readings as the large file they are', async () => {
    const answer = await filesWithSizes('alice', 'databaseName=contoso_emea&path=Fleet%2FUsage&language=en');
    const readings = answer.files.find((f) => f.kind === 'daily-meter-readings');
    const html = readings?.formats.find((f) => f.format === 'html')?.bytes ?? 0;
    expect(html).toBeGreaterThan(5_000_000);
  }, 30_000);

  it("refuses an account that is not the caller's with the same answer as an unknown one, and an unknown folder with 404", async () => {
    const other = await call(
      'bob',
      '/api/reports/reportFiles?databaseName=contoso_emea&path=Fleet%2FInventory&language=en',
    );
    const unknown = await call(
      'bob',
      '/api/reports/reportFiles?databaseName=nosuch&path=Fleet%2FInventory&language=en',
    );
    expect(other.status).toBe(403);
    expect(unknown.status).toBe(403);
    expect(await other.json()).toEqual(await unknown.json());
    const folder = await call(
      'bob',
      '/api/reports/reportFiles?databaseName=fabrikam&path=..%2F..%2Fetc&language=en',
    );
    expect(folder.status).toBe(404);
    expect(await folder.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 400 for a bad database name, a control character in the path or an unknown language', async () => {
    for (const query of [
      'databaseName=Fab%20rikam&path=Fleet&language=en',
      'databaseName=fabrikam&path=Fleet%00&language=en',
      'databaseName=fabrikam&path=Fleet&language=xx',
      'databaseName=fabrikam&path=&language=en',
    ]) {
      expect((await call('bob', `/api/reports/reportFiles?${query}`)).status).toBe(400);
    }
    expect(
      (await call(null, '/api/reports/reportFiles?databaseName=fabrikam&path=Fleet&language=en')).status,
    ).toBe(401);
  });

  it('is described in the OpenAPI document, as is /api/home', async () => {
    const doc = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/reports/reportFiles', '/api/home']));
  });
});
