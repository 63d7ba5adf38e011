/**
 * The README's screenshots of the portal's main screens, taken in Chromium against the real `npm start` stack:
 * home signed out and signed in and the reports browser at 1440 × 900 and on a phone (390 × 844), About and an
 * embedded report at 1280 × 800 (the installer page: installer-screenshots.ts).
 *
 *   node --import tsx e2e/portal/screenshots.ts   # writes docs/screenshots/*.png
 *   SCREENSHOT_REVIEW=/tmp/shots node --import tsx e2e/portal/screenshots.ts   # also, into /tmp/shots: 1024 × 768
 *     and 200 % zoom (640 × 360 CSS pixels drawn at 2×) in English, and every size in German, with the embedded
 *     reports page at each
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { startStack } from '../support/stack.ts';
import { openReports, signIn, signInWith, text } from './helpers.ts';

const out = resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });

const stack = await startStack({ PORTAL_INCLUDE_REPORTS: 'true', PORTAL_ENABLE_EMBEDDED_REPORTS: 'true' });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function shoot(page: Page, name: string, folder = out): Promise<void> {
  // No hover or focus ring left from the click that got here, and MUI's transitions finished.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(600);
  await page.screenshot({ path: resolve(folder, `${name}.png`) });
  console.info(resolve(folder, `${name}.png`));
}

const review = process.env['SCREENSHOT_REVIEW'];
if (review) mkdirSync(review, { recursive: true });

/**
 * Home signed out, home signed in (Carol: three accounts), the reports browser on its Usage folder with every size
 * known and, for review, the embedded reports page with a report open, in a window of `size` (`scale` 2 draws a
 * 200 % zoom) and `language`, written as `<name>-<suffix>.png` (no suffix: the README's names).
 */
async function homeAndReports(
  size: { width: number; height: number },
  names: { home: string; signedIn: string; reports: string } | null,
  suffix: string,
  scale = 1,
  language = 'en',
): Promise<void> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: scale, locale: 'en-GB' });
  const page = await context.newPage();
  const folder = names === null ? (review ?? out) : out;
  const name = (base: keyof NonNullable<typeof names> | 'embedded') =>
    (names !== null && base !== 'embedded' ? names[base] : undefined) ?? `${base}-${suffix}`;
  const t = (key: string) => text(language, key);
  await page.goto(`${stack.portalUrl}/?lng=${language}`);
  await expect(page.getByRole('heading', { name: t('Home.title') })).toBeVisible();
  await shoot(page, name('home'), folder);
  await signInWith(page, page.getByRole('main').getByRole('button', { name: t('Home.signIn') }), 'carol');
  await expect(page.getByRole('region', { name: t('Home.reportsTitle') })).toBeVisible();
  await shoot(page, name('signedIn'), folder);
  // The Usage folder: its daily meter readings show how a 12.8 MB HTML report is offered (once its size is known).
  await page.goto(`${stack.portalUrl}/reports?account=contoso_emea&folder=3`);
  await expect(page.getByRole('button', { name: /\(12[.,]8\s?MB\)/ })).toBeVisible({ timeout: 60_000 });
  await shoot(page, name('reports'), folder);
  if (review) {
    await page.goto(`${stack.portalUrl}/EmbeddedReports`);
    await page
      .getByRole('navigation', { name: t('EmbeddedReports.sidebarTitle'), exact: true })
      .getByRole('button')
      .first()
      .click();
    // A chart drawn (the page list may be a rail or tabs, depending on the width).
    await expect(page.frameLocator('iframe').locator('svg').first()).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(3000); // charts finish drawing
    await shoot(page, name('embedded'), review);
  }
  await context.close();
}

try {
  await homeAndReports(
    { width: 1440, height: 900 },
    { home: 'home', signedIn: 'home-signed-in', reports: 'reports' },
    '1440',
  );
  await homeAndReports(
    { width: 390, height: 844 },
    { home: 'home-phone', signedIn: 'home-signed-in-phone', reports: 'reports-phone' },
    '390',
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();

  await page.goto(`${stack.portalUrl}/`);
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'Warning' })).toBeVisible();
  await shoot(page, 'about');

  // The installer page (installer.png, installer-phone.png): e2e/portal/installer-screenshots.ts.

  await page.goto(`${stack.portalUrl}/`);
  await signIn(page);
  await openReports(page);

  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button').first().click();
  const report = page.frameLocator('iframe');
  await expect(report.getByRole('navigation', { name: 'Pages' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(3000); // charts finish drawing
  await shoot(page, 'embedded-report');
  await context.close();

  if (review) {
    await homeAndReports({ width: 1024, height: 768 }, null, '1024');
    await homeAndReports({ width: 640, height: 360 }, null, 'zoom200', 2);
    await homeAndReports({ width: 1440, height: 900 }, null, 'de-1440', 1, 'de');
    await homeAndReports({ width: 1024, height: 768 }, null, 'de-1024', 1, 'de');
    await homeAndReports({ width: 390, height: 844 }, null, 'de-390', 1, 'de');
    await homeAndReports({ width: 640, height: 360 }, null, 'de-zoom200', 2, 'de');
  }
} finally {
  await browser.close();
  await stack.stop();
}
