/**
 * The README's screenshots of the portal's main screens, taken in Chromium against the real `npm start` stack:
 * home (signed out), About, the reports browser and an embedded report, at 1280 × 800 (the installer page:
 * installer-screenshots.ts).
 *
 *   node --import tsx e2e/portal/screenshots.ts   # writes docs/screenshots/*.png
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { startStack } from '../support/stack.ts';
import { openReports, signIn } from './helpers.ts';

const out = resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });

const stack = await startStack({ PORTAL_INCLUDE_REPORTS: 'true', PORTAL_ENABLE_EMBEDDED_REPORTS: 'true' });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function shoot(page: Page, name: string): Promise<void> {
  // No hover or focus ring left from the click that got here, and MUI's transitions finished.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(600);
  await page.screenshot({ path: resolve(out, `${name}.png`) });
  console.info(`docs/screenshots/${name}.png`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();

  await page.goto(`${stack.portalUrl}/`);
  await expect(page.getByRole('heading', { name: 'Welcome to the customer portal' })).toBeVisible();
  await shoot(page, 'home');

  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'Warning' })).toBeVisible();
  await shoot(page, 'about');

  // The installer page (installer.png, installer-phone.png): e2e/portal/installer-screenshots.ts.

  await page.goto(`${stack.portalUrl}/`);
  await signIn(page);
  const tree = await openReports(page);
  await tree.focus();
  const html = page.getByRole('button', { name: /as HTML$/ }).first();
  for (let step = 0; step < 30 && !(await html.isVisible()); step += 1) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
  }
  await shoot(page, 'reports');

  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button').first().click();
  const report = page.frameLocator('iframe');
  await expect(report.getByRole('navigation', { name: 'Pages' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(3000); // charts finish drawing
  await shoot(page, 'embedded-report');
  await context.close();
} finally {
  await browser.close();
  await stack.stop();
}
