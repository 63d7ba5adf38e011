/**
 * Names and messages an administrator stores may hold HTML and script: a customer name set with the admin CLI, a
 * welcome message from the environment, and a report name a customer gave a saved copy. The portal shows each as
 * text; no element of theirs reaches the page and no script of theirs runs. The account has no report granted, so the
 * embedded-reports page first shows its empty state, then the customer's own copy alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startStack, type RunningStack } from '../support/stack.ts';
import { acceptWelcome, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const root = path.resolve(import.meta.dirname, '../..');
const CUSTOMER = '<img src=x onerror="window.__pwned=1">Tailspin & <b>Sons</b>';
const ACCOUNT_NAME = '<script>window.__pwned=4</script>';
const WELCOME = '<script>window.__pwned=2</script><i>Hello</i> & welcome';
const COPY = '<svg onload="window.__pwned=3">Tailspin plan</svg>';
/** The analytics service's sample "Supplies" report (apps/analytics/models/print-fleet/reports/3-supplies.report.yaml). */
const SUPPLIES = '2896a285-1323-4c4f-9e2c-7c724e74e758';
const shots = path.join(root, 'test-results', 'stored-markup');

let stack: RunningStack;
let dataDir: string;

function admin(...args: string[]): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/portal-server/src/admin/cli.ts', ...args],
    { cwd: root, env: { ...process.env, PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')}: ${result.stderr}`);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'portico-markup-'));
  // Before the portal's first start, so it seeds no sample accounts: Alice belongs to this account alone.
  admin('accounts', 'create', 'tailspin', '--name', ACCOUNT_NAME, '--customer', CUSTOMER);
  admin('members', 'grant', 'tailspin', 'alice@contoso.example');
  stack = await startStack({
    PORTICO_DATA_DIR: dataDir,
    PORTAL_INCLUDE_REPORTS: 'true',
    PORTAL_ENABLE_EMBEDDED_REPORTS: 'true',
    PORTAL_SHOW_WELCOME_MESSAGE: 'true',
    PORTAL_WELCOME_MESSAGE: JSON.stringify([WELCOME]),
  });
});
test.afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
});

/** Saves a copy of Supplies named COPY through an embed token for Tailspin, as a customer's session would. */
async function saveTailspinCopy(): Promise<void> {
  const secret = readFileSync(path.join(dataDir, 'secrets', 'analytics-client-secret'), 'utf8').trim();
  const token = await fetch(`${stack.analyticsUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'portico-portal-server',
      client_secret: secret,
    }),
  });
  const { access_token: api } = (await token.json()) as { access_token: string };
  const minted = await fetch(`${stack.analyticsUrl}/v1/embed-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      reports: [{ id: SUPPLIES }],
      permissions: 'Create',
      identities: [{ databaseNames: ['tailspin'] }],
      allowedOrigins: [stack.portalUrl],
    }),
  });
  const { token: embed } = (await minted.json()) as { token: string };
  const saved = await fetch(`${stack.analyticsUrl}/frame-api/reports/${SUPPLIES}/save-as`, {
    method: 'POST',
    headers: { authorization: `Bearer ${embed}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: COPY }),
  });
  expect(saved.status).toBe(201);
}

/** Nothing the stored text carried became part of the page. */
async function expectNoInjection(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], [onerror]')).toHaveCount(0);
  expect(
    await page
      .locator('script')
      .evaluateAll((s) => s.filter((e) => e.textContent?.includes('__pwned')).length),
  ).toBe(0);
}

async function shoot(page: Page, name: string): Promise<void> {
  const sizes = [
    { name: '1440x900', viewport: { width: 1440, height: 900 } },
    { name: '1024x768', viewport: { width: 1024, height: 768 } },
    { name: '390x844', viewport: { width: 390, height: 844 } },
  ];
  for (const size of sizes) {
    await page.setViewportSize(size.viewport);
    await page.screenshot({ path: path.join(shots, `${name}-${size.name}.png`), fullPage: true });
  }
  // 200 % zoom: a 1280 × 720 window at twice the pixel density shows what a 640 × 360 CSS viewport shows.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.screenshot({ path: path.join(shots, `${name}-zoom200.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the welcome message, a customer name and a saved report name show as text', async ({ page }) => {
  await page.goto(`${stack.portalUrl}/`);
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome).toContainText('<script>window.__pwned=2</script><i>Hello</i> & welcome');
  await expect(welcome.locator('i, script')).toHaveCount(0);
  await expectNoInjection(page);
  await acceptWelcome(page);
  await signIn(page);

  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await expect(customer).toBeVisible();
  // The account by name, then its customer (the reports browser names accounts, never their ids).
  await expect(customer.locator('option')).toHaveText([`${ACCOUNT_NAME} (${CUSTOMER})`]);
  await expectNoInjection(page);

  // No report is granted to Tailspin yet, and it has saved none: the page says so.
  await page.getByRole('link', { name: 'Embedded reports' }).click();
  await expect(
    page.getByText('Analytics reports appear here once they are shared with one of your customer accounts.'),
  ).toBeVisible();
  await expect(page.getByText('No analytics reports yet')).toBeVisible();
  await shoot(page, 'embedded-reports-empty');

  await saveTailspinCopy();
  // The portal reuses the analytics report list for 30 s.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Reports' })).toContainText(COPY, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  const list = page.getByRole('navigation', { name: 'Reports' });
  // The copy is Tailspin's own; no sample report is granted, so it is the only one.
  await expect(list.getByText(COPY, { exact: true })).toBeVisible();
  await expect(list.getByText('Fleet overview')).toHaveCount(0);
  await expectNoInjection(page);
  await shoot(page, 'embedded-reports-own-copy');
});
