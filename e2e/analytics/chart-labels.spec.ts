/**
 * Chart labels of the fleet overview in Chromium, read from the SVG the frame's ECharts draws: in a 1280×760 frame
 * every data label of the top-models bar chart shows; in a small frame (480×320, a tile's size) labels that do not
 * fit are hidden, so no two visible labels of a chart (data labels and axis labels alike) overlap, while the biggest
 * bar keeps its value and the tooltip still gives the others.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { SAMPLE_ACCOUNTS } from '@portico/fleet-data';
import { embedFleetOverview, eventCount, frameOf, poll, settle } from './support/report-page.ts';
import { startStack, type Stack } from './support/stack.ts';

test.describe.configure({ mode: 'serial' });

let stack: Stack;
let page: Page;

/** A drawn label: its text and the box of its glyphs in the frame's pixels. */
interface Box {
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const CHARTS = ['pages-per-month', 'printers-by-manufacturer', 'top-models'] as const;

/**
 * The visible text of a chart visual's SVG. A `<text>`'s client box is its font's line box (ascent to descent,
 * 12 px for 11-px text here); the box kept is the ink of its glyphs, measured with the same font on a canvas, and
 * cut to the clip paths around it (a scrolling legend clips the items it does not show).
 */
function labelsOf(frame: Frame, visual: string): Promise<Box[]> {
  return frame.locator(`section[data-visual="${visual}"] svg`).evaluate((svg) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    const origin = svg.getBoundingClientRect();
    const boxes: Box[] = [];
    for (const text of svg.querySelectorAll('text')) {
      const style = getComputedStyle(text);
      const content = text.textContent ?? '';
      const client = text.getBoundingClientRect();
      if (style.display === 'none' || style.visibility === 'hidden' || content.trim() === '') continue;
      if (Number(style.opacity) === 0 || Number(style.fillOpacity) === 0 || client.width === 0) continue;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const metrics = context.measureText(content);
      const baseline = client.top + metrics.fontBoundingBoxAscent;
      let box = {
        text: content,
        left: client.left,
        right: client.right,
        top: baseline - metrics.actualBoundingBoxAscent,
        bottom: baseline + metrics.actualBoundingBoxDescent,
      };
      // zrender draws in the SVG's own pixels: a clip shape's box is its bounding box moved by the SVG's corner.
      for (let node: Element | null = text; node && node !== svg; node = node.parentElement) {
        const id = /url\(["']?#([^"')]+)/.exec(node.getAttribute('clip-path') ?? '')?.[1];
        const shape = id ? svg.querySelector(`[id="${id}"] > *`) : null;
        if (!(shape instanceof SVGGraphicsElement)) continue;
        const clip = shape.getBBox();
        box = {
          ...box,
          left: Math.max(box.left, origin.left + clip.x),
          right: Math.min(box.right, origin.left + clip.x + clip.width),
          top: Math.max(box.top, origin.top + clip.y),
          bottom: Math.min(box.bottom, origin.top + clip.y + clip.height),
        };
      }
      if (box.right > box.left && box.bottom > box.top) boxes.push(box);
    }
    return boxes;
  });
}

/** Pairs of boxes that share some area. */
function overlapping(boxes: readonly Box[]): string[] {
  const pairs: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0 && y > 0) pairs.push(`'${a.text}' and '${b.text}'`);
    }
  });
  return pairs;
}

/** The top-models values as the chart writes them (`#,0`), largest first. */
async function topModelValues(): Promise<string[]> {
  const result = await settle(
    page,
    `const v = await report.page('overview').getVisualByName('top-models');
     return (await v.exportData(0)).data;`,
  );
  if (!result.ok) throw new Error(`export failed: ${JSON.stringify(result)}`);
  return String(result.value)
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => Number(line.slice(line.lastIndexOf(',') + 1)))
    .sort((a, b) => b - a)
    .map((value) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value));
}

/** Resizes the element the report is embedded in and waits until every chart has been drawn again, stable. */
async function resizeFrame(width: number, height: number): Promise<void> {
  await page.evaluate(
    ([w, h]) => {
      const holder = document.querySelector('iframe')?.parentElement;
      if (holder) holder.style.cssText = `width:${w}px;height:${h}px`;
    },
    [width, height] as const,
  );
  const frame = frameOf(page);
  await poll(() =>
    frame
      .locator('section[data-visual="top-models"] svg')
      .evaluate((svg) => svg.getBoundingClientRect().right),
  ).toBeLessThanOrEqual(width);
  // Drawn again after the resize: the labels read twice in a row are the same.
  let previous = '';
  await poll(async () => {
    const now = JSON.stringify(await Promise.all(CHARTS.map((name) => labelsOf(frame, name))));
    const stable = now === previous;
    previous = now;
    return stable;
  }).toBe(true);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  stack = await startStack();
  page = await browser.newPage();
  // Every account, so the top-models chart has its ten bars; no panes, as a host embedding a small frame would.
  // A custom layout (layoutType 1) keeps the page whole, scaled into the small frame: the report's own layout
  // stacks its visuals in one column there instead (report-canvas.spec.ts), where the labels have room.
  await embedFleetOverview(stack, page, {
    databaseNames: SAMPLE_ACCOUNTS.map((a) => a.databaseName),
    config: {
      settings: {
        layoutType: 1,
        panes: { filters: { visible: false }, pageNavigation: { visible: false } },
      },
    },
  });
  await poll(() => eventCount(page, 'rendered')).toBeGreaterThanOrEqual(1);
});

test.afterAll(async () => {
  await page?.close();
  await stack?.close();
});

test('a 1280×760 frame shows the value of every bar of the top-models chart, overlapping nothing', async () => {
  await resizeFrame(1280, 760);
  const values = await topModelValues();
  expect(values.length).toBeGreaterThanOrEqual(8);
  const labels = await labelsOf(frameOf(page), 'top-models');
  const shown = labels.map((l) => l.text);
  for (const value of values) expect(shown).toContain(value);
  expect(overlapping(labels)).toEqual([]);
});

test('in a 480×320 frame no two visible labels of a chart overlap, and the biggest bar keeps its value', async () => {
  const values = await topModelValues();
  await resizeFrame(480, 320);
  const frame = frameOf(page);
  const drawn = await Promise.all(
    CHARTS.map(async (chart) => [chart, await labelsOf(frame, chart)] as const),
  );
  for (const [chart, labels] of drawn) expect(labels.length, `${chart} draws labels`).toBeGreaterThan(0);
  expect(Object.fromEntries(drawn.map(([chart, labels]) => [chart, overlapping(labels)]))).toEqual({
    'top-models': [],
    'pages-per-month': [],
    'printers-by-manufacturer': [],
  });
  const shown = (await labelsOf(frame, 'top-models')).map((l) => l.text);
  const dataLabels = values.filter((value) => shown.includes(value));
  expect(dataLabels).toContain(values[0]);
  // The bars are thinner than a label: some values are left to the tooltip.
  expect(dataLabels.length).toBeLessThan(values.length);
});

test('in a small frame the tooltip still gives the value of a bar whose label is hidden', async () => {
  const values = await topModelValues();
  await resizeFrame(480, 320);
  const frame = frameOf(page);
  const shown = new Set((await labelsOf(frame, 'top-models')).map((l) => l.text));
  const hidden = values.find((value) => !shown.has(value));
  if (hidden === undefined) throw new Error('every label is shown');
  const chart = frame.locator('section[data-visual="top-models"] .chart');
  // Hover each bar (the chart's filled shapes, a few pixels high) until the tooltip names the hidden value.
  const bars = await chart.evaluate((div) =>
    [...div.querySelectorAll('svg path')]
      .map((path) => path.getBoundingClientRect())
      .filter((r) => r.height > 0 && r.width > 0 && r.height < 40)
      .map((r) => ({ x: r.left + Math.min(r.width / 2, 4), y: r.top + r.height / 2 })),
  );
  const frameBox = await page.locator('iframe').boundingBox();
  if (!frameBox) throw new Error('no iframe box');
  const tooltips: string[] = [];
  for (const bar of bars) {
    await page.mouse.move(frameBox.x + bar.x, frameBox.y + bar.y);
    const tip = chart.locator('div').filter({ hasText: 'Total pages' }).last();
    if (await tip.isVisible()) tooltips.push(await tip.innerText());
    if (tooltips.some((t) => t.includes(hidden))) break;
  }
  expect(tooltips.join(' | ')).toContain(hidden);
});
