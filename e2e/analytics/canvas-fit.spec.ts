/**
 * The canvas fits every screen a customer uses: every page of every sample report, each dashboard, the Q&A and each
 * paginated report, at 1440×900, 1024×768, 390×844 and a 1280×720 screen at 200 % zoom (a 640×360 CSS-pixel window,
 * as `screenshots.ts` takes it), in Chromium against the real service through `@portico/embed`. At each page and
 * size no chart's plot is empty, no KPI value is hidden and no axis, legend, table or report label is cut without
 * an ellipsis and a tooltip (`support/canvas-fit.ts` says how that is measured), a date axis' year title sits
 * right under its labels, and a chart's lowest text (its year title, else its axis labels, level or turned) ends
 * right over its bottom edge, with no blank band under it.
 *
 * One embed per report (its pages shown with `setPage`), dashboard, Q&A and paginated report, in a window resized
 * from size to size: the host element fills the window, as in a host page that gives the report the whole screen.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import {
  FLEET_DASHBOARD_ID,
  SUPPLIES_DASHBOARD_ID,
} from '../../apps/analytics/src/kinds/dashboards/samples.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/invoice.ts';
import { PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import { settledProblems } from './support/canvas-fit.ts';
import { REPORTS, WORKSPACE_ID, startStack, type Stack } from './support/stack.ts';

/** The sizes of `screenshots.ts`, in CSS pixels (200 % zoom of 1280×720 lays out as a 640×360 window). */
const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '1024x768', width: 1024, height: 768 },
  { name: '390x844', width: 390, height: 844 },
  { name: '1280x720 at 200%', width: 640, height: 360 },
] as const;

const DATABASES = ['fabrikam', 'northwind'];
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 15_000 });

let stack: Stack;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  stack = await startStack();
  page = await browser.newPage({ viewport: { width: SIZES[0].width, height: SIZES[0].height } });
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

/** The embed's element fills the window (the fixtures make a fixed-size one). */
const fill = (p: Page) =>
  p.evaluate(() => {
    const element = document.querySelector('iframe')?.parentElement;
    if (element) element.style.cssText = 'position:fixed;inset:0';
    document.body.style.margin = '0';
    document.body.style.overflow = 'hidden';
  });

const frameOf = (path: string): Frame => {
  const frame = page.frames().find((f) => f.url().includes(path));
  if (!frame) throw new Error(`no ${path} frame`);
  return frame;
};

/**
 * Runs in the frame (no closures: Playwright sends its source): a chart's lowest text ends right over its bottom
 * edge, with no blank band under it (0 to 4 pixels: its descenders and a pixel to spare).
 * - A date axis' year title ("2026", "2025 – 2026", "2026年", the lowest text of a chart, alone on its line) also
 *   collides with no label above it (the labels' margin under it had left 10 pixels, a phone's short plot losing
 *   them).
 * - Else, in a chart with axes (a straight line across half its box: an axis or a grid line), the lowest text under
 *   the plot is an axis label, level or turned (turned month labels without a year title had 13 pixels of room
 *   under them that nothing used).
 */
function lowestTextProblems(): string[] {
  const problems: string[] = [];
  for (const box of document.querySelectorAll('section.visual, .tile')) {
    const name = box.getAttribute('data-visual') ?? box.querySelector('.tile-title')?.textContent ?? '';
    for (const svg of box.querySelectorAll('.chart svg')) {
      const edge = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent ?? '', rect: t.getBoundingClientRect() }))
        .filter((t) => t.rect.height > 0);
      const lowest = texts.reduce<(typeof texts)[number] | undefined>(
        (low, t) => (low === undefined || t.rect.bottom > low.rect.bottom ? t : low),
        undefined,
      );
      if (!lowest) continue;
      const above = texts.filter((t) => t !== lowest);
      const blankUnder = (what: string) => {
        const blank = edge.bottom - lowest.rect.bottom;
        if (blank < 0 || blank > 4) {
          problems.push(
            `${name}: ${Math.round(blank)} px under the ${what} "${lowest.text}" (0 to 4 expected)`,
          );
        }
      };
      // A category label on the lowest text's line: it is a label (a year axis), not a title.
      const alone = !above.some((t) => t.rect.bottom > lowest.rect.top + lowest.rect.height / 2);
      if (/^\d{4}\D{0,2}( – \d{4}\D{0,2})?$/.test(lowest.text) && alone) {
        const labelsBottom = Math.max(...above.map((t) => t.rect.bottom));
        if (lowest.rect.top < labelsBottom) {
          problems.push(`${name}: the year title "${lowest.text}" overlaps the labels above it`);
        }
        blankUnder('year title');
        continue;
      }
      // The plot's foot: the lowest of its axis and grid lines (straight lines across half the box; a pie has none).
      const lines = [...svg.querySelectorAll('path')]
        .map((path) => path.getBoundingClientRect())
        .filter(
          (r) => (r.height < 1 && r.width >= edge.width / 2) || (r.width < 1 && r.height >= edge.height / 2),
        );
      if (lines.length === 0) continue;
      const plotBottom = Math.max(...lines.map((r) => r.bottom));
      if (lowest.rect.top >= plotBottom - 1) blankUnder('axis label');
    }
  }
  return problems;
}

/** Every size in turn: the problems the canvas shows there, named by where they are. */
async function problemsAtEverySize(frame: Frame, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await poll(() => frame.evaluate(() => window.innerWidth)).toBe(size.width);
    const measure = await settledProblems(frame);
    expect(measure.boxes, `${where} at ${size.name}: visuals measured`).toBeGreaterThan(0);
    const lowest = await frame.evaluate(lowestTextProblems);
    found.push(...[...measure.problems, ...lowest].map((problem) => `${where} at ${size.name}: ${problem}`));
  }
  // The next page set starts at the first size again.
  await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  return found;
}

const reportNames = Object.entries(REPORTS) as [string, string][];

for (const [name, id] of reportNames) {
  test(`every page of the ${name} report fits every screen: plots drawn, KPIs shown, labels whole or cut with an ellipsis and a tooltip`, async () => {
    test.setTimeout(150_000);
    const accessToken = await stack.embedToken({ reportId: id, databaseNames: DATABASES });
    await page.goto(`${stack.host}/host.html`);
    await page.evaluate((config) => window.analyticsHost.embed(config), {
      type: 'report',
      id,
      embedUrl: `${stack.service}/reportEmbed?reportId=${id}&groupId=${WORKSPACE_ID}`,
      accessToken,
      tokenType: 1,
    });
    await fill(page);
    const rendered = () =>
      page.evaluate(() => window.analyticsHost.names().filter((n) => n === 'rendered').length);
    await poll(rendered).toBeGreaterThanOrEqual(1);
    const pages = await page.evaluate(async () => {
      const all = await window.analyticsHost.current().getPages();
      return all.filter((p) => p.visibility !== 1).map((p) => ({ name: p.name, displayName: p.displayName }));
    });
    expect(pages.length).toBeGreaterThan(0);
    const frame = frameOf('/reportEmbed');
    const problems: string[] = [];
    for (const [index, shown] of pages.entries()) {
      if (index > 0) {
        const before = await rendered();
        await page.evaluate((pageName) => window.analyticsHost.current().setPage(pageName), shown.name);
        await poll(rendered).toBeGreaterThan(before);
      }
      problems.push(...(await problemsAtEverySize(frame, `${name} › ${shown.displayName}`)));
    }
    expect(problems).toEqual([]);
  });
}

for (const [name, id] of [
  ['fleet', FLEET_DASHBOARD_ID],
  ['supplies', SUPPLIES_DASHBOARD_ID],
] as const) {
  test(`the ${name} dashboard's tiles fit every screen`, async () => {
    test.setTimeout(60_000);
    const accessToken = await stack.embedToken({ dashboardIds: [id], databaseNames: DATABASES });
    await page.goto(`${stack.host}/dashboard-host.html`);
    await page.evaluate((config) => window.dashboardHost.embed(config, { width: 100, height: 100 }), {
      type: 'dashboard',
      id,
      embedUrl: `${stack.service}/dashboardEmbed?dashboardId=${id}&groupId=${WORKSPACE_ID}`,
      accessToken,
      tokenType: 1,
    });
    await fill(page);
    await poll(() => page.evaluate(() => window.dashboardHost.names(0).includes('loaded'))).toBe(true);
    const frame = frameOf('/dashboardEmbed');
    // Every tile has its answer drawn (a chart, a card, a table) or says why not.
    await poll(() =>
      frame.evaluate(() =>
        [...document.querySelectorAll('.tile')].every(
          (tile) =>
            tile.querySelector('.tile-visual svg, .card-value, table, .tile-text, .tile-problem') !== null,
        ),
      ),
    ).toBe(true);
    expect(await problemsAtEverySize(frame, `${name} dashboard`)).toEqual([]);
    // Fitted to the width, the grid never scrolls sideways, also in a window grown taller after it was drawn (its
    // scrollbar came with the taller tiles and left the grid 15 px wider than the box).
    for (const height of [1208, 900]) {
      await page.setViewportSize({ width: 1440, height });
      await page.waitForTimeout(500);
      const overflow = await frame.evaluate(() => {
        const box = document.querySelector('.dashboard');
        return box ? box.scrollWidth - box.clientWidth : -1;
      });
      expect(overflow, `${name} dashboard at 1440x${height}: sideways overflow`).toBe(0);
    }
  });
}

test('the Q&A answer fits every screen, its chart right under the question', async () => {
  test.setTimeout(60_000);
  const accessToken = await stack.embedToken({
    datasetIds: [PRINT_FLEET_DATASET_ID],
    databaseNames: DATABASES,
  });
  await page.goto(`${stack.host}/qna-host.html`);
  await page.evaluate((config) => window.qnaHost.embed(config), {
    type: 'qna',
    embedUrl: `${stack.service}/qnaEmbed`,
    accessToken,
    tokenType: 1,
    datasetIds: [PRINT_FLEET_DATASET_ID],
    viewMode: 0,
    question: 'total pages by month',
  });
  await fill(page);
  await poll(() => page.evaluate(() => window.qnaHost.names().includes('visualRendered'))).toBe(true);
  const frame = frameOf('/qnaEmbed');
  expect(await problemsAtEverySize(frame, 'Q&A')).toEqual([]);
  // No empty band between the title and the plot: the chart's marks start within 80 pixels under the title.
  await page.setViewportSize({ width: 1440, height: 900 });
  await poll(() =>
    frame.evaluate(() => {
      // The title's text, not its box (a box stretched over the band would hide it).
      const heading = document.querySelector('.qna-answer .visual-title');
      const range = document.createRange();
      if (heading) range.selectNodeContents(heading);
      const title = heading ? range.getBoundingClientRect() : undefined;
      const tops = [...document.querySelectorAll('.qna-answer svg text')].map(
        (t) => t.getBoundingClientRect().top,
      );
      return title && tops.length > 0 ? Math.min(...tops) - title.bottom : Number.POSITIVE_INFINITY;
    }),
  ).toBeLessThan(80);
});

for (const [name, id] of [
  ['device alerts', DEVICE_ALERTS_REPORT_ID],
  ['invoice', INVOICE_REPORT_ID],
] as const) {
  test(`the ${name} paginated report fits every screen, its parameters a summary line with an Edit button on a phone`, async () => {
    test.setTimeout(60_000);
    const accessToken = await stack.embedToken({ paginatedReportIds: [id], databaseNames: DATABASES });
    await page.goto(`${stack.host}/paginated-host.html`);
    await page.evaluate((config) => window.paginatedHost.embed(config), {
      type: 'report',
      id,
      embedUrl: `${stack.service}/rdlEmbed?reportId=${id}&groupId=${WORKSPACE_ID}`,
      accessToken,
      tokenType: 1,
    });
    await fill(page);
    await poll(() => page.evaluate(() => window.paginatedHost.names().includes('rendered'))).toBe(true);
    const frame = frameOf('/rdlEmbed');
    expect(await problemsAtEverySize(frame, `${name} paginated report`)).toEqual([]);
    // On a phone the parameters are a summary line with an Edit button: the page keeps the frame's width and
    // nearly all of its height; Edit opens the form above the page.
    await page.setViewportSize({ width: 390, height: 844 });
    const viewport = () =>
      frame.evaluate(() => {
        const r = document.querySelector('.rdl-viewport')?.getBoundingClientRect();
        return r ? { width: Math.round(r.width), height: Math.round(r.height) } : undefined;
      });
    await poll(async () => (await viewport())?.width ?? 0).toBeGreaterThanOrEqual(390 * 0.95);
    expect((await viewport())?.height ?? 0).toBeGreaterThanOrEqual(844 * 0.8);
    expect(await frame.locator('.rdl-panel').count()).toBe(0);
    await frame.getByRole('button', { name: 'Edit' }).click();
    await expect(frame.locator('.rdl-panel')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
}
