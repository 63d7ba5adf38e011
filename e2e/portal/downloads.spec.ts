import { execFile } from 'node:child_process';
import { createHash, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Download } from '@playwright/test';
import { expectAccessible, portalStack } from './helpers.ts';

// The download portal's journey: a release pipeline publishes a version with the admin CLI, a customer sees it on
// the installer page, downloads it, checks its SHA-256 against the page and the signed SHA256SUMS, and the
// administrator finds the download in the audit list. The embedded database has one writer, so the CLI runs
// before the stack starts (publish) and after it stopped (the audit list), on the stack's own data directory.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-downloads-'));
const scratch = mkdtempSync(path.join(tmpdir(), 'portico-downloads-files-'));

function admin(...args: string[]) {
  return run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const installer = path.join(scratch, 'build-output.msi');
  writeFileSync(installer, Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251)));
  writeFileSync(path.join(scratch, 'older.msi'), 'the previous build');
  writeFileSync(
    path.join(scratch, 'notes.md'),
    '### New\n\n- Proxy support with `PROXY_URL`\n- <script>window.hacked = true</script> shown as text\n',
  );
  writeFileSync(path.join(scratch, 'notes.de.md'), '### Neu\n\n- Proxy-Unterstützung mit `PROXY_URL`\n');
  const older = path.join(scratch, 'older.msi');
  await admin('releases', 'publish', 'dca', '--version', '3.0.0', '--channel', 'stable', '--file', older);
  const published = await admin(
    'releases',
    'publish',
    'dca',
    '--version',
    '3.1.0',
    '--channel',
    'stable',
    '--file',
    installer,
    '--notes',
    path.join(scratch, 'notes.md'),
    '--notes-de',
    path.join(scratch, 'notes.de.md'),
  );
  expect(published.stdout).toContain('published dca 3.1.0 (stable): PorticoDCA-3.1.0-x64.msi, 300000 bytes');
});

const stack = portalStack({ PORTICO_DATA_DIR: dataDir });

test.afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const saved = async (download: Promise<Download>) => readFileSync((await (await download).path()) ?? '');

test('a published version is on the installer page, downloads, and matches its signed checksum', async ({
  page,
}) => {
  await page.goto(stack.installerUrl('dca'));
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveValue('3.1.0');
  const history = page.getByRole('region', { name: 'Version history' });
  await expect(history.getByRole('heading', { name: '3.1.0' })).toBeVisible();
  await expect(history.getByRole('heading', { name: '3.0.0' })).toBeVisible();
  await expect(history.getByText('Proxy support with PROXY_URL')).toBeVisible();
  await expect(history.getByText('<script>window.hacked = true</script> shown as text')).toBeVisible();
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
  await expect(page.getByText('300,000 bytes').or(page.getByText('0.3 MB'))).toBeVisible();
  await expectAccessible(page);
  const shown = (await page.getByTestId('installer-sha256').textContent()) ?? '';
  expect(shown).toMatch(/^[0-9a-f]{64}$/);

  const installer = await saved(
    Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]).then(
      ([download]) => download,
    ),
  );
  expect(installer.byteLength).toBe(300_000);
  expect(createHash('sha256').update(installer).digest('hex')).toBe(shown);
  await expect(page.getByText('The download of PorticoDCA-3.1.0-x64.msi has started.')).toBeVisible();

  const sums = (
    await saved(
      Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'SHA256SUMS' }).click(),
      ]).then(([download]) => download),
    )
  ).toString('utf8');
  expect(sums).toBe(`${shown}  PorticoDCA-3.1.0-x64.msi\n`);
  const signature = await saved(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Signature' }).click(),
    ]).then(([download]) => download),
  );
  const publicKey = await saved(
    Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Public key' }).click()]).then(
      ([download]) => download,
    ),
  );
  expect(verify(null, Buffer.from(sums), publicKey.toString('utf8'), signature)).toBe(true);
  await expect(page.getByRole('heading', { name: 'How to verify' })).toBeVisible();

  // The notes in German, where the vendor wrote them; the older version has none in any language.
  await page.goto(`${stack.installerUrl('dca')}?lng=de`);
  const verlauf = page.getByRole('region', { name: 'Versionsverlauf' });
  await expect(verlauf.getByText('Proxy-Unterstützung mit PROXY_URL')).toBeVisible();
  await expect(verlauf.getByText('Keine Versionshinweise.')).toBeVisible();
});

test('the download is in the admin CLI’s audit list for the customer account', async () => {
  expect(await stack.stop()).toBe(0);
  const { stdout } = await admin('downloads', 'list', 'contoso_emea');
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toMatch(/\tcontoso_emea\tkey:[A-Za-z0-9_-]{8}\tdca\/3\.1\.0\/x64\/\*\tok$/);
  const listed = await admin('releases', 'list', 'dca');
  expect(listed.stdout).toMatch(/^3\.1\.0\tstable\t/);
  rmSync(dataDir, { recursive: true, force: true });
});
