import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { acceptWelcome, expectAccessible, openReports, openSignedIn, portalStack, tabTo } from './helpers.ts';

// Each journey runs axe-core several times: slow on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const stack = portalStack();

test('signed out: the welcome dialog, About, and guarded routes', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/`);
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome).toBeVisible();
  // Only Accept closes it: not a click on the backdrop, nor Escape (twice: Chromium forces the second).
  await page.mouse.click(5, 400);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Accept' })).toBeFocused();
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

test('an installer downloads with a key, and a bad key is refused as the page opens', async ({ page }) => {
  await page.goto(stack.installerUrl('dca'));
  await expect(page.getByRole('heading', { name: 'Data collection agent installer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Version history' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Platform' }).selectOption('x86');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/x86/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.byteLength).toBeGreaterThan(0);
  await expect(page.getByText(/has started/)).toBeVisible();

  await page.goto(`${stack.portalUrl}/ControlPanelInstaller/not-a-real-key`);
  await expect(page.getByRole('alert')).toContainText('The access key is not valid.');
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
});

test('signed in: reports download, embedded reports list, control panel upgrade, Japanese', async ({
  page,
}) => {
  await openSignedIn(page, stack.portalUrl);

  const tree = await openReports(page);
  await expectAccessible(page);
  await tree.focus();
  await page.keyboard.press('ArrowDown');
  const csv = page.getByRole('button', { name: /as CSV\b/ }).first();
  const docx = page.getByRole('button', { name: /as DOCX\b/ }).first();
  await expect(csv.or(docx)).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await ((await csv.isVisible()) ? csv : docx).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.(csv|docx)$/);
  expect(readFileSync((await download.path()) ?? '').byteLength).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await expect(page.getByRole('navigation', { name: 'Reports' })).toBeVisible();
  await expect(
    page
      .getByText('Choose a report from the list to open it.')
      .or(page.getByText('No analytics reports yet')),
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

test('with the keyboard alone: welcome, sign-in, a report download, an embedded report and an installer', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(welcome).toBeHidden();

  // Sign in: the header's button, then the provider's form in the popup.
  await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await tabTo(popup, popup.getByLabel('Email'));
  await popup.keyboard.type('alice@contoso.example');
  await tabTo(popup, popup.getByLabel('Password'));
  await popup.keyboard.type('portico-alice');
  const closed = popup.waitForEvent('close');
  await popup.keyboard.press('Enter');
  await closed;
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Reports: the menu link, the tree's single tab stop and its arrows, then a download link.
  await tabTo(page, page.getByRole('link', { name: 'Reports', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  const tree = page.getByRole('tree', { name: 'Report folders' });
  await expect(tree.getByRole('treeitem', { selected: true })).toHaveCount(1);
  await tabTo(page, tree);
  const csv = page.getByRole('button', { name: /as CSV\b/ }).first();
  for (let step = 0; step < 30 && !(await csv.isVisible()); step += 1) await page.keyboard.press('ArrowDown');
  await tabTo(page, csv);
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloaded).suggestedFilename()).toMatch(/\.csv$/);

  // Embedded reports: the menu link, then the first report of the list.
  await tabTo(page, page.getByRole('link', { name: 'Embedded reports' }), { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('navigation', { name: 'Reports' }).getByRole('button').first());
  await page.keyboard.press('Enter');
  await expect(
    page.frameLocator('iframe').getByRole('navigation', { name: 'Pages' }).getByRole('button').first(),
  ).toBeVisible({ timeout: 30_000 });

  // An installer page (reached by its link, as a customer is): the platform by arrow keys, then Download.
  await page.goto(stack.installerUrl('dca'));
  const platform = page.getByRole('combobox', { name: 'Platform' });
  await tabTo(page, platform);
  const before = await platform.inputValue();
  await page.keyboard.press(before === 'x86' ? 'ArrowDown' : 'ArrowUp');
  const chosen = await platform.inputValue();
  expect(chosen).not.toBe(before);
  await tabTo(page, page.getByRole('button', { name: 'Download' }));
  const installer = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await installer).suggestedFilename()).toContain(chosen);
});

test('a 10,000-node catalog draws only the rows in view, and End reaches its last report', async ({
  page,
}) => {
  const nodes = Array.from({ length: 10_000 }, (_, index) => ({
    id: index + 1,
    parentId: -1,
    name: `Site ${index + 1}`,
    title: `Site ${index + 1}`,
    children: [],
    viewFiles: [`Alerts ${index + 1}.rdl`],
    viewFileTitles: [`Alerts ${index + 1}`],
    relativePath: `Site ${index + 1}`,
    isOffice: false,
  }));
  await page.route(/\/api\/reports\/reportNodes(\?|$)/, (route) => route.fulfill({ json: nodes }));
  await openSignedIn(page, stack.portalUrl);

  const tree = await openReports(page);
  await expect(tree.getByRole('treeitem', { name: 'Site 1', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(await tree.getByRole('treeitem').count()).toBeLessThan(100);

  await tree.focus();
  await page.keyboard.press('End');
  const last = tree.getByRole('treeitem', { name: 'Site 10000', exact: true });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
  expect(await tree.getByRole('treeitem').count()).toBeLessThan(100);
  await expect(page.getByRole('button', { name: /Alerts 10000.*as CSV\b/ })).toBeVisible();
});

test('an embedded report loads beside the report list and changes page from its page navigation', async ({
  page,
}) => {
  await openSignedIn(page, stack.portalUrl);
  await page.getByRole('link', { name: 'Embedded reports' }).click();

  const list = page.getByRole('navigation', { name: 'Reports' });
  await list.getByRole('button').first().click();
  const report = page.frameLocator('iframe');
  const pages = report.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button').nth(1)).toBeVisible({ timeout: 30_000 });
  const first = pages.getByRole('button').first();
  await expect(first).toHaveAttribute('aria-current', 'page');
  const firstPage = await first.innerText();
  const shownBefore = await report.locator('.canvas').innerText();

  const second = pages.getByRole('button').nth(1);
  const secondPage = await second.innerText();
  await second.click();

  await expect(second).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: firstPage, exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  // The canvas now draws the second page's visuals, not the first page's.
  await expect(report.locator('.canvas')).not.toHaveText(shownBefore);
  expect(secondPage).not.toBe(firstPage);
  // The portal's own markup; the report inside the frame is the analytics service's (e2e/analytics).
  await expect(page.locator('iframe')).toHaveAttribute('title', /\S/);
  await expectAccessible(page, 'iframe');
});

test('an HTML report opens in a new window with its table, and a blocked popup is explained', async ({
  page,
}) => {
  await openSignedIn(page, stack.portalUrl);
  const tree = await openReports(page);

  // Office reports offer DOCX only: walk down the tree to a node whose reports offer HTML.
  const html = page.getByRole('button', { name: /as HTML\b/ }).first();
  await tree.focus();
  for (let step = 0; step < 30 && !(await html.isVisible()); step += 1) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
  }
  await expect(html).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await html.click();
  const popup = await popupOpened;
  await expect(popup.getByRole('table').first()).toBeVisible();
  expect(await popup.getByRole('row').count()).toBeGreaterThan(1);
  await popup.close();

  // A popup blocker makes window.open give null, as the browser does when it blocks a window.
  await page.evaluate(() => {
    window.open = () => null;
  });
  // The alert holds the click until it is answered, so it is answered from the listener.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await html.click();
  await expect.poll(() => alerts).toEqual(['alert: Popup blocked. Please allow popups for this website.']);
});
