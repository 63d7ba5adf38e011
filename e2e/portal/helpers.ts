import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startStack, type RunningStack } from '../support/stack.ts';

// Shared steps of the portal journeys.

/** The stack of a journey file, read inside its tests: see `portalStack`. */
export interface PortalStack {
  readonly portalUrl: string;
  /** What the stack has printed so far. */
  output(): string;
  /** The installer page URL `npm start` printed for `installee` (e.g. `dca`), on this stack's portal. */
  installerUrl(installee: string): string;
  /**
   * Stops the stack before the file ends (e.g. for the admin CLI, which needs the embedded database to itself);
   * the file's `afterAll` then finds it stopped. Resolves with the exit code.
   */
  stop(): Promise<number | null>;
}

/**
 * Registers the file's `beforeAll` (the stack as `npm start` runs it, with the reports browser, the embedded reports
 * and the welcome message on, plus `env`) and `afterAll` (the stack stopped, cleanly).
 */
export function portalStack(env: Record<string, string> = {}): PortalStack {
  let running: RunningStack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    running = await startStack({
      PORTAL_INCLUDE_REPORTS: 'true',
      PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
      PORTAL_SHOW_WELCOME_MESSAGE: 'true',
      ...env,
    });
  });
  test.afterAll(async () => {
    expect(await running?.stop()).toBe(0);
  });
  const started = (): RunningStack => {
    if (!running) throw new Error('portalStack: used before the stack started');
    return running;
  };
  return {
    get portalUrl() {
      return started().portalUrl;
    },
    output: () => started().output(),
    stop: () => started().stop(),
    installerUrl(installee) {
      const url = started()
        .output()
        .match(new RegExp(`Installer for ${installee}: (\\S+)`))?.[1];
      if (!url) throw new Error(`npm start printed no ${installee} installer URL`);
      return url.replace(/^https?:\/\/[^/]+/, started().portalUrl);
    },
  };
}

/** No serious or critical axe-core violation on the page as it stands (outside `exclude`, a CSS selector). */
export async function expectAccessible(page: Page, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function acceptWelcome(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs the sample user Alice in through the identity provider's popup, from the page shown in `language`. */
export async function signInThroughPopup(page: Page, language = 'en'): Promise<void> {
  await signInWith(page, page.getByRole('button', { name: text(language, 'Header.signin'), exact: true }));
}

/** Clicks `button` and signs a sample user (alice, bob or carol) in through the identity provider's popup. */
export async function signInWith(page: Page, button: Locator, user = 'alice'): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(user === 'bob' ? 'bob@fabrikam.example' : `${user}@contoso.example`);
  await popup.getByLabel('Password').fill(`portico-${user}`);
  // Listen before submitting: the callback can close the popup before the click's promise settles.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
}

/** Signs Alice in and waits for the header's sign-out button, on a page shown in `language`. */
export async function signIn(page: Page, language = 'en'): Promise<void> {
  await signInThroughPopup(page, language);
  await expect(page.getByRole('button', { name: text(language, 'Header.signout') })).toBeVisible();
}

/** Opens the portal's home page, accepts the welcome message and signs Alice in. */
export async function openSignedIn(page: Page, portalUrl: string): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await acceptWelcome(page);
  await signIn(page);
}

/** Follows the menu's Reports link; resolves with the report tree once it shows with one node selected. */
export async function openReports(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  const tree = page.getByRole('tree', { name: 'Report folders' });
  await expect(tree).toBeVisible();
  await expect(tree.getByRole('treeitem', { selected: true })).toHaveCount(1);
  return tree;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`);
}

type Translations = { [key: string]: string | Translations };

/** The portal's translations for `language`, flattened: `{ 'Menu.home': 'Start', … }`. */
export function translations(language: string): Record<string, string> {
  const file = path.resolve(
    import.meta.dirname,
    `../../apps/portal-web/public/locales/${language}/translation.json`,
  );
  const flatten = (tree: Translations, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
    );
  return Object.fromEntries(flatten(JSON.parse(readFileSync(file, 'utf8')) as Translations));
}

/** `translations(language)[key]`, failing the test when the key is missing. */
export function text(language: string, key: string): string {
  const value = translations(language)[key];
  if (value === undefined) throw new Error(`no ${key} in ${language}`);
  return value;
}

/**
 * English left on a page shown in `language`: the English sentences (of two words or more, placeholders cut out)
 * whose translation differs, found in the page's text outside `content` (text the portal shows as configured, in
 * whatever language its operator wrote it).
 */
export async function englishLeftOn(
  page: Page,
  language: string,
  content: readonly string[] = [],
): Promise<string[]> {
  const english = translations('en');
  const translated = translations(language);
  const phrases = Object.entries(english)
    .filter(([key, value]) => translated[key] !== value)
    .flatMap(([, value]) => value.split(/\{\{\w+\}\}/).map((part) => part.trim()))
    .filter((part) => part.includes(' ') && part.length >= 6);
  const shown = content.reduce(
    (rest, part) => rest.split(part).join(' '),
    await page.locator('body').innerText(),
  );
  return [...new Set(phrases)].filter((phrase) => shown.includes(phrase));
}

/**
 * What a reader would flag on the page as drawn: translation keys shown raw ('Menu.home'), text cut short by its
 * box, content wider than the window (a sideways scroll), and a `<dialog>` that does not fit the window.
 */
export async function layoutDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defects: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      defects.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    const rawKey =
      /\b(?:Menu|Header|Authentication|Home|NotFound|Footer|Configuration|Common|Welcome|About|Installer|Reports|EmbeddedReports|IdleLockout|Errors)\.[a-z]\w+/;
    const raw = rawKey.exec(document.body.innerText);
    if (raw) defects.push(`a raw translation key: ${raw[0]}`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('select, iframe, [aria-hidden="true"]')) continue;
      const ownText = [...element.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!ownText || element.clientWidth === 0) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
        defects.push(`text cut short: "${element.textContent?.trim().slice(0, 50)}"`);
      const box = element.getBoundingClientRect();
      if (box.right > root.clientWidth + 1 && style.position !== 'fixed')
        defects.push(`text beyond the window's right edge: "${element.textContent?.trim().slice(0, 50)}"`);
    }
    for (const dialog of document.querySelectorAll('dialog[open], [role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
        defects.push('a dialog does not fit the window');
    }
    return defects;
  });
}
