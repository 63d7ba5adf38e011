import { expect, test } from '@playwright/test';
import { startStack, type RunningStack } from './support/stack.ts';

let stack: RunningStack;

test.beforeAll(async () => {
  test.setTimeout(240_000); // the first start builds the web app
  stack = await startStack();
});

test.afterAll(async () => {
  // Ctrl+C stops every process cleanly.
  expect(await stack?.stop()).toBe(0);
});

test('npm start prints the portal URL, the sample sign-ins and the sample installer pages', () => {
  const output = stack.output();
  expect(output).toContain(stack.portalUrl);
  expect(output).toMatch(/alice@contoso\.example\s+portico-alice/);
  expect(output).toMatch(new RegExp(`Installer for dca: ${stack.portalUrl}/DcaInstaller/\\S+`));
});

test('a sample user signs in through the popup, sees their name on the sign-out button and signs out', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await signIn.click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${stack.identityUrl}/`));
  await popup.getByLabel('Email').fill('alice@contoso.example');
  await popup.getByLabel('Password').fill('portico-alice');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.waitForEvent('close');

  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await signOut.hover();
  await expect(page.getByRole('tooltip')).toHaveText('alice@contoso.example');

  await signOut.click();
  // The provider ends its session and sends the browser back to the portal, signed out.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).origin).toBe(new URL(stack.portalUrl).origin);

  // Signing in again asks for the password: the provider's session really ended.
  const again = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const second = await again;
  await expect(second.getByLabel('Password')).toBeVisible();
  await second.close();
});
