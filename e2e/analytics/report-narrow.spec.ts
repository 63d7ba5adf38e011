/**
 * The report frame in a narrow host element (a phone, a side panel) with the desktop layout, in Chromium against the
 * real service through `@portico/embed`: the page list and the filters pane stack around the canvas instead of
 * squeezing it to nothing beside them.
 */
import { expect, test } from '@playwright/test';
import { frameOf, reportHosts } from './support/report-page.ts';

test.describe.configure({ mode: 'serial' });

const hosts = reportHosts();

test('in a 375-pixel frame the pages and the filters pane stack around a canvas as wide as the frame', async () => {
  const p = await hosts.opened({ config: { settings: { panes: { filters: { visible: true } } } } });
  // The host narrows the element the report is embedded in, as a phone's page would.
  await p.evaluate(() => {
    const iframe = document.querySelector('iframe');
    const element = iframe?.parentElement;
    if (!element) throw new Error('no embed element');
    element.style.width = '375px';
    element.style.height = '700px';
  });
  const frame = frameOf(p);
  const box = async (selector: string) => {
    const found = await frame.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not drawn`);
    return found;
  };
  await expect
    .poll(async () => (await box('.canvas')).width, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(360);
  const [nav, canvas, pane] = [await box('.page-nav'), await box('.canvas'), await box('.filter-pane')];
  expect(nav.y + nav.height).toBeLessThanOrEqual(canvas.y + 1);
  expect(canvas.y + canvas.height).toBeLessThanOrEqual(pane.y + 1);
  expect(canvas.height).toBeGreaterThan(300);
  // The page is scaled to the canvas: its visuals are drawn inside the frame's width.
  const visual = await box('section.visual');
  expect(visual.x + visual.width).toBeLessThanOrEqual(375 + 1);
});
