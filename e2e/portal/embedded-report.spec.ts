/**
 * The portal's embedded report page in Chromium against the `npm start` stack: the report reaches down to the
 * footer, the fullscreen button shows in a toolbar above the frame while the pointer is over the report (the frame
 * keeps its own pointer events), and Ctrl+Alt+F pressed with the focus inside the report shows and focuses it —
 * the frame passes the shortcut on as an `info` event. The band above the report is its title bar, and a long report
 * name stays inside the sidebar.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, portalStack } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const stack = portalStack();

async function openReport(page: Page) {
  await openSignedIn(page, stack.portalUrl);
  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button').first().click();
  const report = page.frameLocator('iframe');
  await expect(report.getByRole('navigation', { name: 'Pages' }).getByRole('button').first()).toBeVisible({
    timeout: 30_000,
  });
  return report;
}

const fullscreenElement = (page: Page) => page.evaluate(() => document.fullscreenElement?.tagName ?? null);

test('the report fills the page down to the footer and shows the fullscreen button while the pointer is over it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openReport(page);
  const iframe = page.locator('iframe');
  const [frameBox, footerBox] = [
    await iframe.boundingBox(),
    await page.locator('.portal-footer').boundingBox(),
  ];
  if (!frameBox || !footerBox) throw new Error('the report or the footer is not drawn');
  expect(Math.abs(frameBox.y + frameBox.height - footerBox.y)).toBeLessThanOrEqual(2);

  const button = page.getByRole('button', { name: 'Full screen' });
  await page.mouse.move(4, 4);
  await expect(button).toHaveCount(0);
  // The pointer in the middle of the report, over its charts: the button shows above the frame, not on it.
  await page.mouse.move(frameBox.x + frameBox.width / 2, frameBox.y + frameBox.height / 2);
  await expect(button).toBeVisible();
  const buttonBox = await button.boundingBox();
  expect((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0)).toBeLessThanOrEqual(frameBox.y + 1);
  // It stays while the pointer does.
  await page.mouse.move(frameBox.x + frameBox.width / 2 + 20, frameBox.y + frameBox.height / 2 + 10);
  await page.waitForTimeout(3500);
  await expect(button).toBeVisible();

  await button.click();
  await expect.poll(() => fullscreenElement(page)).toBe('IFRAME');
  await page.evaluate(() => document.exitFullscreen());
  await expect.poll(() => fullscreenElement(page)).toBeNull();
});

test('Ctrl+Alt+F pressed inside the report shows and focuses the fullscreen button, and Enter goes full screen', async ({
  page,
}) => {
  const report = await openReport(page);
  // The focus inside the frame (a page tab), then the pointer away from the report.
  await report.getByRole('navigation', { name: 'Pages' }).getByRole('button').first().focus();
  await page.mouse.move(4, 4);
  const button = page.getByRole('button', { name: 'Full screen' });
  await expect(button).toHaveCount(0);

  await page.keyboard.press('Control+Alt+f');
  await expect(button).toBeVisible();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => fullscreenElement(page)).toBe('IFRAME');
  await page.evaluate(() => document.exitFullscreen());
});

test('the band above the report is its title bar, never an empty strip, and the fullscreen button sits at its end', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openReport(page);
  const chosen = await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('button')
    .first()
    .innerText();
  await page.mouse.move(4, 4);
  const band = page.getByRole('toolbar');
  const title = band.getByRole('heading', { level: 2 });
  await expect(title).toHaveText(chosen);
  await expect(title).toHaveAttribute('title', chosen);
  const [bandBox, titleBox, frameBox] = await Promise.all([
    band.boundingBox(),
    title.boundingBox(),
    page.locator('iframe').boundingBox(),
  ]);
  if (!bandBox || !titleBox || !frameBox) throw new Error('the band, its title or the report is not drawn');
  // The title fills the band's height (no strip of nothing above the report), and the report starts under it.
  expect(titleBox.height).toBeGreaterThan(bandBox.height / 2);
  expect(bandBox.height).toBeLessThanOrEqual(48);
  expect(frameBox.y).toBeGreaterThanOrEqual(bandBox.y + bandBox.height - 1);

  await page.mouse.move(frameBox.x + frameBox.width / 2, frameBox.y + frameBox.height / 2);
  const button = band.getByRole('button', { name: 'Full screen' });
  await expect(button).toBeVisible();
  const buttonBox = await button.boundingBox();
  expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0)).toBeGreaterThan(bandBox.x + bandBox.width - 48);
});

test('a long report name wraps inside the sidebar at 1024 px, with the whole name in its tooltip', async ({
  page,
}) => {
  const longName = 'Quarterly_fleet_utilisation_by_site_model_supplies_and_service_alerts_FY2026_final';
  // The analytics service's real list, with its first report renamed (a name a customer may well give a copy).
  await page.route(/\/api\/embedpbi\/GetPbiReportsInfoForUserAsync(\?|$)/, async (route) => {
    const response = await route.fetch();
    const reports = (await response.json()) as { reportName: string }[];
    if (reports[0]) reports[0].reportName = longName;
    await route.fulfill({ response, json: reports });
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, stack.portalUrl);
  await page.getByRole('link', { name: 'Embedded reports' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Reports' });
  const item = sidebar.getByRole('button', { name: longName });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('title', longName);
  const overflow = await sidebar.evaluate((nav) => ({ scroll: nav.scrollWidth, client: nav.clientWidth }));
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  const [navBox, textBox] = await Promise.all([
    sidebar.boundingBox(),
    item.locator('span, p').first().boundingBox(),
  ]);
  if (!navBox || !textBox) throw new Error('the sidebar or the name is not drawn');
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(navBox.x + navBox.width);
  // At most three lines, then an ellipsis.
  expect(textBox.height).toBeLessThanOrEqual(3 * 24);
});
