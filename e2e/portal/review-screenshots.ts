/**
 * Review screenshots of every portal screen, error state and empty state, in Chromium against the real `npm start`
 * stack, at 1440 × 900, 1024 × 768, 390 × 844 and 200 % zoom (640 × 360 CSS pixels drawn at 2×, a 1280 × 720
 * window zoomed in), in the languages asked for. Nothing is written into docs/ (the README's images:
 * screenshots.ts and installer-screenshots.ts).
 *
 *   node --import tsx e2e/portal/review-screenshots.ts [folder=/tmp/portal-review] [languages=en,de,ja,pl] [sizes]
 *   (sizes: 1440,1024,390,zoom200; REVIEW_SKIP=idle,empty leaves screens out)
 *
 * Each PNG is `<language>-<size>-<screen>.png`. Error states are drawn by answering the portal's own calls as the
 * server does when that thing happens (a 503 `ANALYTICS_UNAVAILABLE`, a 401 `INVALID_TOKEN`, a download's 500);
 * the empty states sign in a user of the identity provider who belongs to no customer account; the idle warning
 * runs the page's clock forward. Each screen is also checked with axe (serious and critical findings printed).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { tmpdir } from 'node:os';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { startStack } from '../support/stack.ts';
import { layoutDefects, signInWith, text } from './helpers.ts';

const folder = resolve(process.argv[2] ?? '/tmp/portal-review');
const languages = (process.argv[3] ?? 'en,de,ja,pl').split(',');
const SIZES = [
  { name: '1440', viewport: { width: 1440, height: 900 }, scale: 1 },
  { name: '1024', viewport: { width: 1024, height: 768 }, scale: 1 },
  { name: '390', viewport: { width: 390, height: 844 }, scale: 1 },
  { name: 'zoom200', viewport: { width: 640, height: 360 }, scale: 2 },
].filter((size) => (process.argv[4] ?? '1440,1024,390,zoom200').split(',').includes(size.name));
// REVIEW_SKIP=idle,session-expired leaves those screens out.
const skipped = (process.env['REVIEW_SKIP'] ?? '').split(',').filter((part) => part !== '');
mkdirSync(folder, { recursive: true });

// A user the identity provider knows and no customer account has as a member: the portal's empty states.
const seed = resolve(tmpdir(), `portal-review-users-${process.pid}.json`);
writeFileSync(
  seed,
  JSON.stringify([
    ...['alice', 'carol'].map((user) => ({
      username: `${user}@contoso.example`,
      password: `portico-${user}`,
      name: `${user.charAt(0).toUpperCase()}${user.slice(1)} Sample`,
      email: `${user}@contoso.example`,
      groups: ['contoso-users'],
    })),
    {
      username: 'dave@contoso.example',
      password: 'portico-dave',
      name: 'Dave Dunne',
      email: 'dave@contoso.example',
      groups: [],
    },
  ]),
);

const stack = await startStack({
  PORTAL_INCLUDE_REPORTS: 'true',
  PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
  PORTAL_SHOW_WELCOME_MESSAGE: 'true',
  IDENTITY_USERS_SEED: seed,
});
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const installer = stack
  .output()
  .match(/Installer for dca: (\S+)/)?.[1]
  ?.replace(/^https?:\/\/[^/]+/, stack.portalUrl);
const findings: string[] = [];

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(700);
  const path = resolve(folder, `${name}.png`);
  await page.screenshot({ path, fullPage });
  const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const found = [...severe, ...(await layoutDefects(page))];
  if (found.length > 0) findings.push(`${name}: ${found.join('; ')}`);
  console.info(path, found.length > 0 ? `\n  ${found.join('\n  ')}` : '');
}

/** Runs one screen; a screen that fails is reported and the rest go on. */
async function screen(name: string, run: () => Promise<void>): Promise<void> {
  if (skipped.some((part) => name.endsWith(`-${part}`))) return;
  try {
    await run();
  } catch (error) {
    findings.push(`${name}: FAILED ${String(error).split('\n')[0]}`);
    console.error(`${name}: FAILED`, String(error).split('\n').slice(0, 3).join(' '));
  }
}

async function context(size: (typeof SIZES)[number]): Promise<BrowserContext> {
  return browser.newContext({ viewport: size.viewport, deviceScaleFactor: size.scale, locale: 'en-GB' });
}

async function signInAs(page: Page, language: string, user: string): Promise<void> {
  const t = (key: string) => text(language, key);
  await page.goto(`${stack.portalUrl}/`);
  await signInWith(page, page.getByRole('main').getByRole('button', { name: t('Home.signIn') }), user);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/\S/);
}

try {
  for (const language of languages) {
    const t = (key: string) => text(language, key);
    for (const size of SIZES) {
      const at = (screenName: string) => `${language}-${size.name}-${screenName}`;
      const ctx = await context(size);
      const page = await ctx.newPage();

      await screen(at('welcome'), async () => {
        await page.goto(`${stack.portalUrl}/?lng=${language}`);
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, at('welcome'), false);
        await page.getByRole('dialog').getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toBeHidden();
        await shoot(page, at('home'));
      });
      await screen(at('about'), async () => {
        await page.goto(`${stack.portalUrl}/about`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, at('about'));
      });
      await screen(at('installer'), async () => {
        if (!installer) throw new Error('no installer URL');
        await page.goto(installer);
        await expect(page.getByRole('button', { name: t('Installer.download'), exact: true })).toBeVisible({
          timeout: 30_000,
        });
        await shoot(page, at('installer'));
        await page.goto(`${stack.portalUrl}/DcaInstaller/not-a-real-key`);
        await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
        await shoot(page, at('installer-refused'));
      });
      await screen(at('not-found'), async () => {
        await page.goto(`${stack.portalUrl}/no-such-page`);
        await page.waitForTimeout(500);
        await shoot(page, at('not-found'));
      });
      await screen(at('signed-in'), async () => {
        await signInAs(page, language, 'carol');
        await expect(page.getByRole('region', { name: t('Home.reportsTitle') })).toBeVisible();
        await page.waitForTimeout(1500);
        await shoot(page, at('signed-in'));
      });
      await screen(at('reports'), async () => {
        await page.goto(`${stack.portalUrl}/reports?account=contoso_emea&folder=3`);
        await expect(page.getByRole('button', { name: /\(12[.,]8\s?MB\)/ })).toBeVisible({ timeout: 60_000 });
        await shoot(page, at('reports'));
        await page.route('**/api/reports/download*', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Internal Server Error', code: 'INTERNAL' }),
          }),
        );
        await page.getByRole('button', { name: /CSV/ }).first().click();
        await page.waitForTimeout(1500);
        await shoot(page, at('download-failed'));
        await page.unrouteAll();
      });
      await screen(at('embedded'), async () => {
        await page.goto(`${stack.portalUrl}/EmbeddedReports`);
        const list = page.getByRole('navigation', { name: t('EmbeddedReports.sidebarTitle'), exact: true });
        await expect(list.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
        await shoot(page, at('embedded-list'));
        await list.getByRole('button').first().click();
        await expect(page.frameLocator('iframe').locator('svg').first()).toBeVisible({ timeout: 60_000 });
        await page.waitForTimeout(2500);
        await shoot(page, at('embedded-report'), false);
      });
      await screen(at('analytics-down'), async () => {
        await page.route('**/api/embedpbi/**', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Analytics unavailable', code: 'ANALYTICS_UNAVAILABLE' }),
          }),
        );
        await page.goto(`${stack.portalUrl}/EmbeddedReports`);
        await page.waitForTimeout(2500);
        await shoot(page, at('analytics-down'));
        await page.goto(`${stack.portalUrl}/`);
        await page.waitForTimeout(2500);
        await shoot(page, at('analytics-down-home'));
        await page.unrouteAll();
      });
      await screen(at('session-expired'), async () => {
        await page.route(/\/api\/(?!configuration)/, (route) =>
          route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'The token has expired', code: 'INVALID_TOKEN' }),
          }),
        );
        await page.goto(`${stack.portalUrl}/reports`);
        await page.waitForTimeout(2500);
        await shoot(page, at('session-expired-reports'));
        await page.goto(`${stack.portalUrl}/`);
        await page.waitForTimeout(2500);
        await shoot(page, at('session-expired-home'));
        await page.unrouteAll();
      });
      await ctx.close();

      const empty = await context(size);
      const emptyPage = await empty.newPage();
      await emptyPage.addInitScript(() => localStorage.setItem('state', '{"welcomeMessageAccepted":true}'));
      await screen(at('empty'), async () => {
        await emptyPage.goto(`${stack.portalUrl}/?lng=${language}`);
        await signInAs(emptyPage, language, 'dave');
        await emptyPage.waitForTimeout(2000);
        await shoot(emptyPage, at('empty-home'));
        await emptyPage.goto(`${stack.portalUrl}/reports`);
        await emptyPage.waitForTimeout(3000);
        await shoot(emptyPage, at('empty-reports'));
        await emptyPage.goto(`${stack.portalUrl}/EmbeddedReports`);
        await emptyPage.waitForTimeout(3000);
        await shoot(emptyPage, at('empty-embedded'));
      });
      await empty.close();

      const idle = await context(size);
      const idlePage = await idle.newPage();
      await idlePage.addInitScript(() => localStorage.setItem('state', '{"welcomeMessageAccepted":true}'));
      await screen(at('idle'), async () => {
        await idlePage.clock.install();
        await idlePage.goto(`${stack.portalUrl}/about?lng=${language}`);
        await signInAs(idlePage, language, 'alice');
        await idlePage.goto(`${stack.portalUrl}/about`);
        await expect(idlePage.getByRole('heading', { level: 1 })).toBeVisible();
        await idlePage.clock.fastForward('14:15');
        await expect(idlePage.getByRole('dialog')).toBeVisible();
        await shoot(idlePage, at('idle-warning'), false);
        await idlePage.clock.fastForward('01:00');
        await expect(idlePage.locator('.portal-notice')).toBeVisible({ timeout: 30_000 });
        await idlePage.clock.runFor(1000);
        await shoot(idlePage, at('idle-signed-out'));
      });
      await idle.close();
    }
  }
} finally {
  console.info(`\n${findings.length} screens with findings:\n${findings.join('\n')}`);
  await browser.close();
  await stack.stop();
  rmSync(seed, { force: true });
}
