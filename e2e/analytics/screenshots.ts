/**
 * Screenshots of every page of every sample report, each dashboard, the Q&A and each paginated report, at the four
 * sizes a customer uses: 1440×900, 1024×768, 390×844 and 1280×720 at 200 % zoom (a 640×360 window at device scale factor 2). The embed
 * fills the window, as in a host page that gives the report the whole screen. Against the real analytics service
 * on the default data (fleet-data scale 1, every sample account visible), driven by `@portico/embed` from a host
 * page on another origin.
 *
 *   node --import tsx e2e/analytics/screenshots.ts [filter]   # writes e2e/analytics/.screenshots/*.png (git-ignored)
 *
 * `filter` keeps the shots whose name contains it (`fleet-overview`, `390x844`). `SCREENSHOT_LANGUAGE=de` (or `ja`…)
 * embeds the reports with `localeSettings.language` and the dashboards, Q&A and paginated reports with the embed URL's
 * `language` (captions, numbers, dates and the frame's wording in that language) and adds `-de` to the files' names. The default data is loaded once
 * into `${BENCH_DATA_DIR:-$TMPDIR/portico-bench}` (as `bench/page-render.ts` does) and reused.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { build } from 'vite';
import { buildApp } from '../../apps/analytics/src/app.ts';
import { ephemeralSigningKey } from '../../apps/analytics/src/auth/signing-key.ts';
import { loadConfig } from '../../apps/analytics/src/config.ts';
import { SAMPLE_REPORTS, PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import { ContentStore } from '../../apps/analytics/src/content/store.ts';
import { openFleetDatabase } from '../../apps/analytics/src/data/fleet-database.ts';
import {
  FLEET_DASHBOARD_ID,
  SUPPLIES_DASHBOARD_ID,
} from '../../apps/analytics/src/kinds/dashboards/samples.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/invoice.ts';
import { bundleFile } from '../sdk/support/bundle.ts';

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(import.meta.dirname, '.screenshots');
const only = process.argv[2] ?? '';
const language = process.env['SCREENSHOT_LANGUAGE'] ?? '';
/** The language on the embed URLs of the kinds whose loads carry no `localeSettings` (as the SDK adds it). */
const inLanguage = language ? `&language=${encodeURIComponent(language)}` : '';
const SECRET = 'screenshots-secret';
const WORKSPACE_ID = 'fa8dbfbf-2e19-46f7-8218-4e0182da0407';

const SIZES = [
  { name: '1440x900', width: 1440, height: 900, scale: 1 },
  { name: '1024x768', width: 1024, height: 768, scale: 1 },
  { name: '390x844', width: 390, height: 844, scale: 1 },
  // A 1280×720 screen at 200 % zoom: a 640×360 CSS-pixel window drawn with two device pixels per CSS pixel.
  { name: '1280x720-zoom200', width: 640, height: 360, scale: 2 },
] as const;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

mkdirSync(out, { recursive: true });
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'portico-bench');
const scratch = await mkdtemp(path.join(tmpdir(), 'screenshots-'));
const scripts = new Map<string, Promise<string>>();
const hostServer = createServer((request, response) => {
  const match = /^\/([a-z][a-z0-9-]*)\.(js|html)$/.exec(request.url ?? '');
  const name = match?.[1];
  const fixture = name === undefined ? undefined : path.join(import.meta.dirname, 'fixtures', `${name}.ts`);
  if (name === undefined || fixture === undefined || !existsSync(fixture)) {
    response.writeHead(404).end();
    return;
  }
  if (match?.[2] === 'js') {
    let script = scripts.get(name);
    if (script === undefined) scripts.set(name, (script = bundleFile(fixture)));
    script.then(
      (js) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(js),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
    return;
  }
  // The host page gives the embed the whole window.
  const html = `<!doctype html><meta charset="utf-8"><title>${name}</title><style>body{margin:0}</style><script src="/${name}.js"></script>`;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
});
const host = `http://localhost:${await listen(hostServer)}`;

try {
  const dist = path.join(scratch, 'frame-dist');
  await build({
    configFile: path.join(root, 'apps/analytics/frame/vite.config.ts'),
    build: { outDir: dist, emptyOutDir: true },
    logLevel: 'silent',
  });
  await mkdir(path.join(dataDir, 'analytics'), { recursive: true });
  const fleet = await openFleetDatabase({ file: path.join(dataDir, 'analytics', 'fleet.duckdb') });
  const probe = createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const serviceUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORTICO_DATA_DIR: scratch,
    ANALYTICS_CLIENT_SECRET: SECRET,
    ANALYTICS_FRAME_DIST: dist,
    ANALYTICS_PUBLIC_URL: serviceUrl,
    ANALYTICS_EMBED_ORIGINS: host,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    fleet,
    content: await ContentStore.open(path.join(scratch, 'content')),
    signingKey: await ephemeralSigningKey(),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port });

  const post = async (url: string, body: string, headers: Record<string, string>) => {
    const res = await fetch(`${serviceUrl}${url}`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const basic = `Basic ${Buffer.from(`${config.clientId}:${SECRET}`).toString('base64')}`;
  const oauth = await post('/oauth/token', 'grant_type=client_credentials', {
    authorization: basic,
    'content-type': 'application/x-www-form-urlencoded',
  });
  const minted = await post(
    '/v1/embed-tokens',
    JSON.stringify({
      reports: SAMPLE_REPORTS.map((r) => ({ id: r.id })),
      datasets: [{ id: PRINT_FLEET_DATASET_ID }],
      dashboards: [{ id: FLEET_DASHBOARD_ID }, { id: SUPPLIES_DASHBOARD_ID }],
      paginatedReports: [{ id: DEVICE_ALERTS_REPORT_ID }, { id: INVOICE_REPORT_ID }],
      permissions: 'View',
      identities: [{ databaseNames: SAMPLE_ACCOUNTS.map((a) => a.databaseName) }],
      allowedOrigins: [host],
      lifetimeMinutes: 60,
    }),
    { authorization: `Bearer ${String(oauth.access_token)}`, 'content-type': 'application/json' },
  );
  const accessToken = String(minted.token);

  /** The embed's element grows to the window (the fixtures make a fixed-size one). */
  const fill = (p: Page) =>
    p.evaluate(() => {
      const iframe = document.querySelector('iframe');
      const element = iframe?.parentElement;
      if (element) element.style.cssText = 'position:fixed;inset:0';
      document.body.style.overflow = 'hidden';
    });
  const until = async (p: Page, test: string) => {
    await p.waitForFunction(test, undefined, { timeout: 30_000, polling: 100 });
    await p.waitForTimeout(700);
  };

  const shots: { name: string; take: (p: Page) => Promise<void> }[] = [];
  for (const report of SAMPLE_REPORTS) {
    for (const page of report.definition.pages.filter((pg) => pg.visibility === 0)) {
      shots.push({
        name: `report-${slug(report.name)}-${slug(page.displayName)}`,
        async take(p) {
          await p.goto(`${host}/host.html`);
          await p.evaluate((c) => window.analyticsHost.embed(c), {
            type: 'report',
            id: report.id,
            embedUrl: `${serviceUrl}/reportEmbed?reportId=${report.id}&groupId=${WORKSPACE_ID}`,
            accessToken,
            tokenType: 1,
            pageName: page.name,
            ...(language ? { settings: { localeSettings: { language } } } : {}),
          });
          await fill(p);
          await until(p, `window.analyticsHost.names().includes('rendered')`);
        },
      });
    }
  }
  for (const [name, id] of [
    ['fleet', FLEET_DASHBOARD_ID],
    ['supplies', SUPPLIES_DASHBOARD_ID],
  ] as const) {
    shots.push({
      name: `dashboard-${name}`,
      async take(p) {
        await p.goto(`${host}/dashboard-host.html`);
        await p.evaluate((c) => window.dashboardHost.embed(c, { width: 100, height: 100 }), {
          type: 'dashboard',
          id,
          embedUrl: `${serviceUrl}/dashboardEmbed?dashboardId=${id}&groupId=${WORKSPACE_ID}${inLanguage}`,
          accessToken,
          tokenType: 1,
        });
        await fill(p);
        await until(p, `window.dashboardHost.names(0).includes('loaded')`);
        await p.waitForTimeout(1500);
      },
    });
  }
  shots.push({
    name: 'qna-pages-per-month',
    async take(p) {
      await p.goto(`${host}/qna-host.html`);
      await p.evaluate((c) => window.qnaHost.embed(c), {
        type: 'qna',
        embedUrl: `${serviceUrl}/qnaEmbed${inLanguage.replace('&', '?')}`,
        accessToken,
        tokenType: 1,
        datasetIds: [PRINT_FLEET_DATASET_ID],
        viewMode: 0,
        question: 'total pages by month',
      });
      await fill(p);
      await until(p, `window.qnaHost.names().includes('visualRendered')`);
    },
  });
  for (const [name, id] of [
    ['device-alerts', DEVICE_ALERTS_REPORT_ID],
    ['invoice', INVOICE_REPORT_ID],
  ] as const) {
    shots.push({
      name: `paginated-${name}`,
      async take(p) {
        await p.goto(`${host}/paginated-host.html`);
        await p.evaluate((c) => window.paginatedHost.embed(c), {
          type: 'report',
          id,
          embedUrl: `${serviceUrl}/rdlEmbed?reportId=${id}&groupId=${WORKSPACE_ID}${inLanguage}`,
          accessToken,
          tokenType: 1,
        });
        await fill(p);
        await until(p, `window.paginatedHost.names().includes('rendered')`);
      },
    });
  }

  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    // Scrollbars as a customer sees them (Playwright hides them by default).
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
      });
      for (const shot of shots) {
        const file = `${shot.name}-${size.name}${language ? `-${language}` : ''}.png`;
        if (only && !file.includes(only)) continue;
        const p = await context.newPage();
        try {
          await shot.take(p);
          await p.mouse.move(0, 0);
          await p.screenshot({ path: path.join(out, file) });
          console.info(`e2e/analytics/.screenshots/${file}`);
        } catch (error) {
          console.error(`${file}: ${String(error)}`);
        } finally {
          await p.close();
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await fleet.engine.close();
  }
} finally {
  hostServer.closeAllConnections();
  await new Promise<void>((resolve) => hostServer.close(() => resolve()));
  await rm(scratch, { recursive: true, force: true });
}
