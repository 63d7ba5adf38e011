import { expect, test, type Locator, type Page } from '@playwright/test';
import { layoutDefects, portalStack, signIn, text } from './helpers.ts';

// The portal on a 375 × 740 phone and in a 1280 × 800 window zoomed to 200 % (a 640 × 400 CSS viewport at twice the
// pixel density), in German and Russian, whose words are the longest: nothing wider than the window, the header one
// row with a menu button (a disclosure of the navigation and the sign-in button), the navigation reachable, the
// reports tree and its reports side by side only where both fit, the embedded report given the width, the dialogs
// inside the window.

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const stack = portalStack();

const SCREENS = [
  { name: 'a phone', viewport: { width: 375, height: 740 }, deviceScaleFactor: 3, language: 'de' },
  {
    name: 'a window at 200 % zoom',
    viewport: { width: 640, height: 400 },
    deviceScaleFactor: 2,
    language: 'ru',
  },
] as const;

async function expectFits(page: Page, what: string): Promise<void> {
  expect(await layoutDefects(page), what).toEqual([]);
}

/** The tops of the lines `word` is drawn on, inside the element's own text: one when the word is not broken. */
async function linesOf(element: Locator, word: string): Promise<number[]> {
  return element.evaluate((box, part) => {
    const node = [...box.childNodes].find((child) => child.textContent?.includes(part));
    if (!node) throw new Error(`no "${part}" in the element's own text`);
    const start = (node.textContent ?? '').indexOf(part);
    const tops = new Set<number>();
    for (let at = start; at < start + part.length; at += 1) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      tops.add(Math.round(range.getBoundingClientRect().top));
    }
    return [...tops];
  }, word);
}

/** The header's menu button, opened: resolves once its panel is shown. */
async function openMenu(page: Page, t: (key: string) => string): Promise<void> {
  const menu = page.getByRole('button', { name: t('Header.menu') });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
}

for (const { name, viewport, deviceScaleFactor, language } of SCREENS) {
  test(`on ${name}, every screen fits and stays usable (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor, hasTouch: true });
    const page = await context.newPage();
    const t = (key: string) => text(language, key);
    try {
      await page.goto(`${stack.portalUrl}/?lng=${language}`);
      const welcome = page.getByRole('dialog', { name: t('Welcome.title') });
      await expect(welcome).toBeVisible();
      await expectFits(page, 'the welcome dialog');
      await welcome.getByRole('button', { name: t('Welcome.accept') }).click();

      // The header is one row: the logo and a menu button, a disclosure of the navigation and the sign-in button.
      const header = page.locator('header');
      const menu = page.getByRole('button', { name: t('Header.menu') });
      const navigation = page.getByRole('navigation', { name: t('Menu.navigation') });
      expect((await header.boundingBox())?.height ?? 0, 'the closed header’s height').toBeLessThanOrEqual(64);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(navigation).toBeHidden();
      const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
      await menu.tap();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('navigation', { name: t('Menu.navigation') })).toBeVisible();
      // The tab key follows the screen: the menu button, the links in the panel under it, then sign-in.
      await menu.focus();
      const links = await navigation.getByRole('link').all();
      for (const link of links) {
        await page.keyboard.press('Tab');
        await expect(link).toBeFocused();
      }
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: t('Header.signin'), exact: true })).toBeFocused();
      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(navigation).toBeHidden();

      await openMenu(page, t);
      await signIn(page, language);
      await expectFits(page, 'home');

      // Every navigation link is inside the window and can be tapped.
      for (const link of await navigation.getByRole('link').all()) {
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width, await link.innerText()).toBe(true);
        expect(box?.height ?? 0, `the height of ${await link.innerText()}`).toBeGreaterThanOrEqual(44);
      }

      await navigation.getByRole('link', { name: t('Menu.about') }).tap();
      // Following a link closes the menu.
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('heading', { name: t('About.warningTitle') })).toBeVisible();
      await expectFits(page, 'About');

      await openMenu(page, t);
      await navigation.getByRole('link', { name: t('Menu.reports'), exact: true }).tap();
      const tree = page.getByRole('tree', { name: t('Reports.tree') });
      await expect(tree.getByRole('treeitem', { selected: true })).toHaveCount(1);
      // A report folder tapped in the tree lists its reports, at a readable width.
      await tree.getByRole('treeitem').nth(1).tap();
      const download = page.getByRole('button', { name: /CSV|DOCX/ }).first();
      await expect(download).toBeVisible();
      await download.scrollIntoViewIfNeeded();
      const files = await download.locator('xpath=ancestor::section[1]').boundingBox();
      expect(files?.width ?? 0, 'the width of the reports beside the tree').toBeGreaterThan(300);
      await expectFits(page, 'Reports');

      await openMenu(page, t);
      await navigation.getByRole('link', { name: t('Menu.embeddedReports') }).tap();
      const list = page.getByRole('navigation', { name: t('EmbeddedReports.sidebarTitle') });
      await list.getByRole('button').first().tap();
      const frame = page.locator('iframe').first();
      await expect(frame).toBeVisible();
      const frameBox = await frame.boundingBox();
      expect(frameBox?.width ?? 0, 'the embedded report’s width').toBeGreaterThan(viewport.width * 0.8);
      // The list of reports is a row of buttons here, so the report starts high in the window (a list down the page
      // put it at 294 of 400 pixels at 200 % zoom; the Russian names' two rows of buttons at 238).
      expect(frameBox?.y ?? viewport.height, 'where the embedded report starts').toBeLessThan(
        viewport.height * 0.65,
      );
      await expectFits(page, 'an embedded report');

      await openMenu(page, t);
      await navigation.getByRole('link', { name: t('Menu.controlPanelUpgrade') }).tap();
      await expect(
        page.getByRole('heading', { name: t('Installer.controlPanelUpgradeTitle') }),
      ).toBeVisible();
      await expectFits(page, 'the control panel upgrade');

      await page.goto(stack.installerUrl('dca'));
      const title = page.getByRole('heading', { name: t('Installer.dcaTitle') });
      await expect(title).toBeVisible();
      // Its longest word whole on one line ("Datenerfassungsagenten" broke as "…agent" / "en").
      const longest = t('Installer.dcaTitle')
        .split(' ')
        .reduce((a, b) => (b.length > a.length ? b : a));
      expect(await linesOf(title, longest), `the lines "${longest}" is drawn on`).toHaveLength(1);
      await expectFits(page, 'the installer page');

      await page.goto(`${stack.portalUrl}/no/such/page`);
      await expect(page.getByRole('heading', { name: t('NotFound.title') })).toBeVisible();
      await expectFits(page, 'page-not-found');
    } finally {
      await context.close();
    }
  });
}

test('in a wide window the header keeps its links in one row, without the menu button', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const t = (key: string) => text('de', key);
  try {
    await page.goto(`${stack.portalUrl}/?lng=de`);
    await page
      .getByRole('dialog', { name: t('Welcome.title') })
      .getByRole('button', { name: t('Welcome.accept') })
      .click();
    await expect(page.getByRole('navigation', { name: t('Menu.navigation') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('Header.menu') })).toBeHidden();
    await expect(page.getByRole('button', { name: t('Header.signin'), exact: true })).toBeVisible();
    expect(
      (await page.locator('header').boundingBox())?.height ?? 0,
      'the header’s height',
    ).toBeLessThanOrEqual(64);
  } finally {
    await context.close();
  }
});

test('on a phone, Japanese lines break between words, not inside them', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const t = (key: string) => text('ja', key);
  try {
    await page.goto(`${stack.portalUrl}/?lng=ja`);
    await page
      .getByRole('dialog', { name: t('Welcome.title') })
      .getByRole('button', { name: t('Welcome.accept') })
      .click();
    // The reports card's sentence, which broke as "…消耗品、サ" / "ービスアラートを…" at this width.
    const card = page.getByText(t('Home.offerReports'));
    await expect(card).toBeVisible();
    expect(await linesOf(card, 'サービスアラート'), 'the lines サービスアラート is drawn on').toHaveLength(1);
    expect(await layoutDefects(page)).toEqual([]);
    // A heading too: the installer's title broke as "データ収集エージェン" / "トのインストーラー".
    await page.goto(stack.installerUrl('dca'));
    const title = page.getByRole('heading', { name: t('Installer.dcaTitle') });
    await expect(title).toBeVisible();
    expect(await linesOf(title, 'エージェント'), 'the lines エージェント is drawn on').toHaveLength(1);
    expect(await layoutDefects(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
