/**
 * Initial JavaScript of the portal's home route (issue 6's goal: at most 150 KB gzipped).
 *
 * 1. Builds the portal web app (`npm run build -w @portico/portal-web`; skip with --no-build).
 * 2. The critical path: index.html's entry script and its modulepreloads, each gzipped (level 9), summed.
 * 3. In Chromium, signed out, against the real portal server (buildApp serving that build): every script the home
 *    route downloads until the network is quiet and 2 s more, gzipped the same way, and the language files it
 *    fetches (once with the default language, once with ?lng=ja); then the same for a first visit to a portal
 *    that shows the welcome message (PORTAL_SHOW_WELCOME_MESSAGE), whose dialog is part of that first page.
 * Sizes do not vary between runs, so each figure is measured once; the ratio is figure / goal (goal ≤ 1).
 *
 *   node --import tsx bench/portal-initial-js.ts [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/portal-server/src/app.ts';
import { stubDatabase, testConfig } from '../apps/portal-server/test/helpers/test-app.ts';

const GOAL_BYTES = 150 * 1024;
const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/portal-web/dist');

const gzipped = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).byteLength;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (bytes: number) => (bytes / GOAL_BYTES).toFixed(2);

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@portico/portal-web'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error(`the portal web app did not build (exit code ${build.status})`);
}

// 1. What index.html makes the browser fetch before the app can run.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const critical = [
  ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
].map(([, href = '']) => ({ href, bytes: gzipped(readFileSync(join(dist, href))) }));
const criticalBytes = critical.reduce((sum, file) => sum + file.bytes, 0);
console.log('index.html: entry + modulepreloads (gzip -9)');
for (const file of critical) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.href}`);
console.log(
  `  ${kb(criticalBytes).padStart(9)}  total; goal ≤ ${kb(GOAL_BYTES)}, ratio ${ratio(criticalBytes)}\n`,
);

// 2. What Chromium downloads for the home route, signed out.
async function startPortal(settings: Record<string, string> = {}) {
  const app = await buildApp({
    config: testConfig({ PORTAL_WEB_DIST: dist, ...settings }),
    database: stubDatabase(),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin: `http://localhost:${(app.server.address() as AddressInfo).port}` };
}
const portal = await startPortal();
const welcomingPortal = await startPortal({ PORTAL_SHOW_WELCOME_MESSAGE: 'true' });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function homeRoute(
  query: string,
  origin = portal.origin,
): Promise<{ scripts: { url: string; bytes: number }[]; locales: string[] }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  const locales: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) {
      scripts.push(response.body().then((body) => ({ url: url.pathname, bytes: gzipped(body) })));
    }
    if (url.pathname.startsWith('/locales/')) locales.push(url.pathname);
  });
  await page.goto(`${origin}/${query}`, { waitUntil: 'networkidle' });
  // A CSS locator: a modal welcome dialog hides the page from the accessibility tree.
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(2000);
  await context.close();
  return { scripts: await Promise.all(scripts), locales };
}

try {
  const { scripts, locales } = await homeRoute('');
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log('Chromium, home route signed out: every script downloaded (gzip -9)');
  for (const script of scripts) console.log(`  ${kb(script.bytes).padStart(9)}  ${script.url}`);
  console.log(`  ${kb(total).padStart(9)}  total; goal ≤ ${kb(GOAL_BYTES)}, ratio ${ratio(total)}`);
  console.log(`  language files: ${locales.join(', ') || 'none'}`);
  const japanese = await homeRoute('?lng=ja');
  console.log(`  language files with ?lng=ja: ${japanese.locales.join(', ') || 'none'}`);

  const welcome = await homeRoute('', welcomingPortal.origin);
  const welcomeTotal = welcome.scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log('\nChromium, home route signed out, first visit with the welcome message (gzip -9)');
  for (const script of welcome.scripts) console.log(`  ${kb(script.bytes).padStart(9)}  ${script.url}`);
  console.log(
    `  ${kb(welcomeTotal).padStart(9)}  total; goal ≤ ${kb(GOAL_BYTES)}, ratio ${ratio(welcomeTotal)}`,
  );
} finally {
  await browser.close();
  await portal.app.close();
  await welcomingPortal.app.close();
}
