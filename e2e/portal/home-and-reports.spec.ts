import { expect, test } from '@playwright/test';
import {
  acceptWelcome,
  expectAccessible,
  layoutDefects,
  openReports,
  portalStack,
  signInWith,
} from './helpers.ts';

// Issue 17: a home that orients, signed out and in, and a reports browser with context.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const stack = portalStack();

test('home signed out says what the portal offers and signs in from its one action; signed in it orients', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  await acceptWelcome(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Welcome to the customer portal' })).toBeVisible();
  await expect(main).toContainText('The customer portal of Portico:');
  for (const offer of ['Reports', 'Analytics', 'Downloads'])
    await expect(main.getByRole('heading', { name: offer, exact: true })).toBeVisible();
  await expect(main.getByRole('button')).toHaveCount(1);
  expect(await layoutDefects(page)).toEqual([]);
  await expectAccessible(page);

  await signInWith(page, main.getByRole('button', { name: 'Sign in to the portal' }), 'carol');
  // The name is in the header, not only in the sign-out button's tooltip.
  await expect(page.getByRole('banner')).toContainText('Carol Castillo');
  await expect(main.getByRole('heading', { name: 'Welcome, Carol Castillo' })).toBeVisible();
  await expect(main.getByText('This is your first visit: have a look around.')).toBeVisible();

  // Her accounts by name: carol's northwind account once showed as its id.
  const accounts = main.getByRole('region', { name: 'Your customer accounts' });
  await expect(accounts.getByRole('link')).toHaveText([
    'Contoso EMEA (Contoso Ltd)',
    'Fabrikam (Fabrikam Inc)',
    'Northwind',
  ]);
  const reports = main.getByRole('region', { name: 'Latest reports' });
  await expect(reports.getByRole('link')).toHaveCount(6);
  await expect(reports.getByRole('link', { name: 'All reports (9)' })).toBeVisible();
  await expect(
    main.getByRole('region', { name: 'Embedded reports' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(
    main
      .getByRole('region', { name: 'Installers' })
      .getByRole('link', { name: 'Download the control panel upgrade' }),
  ).toBeVisible();
  expect(await layoutDefects(page)).toEqual([]);
  await expectAccessible(page);

  // A shortcut opens the reports browser on that account and folder.
  await reports.getByRole('link', { name: 'Daily meter readings' }).click();
  await expect(page.getByRole('heading', { name: 'Reports in Usage' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('contoso_emea');
  await expect(page.getByRole('combobox', { name: 'Customer' }).getByRole('option')).toHaveText([
    'Contoso EMEA (Contoso Ltd)',
    'Fabrikam (Fabrikam Inc)',
    'Northwind',
  ]);
});

test('the reports browser opens on the first folder with reports, each with its date, size and description', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  await acceptWelcome(page);
  await signInWith(page, page.getByRole('main').getByRole('button', { name: 'Sign in to the portal' }));
  const tree = await openReports(page);
  await expect(tree.getByRole('treeitem', { selected: true })).toHaveAccessibleName('Inventory');
  await expect(page.getByRole('heading', { name: 'Reports in Inventory' })).toBeVisible();
  await expect(
    page.getByText('Every printer with its model, site, location, install date and retirement date.'),
  ).toBeVisible();
  await expect(page.getByText(/^Updated .*20\d\d/)).toBeVisible();
  // The sizes follow the list: the server measures them in the background the first time.
  await expect(
    page.getByRole('button', { name: /^Download Device inventory as CSV \(\d+(\.\d)? kB\)$/ }),
  ).toBeVisible({ timeout: 60_000 });
  expect(await layoutDefects(page)).toEqual([]);
  await expectAccessible(page);

  // The 12.8 MB HTML report is a download with its size, never a window that stays blank for 15 s.
  await tree.getByRole('treeitem', { name: 'Usage' }).click();
  const html = page.getByRole('button', {
    name: /^Download Daily meter readings as HTML \((1\d\.\d) MB\), saved as a file$/,
  });
  await expect(html).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText(/^HTML is saved as a file \(1\d\.\d MB\): too large to open in the browser\.$/),
  ).toBeVisible();
  let windows = 0;
  page.on('popup', () => (windows += 1));
  const downloaded = page.waitForEvent('download', { timeout: 90_000 });
  await html.click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('Daily meter readings.html');
  expect(windows).toBe(0);
});

test('a sign-in the server no longer accepts is renewed from the page’s own Sign in again, and the page loads', async ({
  page,
}) => {
  await page.goto(`${stack.portalUrl}/`);
  await acceptWelcome(page);
  await signInWith(page, page.getByRole('main').getByRole('button', { name: 'Sign in to the portal' }));
  // The portal server's answer to a token it no longer accepts (as after a key rotation at the identity
  // provider), once: the sign-in that follows gets a token it accepts.
  let refused = false;
  await page.route('**/api/reports/downloadAccessToken', async (route) => {
    if (refused) return route.fallback();
    refused = true;
    return route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The access token is not valid.', code: 'INVALID_TOKEN' }),
    });
  });
  await page.goto(`${stack.portalUrl}/reports`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your sign-in is no longer valid. Please sign in again.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  const popupOpened = page.waitForEvent('popup');
  await alert.getByRole('button', { name: 'Sign in again' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  // The identity provider may still know the user (the popup then closes by itself) or ask again.
  const email = popup.getByLabel('Email');
  await Promise.race([
    closed,
    email
      .waitFor()
      .then(async () => {
        await email.fill('alice@contoso.example');
        await popup.getByLabel('Password').fill('portico-alice');
        await popup.getByRole('button', { name: 'Sign in' }).click();
      })
      // The popup closed by itself meanwhile.
      .catch(() => undefined),
  ]);
  await closed;
  await expect(page).toHaveURL(/\/reports/);
  await expect(page.getByRole('tree', { name: 'Report folders' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
