/**
 * The installer page with its version history, in Chromium against the real `npm start` stack (the sample releases
 * of the dca installer, stable and preview): docs/screenshots/installer.png at 1440 × 900 and installer-phone.png at
 * 390 × 844, plus 1024 × 768 and 200 % zoom (1280 × 720 at device scale 2), full pages, into a review folder.
 *
 *   node --import tsx e2e/portal/installer-screenshots.ts [review folder=/tmp/installer-screenshots]
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, expect } from '@playwright/test';
import { startStack } from '../support/stack.ts';

const docs = resolve(import.meta.dirname, '../../docs/screenshots');
const review = resolve(process.argv[2] ?? '/tmp/installer-screenshots');
mkdirSync(docs, { recursive: true });
mkdirSync(review, { recursive: true });

const SIZES = [
  { name: '1440x900', viewport: { width: 1440, height: 900 }, scale: 1, docs: 'installer' },
  { name: '1024x768', viewport: { width: 1024, height: 768 }, scale: 1 },
  { name: '390x844', viewport: { width: 390, height: 844 }, scale: 3, docs: 'installer-phone' },
  { name: 'zoom200', viewport: { width: 1280, height: 720 }, scale: 2 },
] as const;

const stack = await startStack();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const installer = stack.output().match(/Installer for dca: (\S+)/)?.[1];
  if (!installer) throw new Error('npm start printed no dca installer URL');
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: size.viewport,
      deviceScaleFactor: size.scale,
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await page.goto(installer.replace(/^https?:\/\/[^/]+/, stack.portalUrl));
    await expect(page.getByRole('heading', { name: 'Version history' })).toBeVisible();
    await page.waitForTimeout(600);
    if ('docs' in size) {
      // The README's images at device scale 1, as the page is first seen.
      const plain = await browser.newContext({ viewport: size.viewport, locale: 'en-GB' });
      const shot = await plain.newPage();
      await shot.goto(page.url());
      await expect(shot.getByRole('heading', { name: 'Version history' })).toBeVisible();
      await shot.waitForTimeout(600);
      await shot.screenshot({ path: resolve(docs, `${size.docs}.png`) });
      console.info(`docs/screenshots/${size.docs}.png`);
      await plain.close();
    }
    await page.screenshot({ path: resolve(review, `installer-${size.name}.png`), fullPage: true });
    console.info(resolve(review, `installer-${size.name}.png`));
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
