/**
 * Page render: load-to-`rendered` time of the fleet overview page in Chromium against the real analytics service
 * on the default data (fleet-data scale 1, every sample account visible), driven by `@portico/embed` from a host
 * page on another origin. `embed()` to the `rendered` event (every visual's query answered and painted), in a fresh
 * browser context per run (nothing cached: a first visit) and again in one warm context (the frame's assets
 * cached, as on a second visit). Prints both medians and the ratio to the 1 s goal.
 *
 *   node --import tsx bench/page-render.ts [runs=11]
 *
 * `BENCH_SCREENSHOT=/tmp/overview.png` also saves a screenshot of the first rendered page (1280×760 frame).
 *
 * The stack (`e2e/analytics/support/sample-stack.ts`, shared with the screenshot script): the default data is
 * loaded once into `${BENCH_DATA_DIR:-$TMPDIR/portico-bench}/analytics/fleet.duckdb` (about 5 s) and reused by later
 * runs; the frame is built from the working tree with Vite on every run.
 */
import { loadavg } from 'node:os';
import type { BrowserContext } from '@playwright/test';
import { FLEET_OVERVIEW_ID, reportConfig, startSampleStack } from '../e2e/analytics/support/sample-stack.ts';
import { launchChromium, median } from './support/browser.ts';

const RUNS = Math.max(10, Number(process.argv[2] ?? 11));
const GOAL_MS = 1000;

const stack = await startSampleStack();
console.info(`frame built in ${(stack.startup.buildMs / 1000).toFixed(1)} s`);
console.info(
  stack.startup.dataReused
    ? 'default data reused'
    : `default data loaded in ${(stack.startup.loadMs / 1000).toFixed(1)} s`,
);
try {
  const embedToken = () => stack.embedToken({ reports: [FLEET_OVERVIEW_ID] });

  const browser = await launchChromium();
  let shot = false;
  /** One embed: milliseconds from `embed()` to `loaded` and to `rendered`. */
  const renderOnce = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto(`${stack.host}/host.html`);
    const config = reportConfig(stack, FLEET_OVERVIEW_ID, await embedToken());
    const times = await page.evaluate(
      (c) =>
        new Promise<{ loaded: number; rendered: number }>((resolve, reject) => {
          const started = performance.now();
          let loaded = Number.NaN;
          window.analyticsHost.embed(c);
          const report = window.analyticsHost.current();
          report.on('loaded', () => (loaded = performance.now() - started));
          report.on('rendered', () => resolve({ loaded, rendered: performance.now() - started }));
          report.on('error', (event) => reject(new Error(JSON.stringify(event.detail))));
          setTimeout(() => reject(new Error('no rendered event within 30 s')), 30_000);
        }),
      config,
    );
    const screenshot = process.env.BENCH_SCREENSHOT;
    if (screenshot && !shot) {
      shot = true;
      await page.waitForTimeout(500);
      await page.screenshot({ path: screenshot });
    }
    await page.close();
    return times;
  };

  try {
    const cold: { loaded: number; rendered: number }[] = [];
    const warm: { loaded: number; rendered: number }[] = [];
    const warmContext = await browser.newContext();
    await renderOnce(warmContext); // fills the warm context's cache
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      cold.push(await renderOnce(context));
      await context.close();
      warm.push(await renderOnce(warmContext));
    }
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    const line = (name: string, samples: typeof cold) =>
      `  ${name}  loaded ${ms(samples.map((s) => s.loaded))}, rendered median ${ms(samples.map((s) => s.rendered))}` +
      ` (min ${Math.min(...samples.map((s) => s.rendered)).toFixed(0)}, max ${Math.max(...samples.map((s) => s.rendered)).toFixed(0)})`;
    console.log(
      `fleet overview, embed() to rendered in Chromium, ${RUNS} runs each (default data, every account);` +
        ` load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    console.log(line('first visit (fresh context)', cold));
    console.log(line('second visit (cached assets)', warm));
    const coldMedian = median(cold.map((s) => s.rendered));
    const ratio = coldMedian / GOAL_MS;
    console.log(
      `RESULT page-render: ${coldMedian.toFixed(0)} ms first visit, ${median(warm.map((s) => s.rendered)).toFixed(0)} ms cached; ratio to the 1 s goal ${ratio.toFixed(2)} (goal < 1.0: ${ratio < 1 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await stack.close();
}
