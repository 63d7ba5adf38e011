import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// Shared steps of the portal journeys.

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

/** Signs the sample user Alice in through the identity provider's popup. */
export async function signInThroughPopup(page: Page): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill('alice@contoso.example');
  await popup.getByLabel('Password').fill('portico-alice');
  // Listen before submitting: the callback can close the popup before the click's promise settles.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
}

/** Signs Alice in and waits for the header's sign-out button. */
export async function signIn(page: Page): Promise<void> {
  await signInThroughPopup(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
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
