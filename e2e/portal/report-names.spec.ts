/**
 * The reports browser in the customer's language, in Chromium against the `npm start` stack: switched to German in
 * the footer, folders and reports carry their German names, and a download is saved under its German name with the
 * document titled the same; Japanese likewise. Checked at 1440 × 900 and 1024 × 768 for text cut short.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { layoutDefects, openReports, openSignedIn, portalStack } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const stack = portalStack();

async function downloadFrom(page: Page, link: Locator) {
  const downloaded = page.waitForEvent('download');
  await link.click();
  const download = await downloaded;
  const documentXml = strFromU8(
    unzipSync(readFileSync((await download.path()) ?? ''))['word/document.xml'] ?? new Uint8Array(),
  );
  return { name: download.suggestedFilename(), documentXml };
}

test('switched to German, the reports browser shows German names and saves a download under its German name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, stack.portalUrl);
  await openReports(page);
  // The tree is named in the UI language too ('Berichtsordner'): found by its role alone.
  const tree = page.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: 'Usage' })).toBeVisible();

  await page.locator('footer select').selectOption('de');
  for (const folder of ['Flotte', 'Inventar', 'Nutzung', 'Verbrauchsmaterial', 'Service', 'Word-Berichte'])
    await expect(tree.getByRole('treeitem', { name: folder })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'Usage' })).toHaveCount(0);

  await tree.getByRole('treeitem', { name: 'Nutzung' }).click();
  await expect(page.getByRole('heading', { name: 'Berichte in Nutzung' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Tägliche Zählerstände' })).toBeVisible();
  expect(await layoutDefects(page)).toEqual([]);

  await tree.getByRole('treeitem', { name: 'Word-Berichte' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Flottenübersicht' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Fleet summary' })).toHaveCount(0);
  const german = await downloadFrom(page, page.getByRole('button', { name: /^Flottenübersicht als DOCX/ }));
  expect(german.name).toBe('Flottenübersicht.docx');
  expect(german.documentXml).toContain('Flottenübersicht');

  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await layoutDefects(page)).toEqual([]);

  await page.locator('footer select').selectOption('ja');
  await expect(tree.getByRole('treeitem', { name: 'Word レポート' })).toBeVisible();
  const japanese = await downloadFrom(page, page.getByRole('button', { name: /^フリート概要/ }));
  expect(japanese.name).toBe('フリート概要.docx');
  expect(japanese.documentXml).toContain('フリート概要');
});
