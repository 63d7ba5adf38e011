/**
 * The portal's embedded report page in Chromium against the `npm start` stack: the report reaches down to the
 * footer, the fullscreen button shows in a toolbar above the frame while the pointer is over the report (the frame
 * keeps its own pointer events), and Ctrl+Alt+F pressed with the focus inside the report shows and focuses it —
 * the frame passes the shortcut on as an `info` event.
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
