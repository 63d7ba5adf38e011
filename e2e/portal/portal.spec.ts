import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startStack, type RunningStack } from '../support/stack.ts';

let stack: RunningStack;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startStack({
    PORTAL_INCLUDE_REPORTS: 'true',
    PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
    PORTAL_SHOW_WELCOME_MESSAGE: 'true',
  });
});

test.afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
});

/** No serious or critical axe-core violation on the page as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function acceptWelcome(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
}

async function signIn(page: Page): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill('alice@contoso.example');
  await popup.getByLabel('Password').fill('portico-alice');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.waitForEvent('close');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

function installerUrl(installee: string): string {
  const line = stack.output().match(new RegExp(`Installer for ${installee}: (\\S+)`));
  if (!line?.[1]) throw new Error(`npm start printed no ${installee} installer URL`);
  return line[1].replace(/^https?:\/\/[^/]+/, stack.portalUrl);
}

test('signed out: the welcome dialog, About, and guarded routes', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/`);
  await acceptWelcome(page);
  await expect(page.getByRole('heading', { name: 'Welcome to the customer portal' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About the customer portal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Warning' })).toBeVisible();
  await expectAccessible(page);

  for (const link of ['Reports', 'Embedded reports']) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Please sign in to see this page.' })).toBeVisible();
    await expectAccessible(page);
  }

  await page.goto(`${stack.portalUrl}/ControlPanelUpgrade/`);
  await expect(page).toHaveURL(`${stack.portalUrl}/`);
  await page.goto(`${stack.portalUrl}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});

test('an installer downloads with a key, and a bad key shows the server’s message', async ({ page }) => {
  await page.goto(installerUrl('dca'));
  await expect(page.getByRole('heading', { name: 'Data collection agent installer' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Platform' }).selectOption('x86');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/x86/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.byteLength).toBeGreaterThan(0);
  await expect(page.getByText(/has been downloaded/)).toBeVisible();

  await page.goto(`${stack.portalUrl}/ControlPanelInstaller/not-a-real-key`);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('alert')).toContainText('The access key is not valid.');
});

test('signed in: reports download, embedded reports list, control panel upgrade, Japanese', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  await acceptWelcome(page);
  await signIn(page);

  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  const tree = page.getByRole('tree', { name: 'Report folders' });
  await expect(tree).toBeVisible();
  await expect(tree.getByRole('treeitem', { selected: true })).toHaveCount(1);
  await expectAccessible(page);
  await tree.focus();
  await page.keyboard.press('ArrowDown');
  const csv = page.getByRole('button', { name: /as CSV$/ }).first();
  const docx = page.getByRole('button', { name: /as DOCX$/ }).first();
  await expect(csv.or(docx)).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await ((await csv.isVisible()) ? csv : docx).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.(csv|docx)$/);
  expect(readFileSync((await download.path()) ?? '').byteLength).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await expect(page.getByRole('navigation', { name: 'Reports' })).toBeVisible();
  await expect(
    page.getByText('Please select a report from the left pane').or(page.getByText(/No reports Found/)),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Control panel upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Control panel upgrade' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('ja');
  const navigation = page.getByRole('navigation', { name: 'メインナビゲーション' });
  await expect(navigation.getByRole('link', { name: 'ホーム' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: '製品情報' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'サインアウト' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'コントロールパネルのアップグレード' })).toBeVisible();
});
