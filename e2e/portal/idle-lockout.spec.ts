import { expect, test, type Locator } from '@playwright/test';
import { startStack, type RunningStack } from '../support/stack.ts';
import { signIn, signInThroughPopup, signInWith } from './helpers.ts';

// The idle lock-out with a short timeout (PORTAL_IDLE_LOCKOUT_SECONDS, which the portal server hands the SPA
// as maximumIdleTimeoutForLockoutInSeconds). The warning comes a minute before the lock-out, so with a
// timeout under a minute it shows at once, counting down the seconds left.
const LOCKOUT_SECONDS = 12;

/** The seconds the warning says are left ('You will be signed out in 9 seconds because …'). */
async function secondsLeft(warning: Locator): Promise<number> {
  const text = (await warning.locator('#idle-message').textContent()) ?? '';
  const match = /^You will be signed out in (\d+) seconds? because you have been inactive\.$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match?.[1]);
}

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
  await expect(warning).toHaveAccessibleDescription(
    /^You will be signed out in \d+ seconds? because you have been inactive\.$/,
  );
  const first = await secondsLeft(warning);
  expect(first).toBeLessThanOrEqual(LOCKOUT_SECONDS);
  expect(first).toBeGreaterThan(LOCKOUT_SECONDS - 8);
  // The warning counts down as the lock-out nears.
  await expect.poll(() => secondsLeft(warning), { timeout: 5000 }).toBeLessThanOrEqual(first - 2);
  await expect(page.getByRole('button', { name: 'Sign out', includeHidden: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  expect(Date.now() - signedInAt).toBeGreaterThanOrEqual((LOCKOUT_SECONDS - 1) * 1000);
  await expect(warning).toBeHidden();

  // The session is gone, not just hidden: a reload stays signed out and a protected page asks to sign in.
  await page.goto(`${stack.portalUrl}/ControlPanelUpgrade/`);
  await expect(page).toHaveURL(`${stack.portalUrl}/`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('after a lock-out the portal says why, and signing in again returns to the same page and search', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/about?section=versions`);
  await signIn(page);

  // The identity provider's sign-out brought the browser back to the portal, which says why.
  const notice = page.getByRole('status').filter({ hasText: 'without activity' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveText(
    `You were signed out after ${LOCKOUT_SECONDS} seconds without activity. Sign in again to return to where you were.Sign in againDismiss`,
  );
  await signInWith(page, notice.getByRole('button', { name: 'Sign in again' }));
  await expect(page).toHaveURL(`${stack.portalUrl}/about?section=versions`);
  // The idle warning (at once, as the timeout is under a minute) hides the page from the accessibility tree.
  await expect(
    page.getByRole('heading', { name: 'About the customer portal', includeHidden: true }),
  ).toBeVisible();
  await expect(notice).toBeHidden();
});

test('the control panel upgrade signed out redirects home, saying it needs a sign-in, and signing in goes there', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/ControlPanelUpgrade/`);
  await expect(page).toHaveURL(`${stack.portalUrl}/`);
  const notice = page.getByRole('status').filter({ hasText: 'needs a sign-in' });
  await expect(notice).toContainText(
    'Control panel upgrade needs a sign-in. Sign in and you will be taken there.',
  );
  await signInWith(page, notice.getByRole('button', { name: 'Sign in again' }));
  await expect(page).toHaveURL(`${stack.portalUrl}/ControlPanelUpgrade/`);
  await expect(
    page.getByRole('heading', { name: 'Control panel upgrade', includeHidden: true }),
  ).toBeVisible();
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
