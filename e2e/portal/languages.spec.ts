import { expect, test, type Page } from '@playwright/test';
import {
  englishLeftOn,
  expectAccessible,
  layoutDefects,
  openSignedIn,
  portalStack,
  text,
} from './helpers.ts';

// Every screen in each of the seven UI languages, as one signed-in user switching the footer's language: no key
// shown raw, no English left (the configured welcome message included: npm start sets one per language), nothing
// cut short, the date in the language's own format, the server's refusals in the language, and axe-core in German
// and Russian (English is checked in portal.spec.ts).

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pl', 'ru'] as const;
const AXE_LANGUAGES: readonly string[] = ['de', 'ru'];

/** The configured welcome message: the default paragraphs and each language's own (npm start sets all six). */
let welcome: { welcomeMessage: string[]; welcomeMessages: Record<string, string[] | undefined> };
const welcomeIn = (language: string) => welcome.welcomeMessages[language] ?? welcome.welcomeMessage;

test.describe.configure({ mode: 'serial', timeout: 420_000 });

// The sweep tries a wrong key in each language; the default limit (10) would answer 429 before the end.
const stack = portalStack({ PORTAL_INSTALLER_FAILURE_LIMIT: '100' });

test.beforeAll(async () => {
  const configuration = await fetch(`${stack.portalUrl}/api/configuration/clientConfiguration`);
  welcome = (await configuration.json()) as typeof welcome;
  // The sweep below reads each language's own welcome text, so each must have one.
  expect(Object.keys(welcome.welcomeMessages).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
});

/** A key of the right shape that the portal never issued. */
const UNKNOWN_KEY = 'A'.repeat(43);

/** The checks every screen passes in `language`. */
async function expectWellShown(page: Page, language: string, screen: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  expect(await layoutDefects(page), `${screen} in ${language}`).toEqual([]);
  if (language !== 'en') expect(await englishLeftOn(page, language), `${screen} in ${language}`).toEqual([]);
  // The footer's date and time in the language's own format.
  const time = page.locator('footer time');
  const shown = await time.evaluate((element, lng) => {
    const at = new Date(element.getAttribute('datetime') ?? '');
    const format = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'medium' });
    return { text: element.textContent, expected: format.format(at) };
  }, language);
  expect(shown.text, `the footer's date in ${language}`).toBe(shown.expected);
  if (AXE_LANGUAGES.includes(language)) await expectAccessible(page);
}

test('every screen in each of the seven languages is translated, fits, and explains a refused key', async ({
  page,
}) => {
  await openSignedIn(page, stack.portalUrl);
  const installer = stack.installerUrl('dca');

  for (const language of LANGUAGES) {
    const t = (key: string) => text(language, key);
    await page.locator('footer select').selectOption(language);

    // The welcome dialog, shown again by forgetting that it was accepted.
    await page.evaluate(() => localStorage.removeItem('state'));
    await page.goto(`${stack.portalUrl}/`);
    const dialog = page.getByRole('dialog', { name: t('Welcome.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('p')).toHaveText(welcomeIn(language));
    await expectWellShown(page, language, 'the welcome dialog');
    await dialog.getByRole('button', { name: t('Welcome.accept') }).click();
    // Signed in, home greets the user and sums up their accounts and reports (issue 17).
    await expect(page.getByRole('heading', { level: 1, name: /Alice Andersen/ })).toBeVisible();
    await expect(page.getByRole('region', { name: t('Home.reportsTitle') })).toBeVisible();
    await expectWellShown(page, language, 'home');

    const navigation = page.getByRole('navigation', { name: t('Menu.navigation') });
    await navigation.getByRole('link', { name: t('Menu.about') }).click();
    await expect(page.getByRole('heading', { name: t('About.warningTitle') })).toBeVisible();
    for (const paragraph of welcomeIn(language)) await expect(page.getByText(paragraph)).toBeVisible();
    await expectWellShown(page, language, 'About');

    await navigation.getByRole('link', { name: t('Menu.reports'), exact: true }).click();
    const tree = page.getByRole('tree', { name: t('Reports.tree') });
    await expect(tree.getByRole('treeitem', { selected: true })).toHaveCount(1);
    await tree.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: /CSV|DOCX/ }).first()).toBeVisible();
    await expectWellShown(page, language, 'Reports');

    await navigation.getByRole('link', { name: t('Menu.embeddedReports') }).click();
    await expect(page.getByText(t('EmbeddedReports.selectReport'))).toBeVisible();
    await expectWellShown(page, language, 'Embedded reports');

    await navigation.getByRole('link', { name: t('Menu.controlPanelUpgrade') }).click();
    await expect(page.getByRole('heading', { name: t('Installer.controlPanelUpgradeTitle') })).toBeVisible();
    await expectWellShown(page, language, 'Control panel upgrade');

    await page.goto(installer);
    await expect(page.getByRole('heading', { name: t('Installer.dcaTitle') })).toBeVisible();
    await expectWellShown(page, language, 'the installer page');

    await page.goto(`${stack.portalUrl}/DcaInstaller/${UNKNOWN_KEY}`);
    await expect(page.getByRole('alert')).toHaveText(
      t('Installer.refused').replace('{{message}}', t('Errors.accessKeyInvalid')),
    );
    await expectWellShown(page, language, 'the installer page with a wrong key');

    await page.goto(`${stack.portalUrl}/no/such/page`);
    await expect(page.getByRole('heading', { name: t('NotFound.title') })).toBeVisible();
    await expectWellShown(page, language, 'page-not-found');
  }
});

test('an expired key and a lost connection are explained in the user’s language', async ({ page }) => {
  const de = (key: string) => text('de', key);
  // The server's answer for a key past its date, as apps/portal-server sends it (a real expired key would need
  // the clock or the database turned back): shown as the page opens.
  await page.route('**/api/download/dca/releases**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The access key has expired.', code: 'ACCESS_KEY_EXPIRED' }),
    }),
  );
  await page.goto(`${stack.installerUrl('dca')}?lng=de`);
  await expect(page.getByRole('alert')).toHaveText(
    de('Installer.refused').replace('{{message}}', de('Errors.accessKeyExpired')),
  );
  await page.unroute('**/api/download/dca/releases**');

  await page.reload();
  const download = page.getByRole('button', { name: de('Installer.download') });
  await expect(download).toBeVisible();
  await page.route('**/api/download/dca/link', (route) => route.abort('internetdisconnected'));
  await download.click();
  await expect(page.getByRole('alert')).toHaveText(
    de('Installer.failed').replace('{{message}}', de('Errors.network')),
  );
  // The button stays: trying again once the connection is back downloads the installer.
  await page.unroute('**/api/download/dca/link');
  const downloaded = page.waitForEvent('download');
  await download.click();
  expect((await downloaded).suggestedFilename()).toMatch(/dca/i);
});

test('a page whose code cannot be fetched shows an error with a retry, not a blank page', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/?lng=fr`);
  const fr = (key: string) => text('fr', key);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: fr('Welcome.accept') })
    .click();
  // The server goes away after the first page: the About page's code cannot arrive.
  await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: fr('Menu.about') }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(fr('Common.pageLoadError'));
  await expect(page.getByRole('navigation', { name: fr('Menu.navigation') })).toBeVisible();

  await page.unroute('**/assets/**');
  await alert.getByRole('button', { name: fr('Common.retry') }).click();
  await expect(page.getByRole('heading', { name: fr('About.title') })).toBeVisible();
});

test('a lazily loaded page shows no progress bar for its first 300 ms, and one when its code is slow', async ({
  page,
}) => {
  // Counts the shell's progress bars and records how long after it was added each first became visible.
  await page.addInitScript(() => {
    const bars = { added: 0, shownAfter: [] as number[] };
    Object.assign(window, { progressBars: bars });
    new MutationObserver((records) => {
      for (const record of records)
        for (const added of record.addedNodes) {
          if (!(added instanceof HTMLElement) || !added.matches('.portal-progress')) continue;
          bars.added += 1;
          const start = performance.now();
          const watch = () => {
            if (!added.isConnected) return;
            if (getComputedStyle(added).visibility === 'visible')
              bars.shownAfter.push(performance.now() - start);
            else requestAnimationFrame(watch);
          };
          watch();
        }
    }).observe(document, { childList: true, subtree: true });
  });
  const progressBars = () =>
    page.evaluate(
      () => (window as unknown as { progressBars: { added: number; shownAfter: number[] } }).progressBars,
    );

  await page.goto(`${stack.portalUrl}/`);
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About the customer portal' })).toBeVisible();
  const fast = await progressBars();
  // The configuration's bar on the first load and the About page's while its code came: both drawn, neither seen
  // (a bar that does show has stood there its 300 ms).
  expect(fast.added).toBeGreaterThanOrEqual(2);
  for (const after of fast.shownAfter) expect(after).toBeGreaterThanOrEqual(250);

  // An installer page whose code takes 1.5 s: the bar shows while the user waits.
  await page.route('**/assets/installer-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(stack.installerUrl('dca'));
  await expect(page.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data collection agent installer' })).toBeVisible();
  expect((await progressBars()).shownAfter.some((after) => after >= 250)).toBe(true);
});

test('a sign-in popup the browser blocks is explained, and the alert’s retry signs in once popups are allowed', async ({
  page,
}) => {
  const ja = (key: string) => text('ja', key);
  await page.goto(`${stack.portalUrl}/?lng=ja`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: ja('Welcome.accept') })
    .click();
  // The browser refuses the popup, as a popup blocker does: window.open gives no window.
  await page.evaluate(() => {
    Object.assign(window, { allowedOpen: window.open });
    window.open = () => null;
  });
  await page.getByRole('button', { name: ja('Header.signin'), exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(ja('Authentication.popupBlocked'));
  await expectAccessible(page);

  await page.evaluate(() => {
    window.open = (window as unknown as { allowedOpen: typeof window.open }).allowedOpen;
  });
  const popupOpened = page.waitForEvent('popup');
  await alert.getByRole('button', { name: ja('Common.retry') }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill('alice@contoso.example');
  await popup.getByLabel('Password').fill('portico-alice');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: ja('Header.signout') })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the pointer over a navigation link fetches its page’s code before the click', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/`);
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.getByRole('link', { name: 'About' }).hover();
  await expect.poll(() => fetched.some((path) => /\/assets\/about-page-[\w-]+\.js$/.test(path))).toBe(true);
  expect(fetched.some((path) => /\/assets\/mui-theme-[\w-]+\.js$/.test(path))).toBe(true);
  expect(page.url()).toBe(`${stack.portalUrl}/`);
});

test('every tab stop of the frame, the reports page and an installer page shows where the focus is', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openSignedIn(page, stack.portalUrl);
  for (const open of [
    async () => {
      await page.getByRole('link', { name: 'Reports', exact: true }).click();
      await expect(page.getByRole('tree').getByRole('treeitem', { selected: true })).toHaveCount(1);
    },
    async () => {
      await page.goto(stack.installerUrl('dca'));
      await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
    },
  ]) {
    await open();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const visited: string[] = [];
    for (let stop = 0; stop < 30; stop += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluateHandle(() => document.activeElement as HTMLElement);
      // Past the last stop the focus leaves the page (the body), or comes round again.
      if (await focused.evaluate((element) => element === document.body)) break;
      const name = await focused.evaluate((element) => element.outerHTML.slice(0, 120));
      if (visited.includes(name)) break;
      visited.push(name);
      // The element's surroundings with the focus, then without it: a focus that draws nothing looks the same.
      const box = await focused.boundingBox();
      if (!box) continue;
      const clip = {
        x: Math.max(0, box.x - 6),
        y: Math.max(0, box.y - 6),
        width: box.width + 12,
        height: box.height + 12,
      };
      await page.waitForTimeout(300);
      const withFocus = await page.screenshot({ clip, animations: 'disabled' });
      await focused.evaluate((element) => element.blur());
      await page.waitForTimeout(300);
      const without = await page.screenshot({ clip, animations: 'disabled' });
      expect(withFocus.equals(without), `no visible focus on ${name}`).toBe(false);
      // Back where it was, so the next Tab goes on from here.
      await focused.evaluate((element) => element.focus({ focusVisible: true } as FocusOptions));
    }
    expect(visited.length).toBeGreaterThan(5);
  }
});

test('an embedded report reads in the portal’s language, and again in a new one', async ({ page }) => {
  await openSignedIn(page, stack.portalUrl);
  await page.locator('footer select').selectOption('de');
  const de = (key: string) => text('de', key);
  await page.getByRole('link', { name: de('Menu.embeddedReports') }).click();
  await page
    .getByRole('navigation', { name: de('EmbeddedReports.sidebarTitle') })
    .getByRole('button')
    .first()
    .click();
  const report = page.frameLocator('iframe');
  // The visuals' options buttons are named in the frame's language (apps/analytics/frame, model/messages.ts).
  await expect(report.getByRole('button', { name: /^Weitere Optionen: / }).first()).toBeAttached({
    timeout: 30_000,
  });

  await page.locator('footer select').selectOption('pl');
  await expect(report.getByRole('button', { name: /^Więcej opcji: / }).first()).toBeAttached({
    timeout: 30_000,
  });
});
