/**
 * Built-in visual commands (`settings.commands`) in the analytics frame, in Chromium against the real service,
 * driven by `@portico/embed` from another origin: Hidden removes Export data from a visual's options menu (and the
 * menu's button when nothing is left, the other built-in commands hidden too), Disabled shows it inert, Enabled downloads the visual's data; load settings
 * and `updateSettings` both apply at once.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { eventCount, frameOf, poll, reportHosts, settle } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const HIDDEN = 2;
const DISABLED = 1;
const ENABLED = 0;

const hosts = reportHosts();

/** A host page embedding the fleet overview with `settings`; resolves once it has rendered. */
const opened = (settings: Record<string, unknown>) => hosts.opened({ config: { settings } });

/** The options menu's other built-in commands hidden (report-built-in-commands.spec.ts covers them). */
const OTHERS_HIDDEN = Object.fromEntries(
  ['copy', 'seeData', 'spotlight', 'sort', 'removeVisual'].map((c) => [c, { displayOption: HIDDEN }]),
);

const exportDataAs = (displayOption: number, selector?: object) =>
  JSON.stringify([OTHERS_HIDDEN, { exportData: { displayOption, ...(selector ? { selector } : {}) } }]);

test('Export data follows settings.commands: hidden at load, then disabled, then enabled and exporting', async () => {
  const p = await opened({ commands: JSON.parse(exportDataAs(HIDDEN)) });
  const frame = frameOf(p);
  const chart = frame.locator('section[data-visual="top-models"][data-status="ready"]');
  const options = chart.getByRole('button', { name: /More options/ });
  const exportItem = frame.getByRole('menuitem', { name: 'Export data' });
  await expect(chart).toHaveCount(1);
  // Hidden and no host command: the options menu is empty, so its button is not drawn.
  await expect(options).toHaveCount(0);

  expect((await settle(p, `await report.updateSettings({ commands: ${exportDataAs(DISABLED)} });`)).ok).toBe(
    true,
  );
  await options.click();
  await expect(exportItem).toHaveAttribute('aria-disabled', 'true');
  // Neither a click nor the keyboard runs it: the menu stays open and nothing is exported.
  await exportItem.click({ force: true });
  await expect(exportItem).toBeFocused();
  await p.keyboard.press('Enter');
  await p.keyboard.press('Space');
  await expect(frame.getByRole('menu')).toHaveCount(1);
  expect(await eventCount(p, 'exportDataCompleted')).toBe(0);
  await p.keyboard.press('Escape');
  await expect(frame.getByRole('menu')).toHaveCount(0);

  expect((await settle(p, `await report.updateSettings({ commands: ${exportDataAs(ENABLED)} });`)).ok).toBe(
    true,
  );
  await options.click();
  await expect(exportItem).not.toHaveAttribute('aria-disabled', 'true');
  const [download] = await Promise.all([p.waitForEvent('download'), exportItem.click()]);
  expect(download.suggestedFilename()).toBe('Top 10 models by pages printed.csv');
  const file = await download.path();
  const rows = (await readFile(file, 'utf8')).split('\r\n').filter((line) => line !== '');
  expect(rows[0]).toContain('Model');
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.length).toBeLessThanOrEqual(11);
  await expect(frame.getByRole('menu')).toHaveCount(0);
  await poll(() =>
    p.evaluate(
      () => window.analyticsHost.events.filter((e) => e.name === 'exportDataCompleted').at(-1)?.detail,
    ),
  ).toMatchObject({ status: 0, exportDataType: 0, pageName: 'overview', visualName: 'top-models' });
  expect(await eventCount(p, 'exportDataCompleted')).toBe(1);
});

test('a setting with a visual selector applies to that visual only, and a command the frame lacks changes nothing', async () => {
  const p = await opened({
    commands: [
      OTHERS_HIDDEN,
      { exportData: { displayOption: HIDDEN } },
      {
        exportData: {
          displayOption: ENABLED,
          selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'top-models' },
        },
      },
      { drillthrough: { displayOption: HIDDEN }, summarize: { displayOption: DISABLED } },
    ],
  });
  const frame = frameOf(p);
  await expect(frame.locator('section[data-status="ready"]')).not.toHaveCount(0);
  const optionsOf = (visual: string) =>
    frame.locator(`section[data-visual="${visual}"]`).getByRole('button', { name: /More options/ });
  await expect(optionsOf('pages-per-month')).toHaveCount(0);
  await optionsOf('top-models').click();
  await expect(frame.getByRole('menuitem', { name: 'Export data' })).toBeEnabled();
  await expect(frame.getByRole('menuitem')).toHaveCount(1);
});
