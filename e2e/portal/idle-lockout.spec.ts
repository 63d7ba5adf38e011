import { expect, test } from '@playwright/test';
import { startStack, type RunningStack } from '../support/stack.ts';
import { signInThroughPopup } from './helpers.ts';

// The idle lock-out with a short timeout (PORTAL_IDLE_LOCKOUT_SECONDS, which the portal server hands the SPA
// as maximumIdleTimeoutForLockoutInSeconds). The warning comes a minute before the lock-out, so with a
// timeout under a minute it shows at once.
const LOCKOUT_SECONDS = 12;

let stack: RunningStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startStack({ PORTAL_IDLE_LOCKOUT_SECONDS: String(LOCKOUT_SECONDS) });
});

test.afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
});

test('an idle user is warned, then signed out here and at the identity provider', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/about`);
  await signInThroughPopup(page);
  const signedInAt = Date.now();

  // The modal warning hides the rest of the page from assistive technology, the header's button included.
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', includeHidden: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  expect(Date.now() - signedInAt).toBeGreaterThanOrEqual((LOCKOUT_SECONDS - 1) * 1000);
  await expect(warning).toBeHidden();

  // The session is gone, not just hidden: a reload stays signed out and a protected page asks to sign in.
  await page.goto(`${stack.portalUrl}/ControlPanelUpgrade/`);
  await expect(page).toHaveURL(`${stack.portalUrl}/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('choosing to stay signed in restarts the timer', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/about`);
  await signInThroughPopup(page);
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();

  // Staying counts as activity; the warning is back at once (the timeout is shorter than its minute).
  const stay = warning.getByRole('button', { name: 'Stay signed in' });
  await stay.click();
  await page.waitForTimeout((LOCKOUT_SECONDS - 4) * 1000);
  await stay.click();
  await page.waitForTimeout(6000);
  // Past the deadline the first stay set, and still signed in: the second stay restarted the timer.
  await expect(
    page.locator('header').getByRole('button', { name: 'Sign out', includeHidden: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', includeHidden: true })).toHaveCount(0);
});
