/**
 * Screenshots of every page of every sample report, each dashboard, the Q&A and each paginated report, at the four
 * sizes a customer uses: 1440×900, 1024×768, 390×844 and 1280×720 at 200 % zoom (a 640×360 window at device scale factor 2). The embed
 * fills the window, as in a host page that gives the report the whole screen. Against the real analytics service
 * on the default data (fleet-data scale 1, every sample account visible), driven by `@portico/embed` from a host
 * page on another origin.
 *
 *   node --import tsx e2e/analytics/screenshots.ts [filter]   # writes e2e/analytics/.screenshots/*.png (git-ignored)
 *
 * Where the embed scrolls (a phone, 200 % zoom, a tall page), a second shot, `…-whole.png`, shows the rest: the window
 * grown by what the scrolling box hides (at most 2400 CSS pixels), so every visual is looked at, not only the top.
 *
 * `filter` keeps the shots whose name contains it (`fleet-overview`, `390x844`). `SCREENSHOT_LANGUAGE=de` (or `ja`…)
 * embeds every kind in that language (captions, numbers, dates and the frame's wording) and adds `-de` to the files'
 * names. The stack is `support/sample-stack.ts` (shared with `bench/page-render.ts`): the default data is loaded once
 * into `${BENCH_DATA_DIR:-$TMPDIR/portico-bench}` and reused.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SAMPLE_REPORTS, PRINT_FLEET_DATASET_ID } from '../../apps/analytics/src/models/built-in.ts';
import {
  FLEET_DASHBOARD_ID,
  SUPPLIES_DASHBOARD_ID,
} from '../../apps/analytics/src/kinds/dashboards/samples.ts';
import { DEVICE_ALERTS_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/device-alerts.ts';
import { INVOICE_REPORT_ID } from '../../apps/analytics/src/kinds/paginated/samples/invoice.ts';
import { WORKSPACE_ID, reportConfig, startSampleStack } from './support/sample-stack.ts';

const out = path.join(import.meta.dirname, '.screenshots');
const only = process.argv[2] ?? '';
const language = process.env['SCREENSHOT_LANGUAGE'] ?? '';
/** The language on the embed URLs of the kinds whose loads carry no `localeSettings` (as the SDK adds it). */
const inLanguage = language ? `&language=${encodeURIComponent(language)}` : '';
/** Every kind of embed in the language (the SDK puts it in the embed URL, where each frame reads it). */
const locale = language ? { settings: { localeSettings: { language } } } : {};

const SIZES = [
  { name: '1440x900', width: 1440, height: 900, scale: 1 },
  { name: '1024x768', width: 1024, height: 768, scale: 1 },
  { name: '390x844', width: 390, height: 844, scale: 1 },
  // A 1280×720 screen at 200 % zoom: a 640×360 CSS-pixel window drawn with two device pixels per CSS pixel.
  { name: '1280x720-zoom200', width: 640, height: 360, scale: 2 },
] as const;

/** The most a "-whole" shot grows the window by (a long table page would make a very tall image). */
const MAX_WHOLE_PX = 2400;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

mkdirSync(out, { recursive: true });
const stack = await startSampleStack();
const serviceUrl = stack.service;
const host = stack.host;

try {
  const accessToken = await stack.embedToken({
    reports: SAMPLE_REPORTS.map((r) => r.id),
    datasets: [PRINT_FLEET_DATASET_ID],
    dashboards: [FLEET_DASHBOARD_ID, SUPPLIES_DASHBOARD_ID],
    paginatedReports: [DEVICE_ALERTS_REPORT_ID, INVOICE_REPORT_ID],
    lifetimeMinutes: 60,
  });

  /** The embed's element grows to the window (the fixtures make a fixed-size one). */
  const fill = (p: Page) =>
    p.evaluate(() => {
      const iframe = document.querySelector('iframe');
      const element = iframe?.parentElement;
      if (element) element.style.cssText = 'position:fixed;inset:0';
      document.body.style.overflow = 'hidden';
    });
  const until = async (p: Page, test: string) => {
    await p.waitForFunction(test, undefined, { timeout: 30_000, polling: 100 });
    await p.waitForTimeout(700);
  };

  const shots: { name: string; take: (p: Page) => Promise<void> }[] = [];
  for (const report of SAMPLE_REPORTS) {
    for (const page of report.definition.pages.filter((pg) => pg.visibility === 0)) {
      shots.push({
        name: `report-${slug(report.name)}-${slug(page.displayName)}`,
        async take(p) {
          await p.goto(`${host}/host.html`);
          await p.evaluate(
            (c) => window.analyticsHost.embed(c),
            reportConfig(stack, report.id, accessToken, { pageName: page.name, language }),
          );
          await fill(p);
          await until(p, `window.analyticsHost.names().includes('rendered')`);
        },
      });
    }
  }
  for (const [name, id] of [
    ['fleet', FLEET_DASHBOARD_ID],
    ['supplies', SUPPLIES_DASHBOARD_ID],
  ] as const) {
    shots.push({
      name: `dashboard-${name}`,
      async take(p) {
        await p.goto(`${host}/dashboard-host.html`);
        await p.evaluate((c) => window.dashboardHost.embed(c, { width: 100, height: 100 }), {
          type: 'dashboard',
          id,
          embedUrl: `${serviceUrl}/dashboardEmbed?dashboardId=${id}&groupId=${WORKSPACE_ID}${inLanguage}`,
          accessToken,
          tokenType: 1,
          ...locale,
        });
        await fill(p);
        // Every tile painted (its answer drawn), not only the dashboard loaded: a fixed wait after `loaded` could
        // shoot tiles still waiting for their data on a busy machine.
        await until(p, `window.dashboardHost.names(0).includes('rendered')`);
      },
    });
  }
  shots.push({
    name: 'qna-pages-per-month',
    async take(p) {
      await p.goto(`${host}/qna-host.html`);
      await p.evaluate((c) => window.qnaHost.embed(c), {
        type: 'qna',
        embedUrl: `${serviceUrl}/qnaEmbed${inLanguage.replace('&', '?')}`,
        accessToken,
        tokenType: 1,
        datasetIds: [PRINT_FLEET_DATASET_ID],
        viewMode: 0,
        question: 'total pages by month',
        ...locale,
      });
      await fill(p);
      await until(p, `window.qnaHost.names().includes('visualRendered')`);
    },
  });
  for (const [name, id] of [
    ['device-alerts', DEVICE_ALERTS_REPORT_ID],
    ['invoice', INVOICE_REPORT_ID],
  ] as const) {
    shots.push({
      name: `paginated-${name}`,
      async take(p) {
        await p.goto(`${host}/paginated-host.html`);
        await p.evaluate((c) => window.paginatedHost.embed(c), {
          type: 'report',
          id,
          embedUrl: `${serviceUrl}/rdlEmbed?reportId=${id}&groupId=${WORKSPACE_ID}${inLanguage}`,
          accessToken,
          tokenType: 1,
          ...locale,
        });
        await fill(p);
        await until(p, `window.paginatedHost.names().includes('rendered')`);
      },
    });
  }

  /** The most any scrolling box in the embed's frames hides below its bottom edge, in CSS pixels. */
  const hiddenHeight = async (p: Page): Promise<number> => {
    let most = 0;
    for (const frame of p.frames()) {
      if (frame === p.mainFrame()) continue;
      const hidden = await frame
        .evaluate(() =>
          Math.max(
            0,
            ...[...document.querySelectorAll<HTMLElement>('*')]
              .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
              // A table's own scrolling box keeps the visual's height in any window: growing the window for its
              // rows made a 3,300-pixel shot of blank canvas.
              .filter((e) => !e.matches('.table-scroll'))
              .filter((e) => e.getBoundingClientRect().height > window.innerHeight * 0.8)
              .map((e) => e.scrollHeight - e.clientHeight),
          ),
        )
        .catch(() => 0);
      most = Math.max(most, hidden);
    }
    return most;
  };

  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    // Scrollbars as a customer sees them (Playwright hides them by default).
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
      });
      for (const shot of shots) {
        const file = `${shot.name}-${size.name}${language ? `-${language}` : ''}.png`;
        if (only && !file.includes(only)) continue;
        const p = await context.newPage();
        try {
          await shot.take(p);
          await p.mouse.move(0, 0);
          await p.screenshot({ path: path.join(out, file) });
          console.info(`e2e/analytics/.screenshots/${file}`);
          // What the viewer scrolls to: the window grown by what the embed's scrolling box hides (a phone, 200 %).
          const hidden = shot.name.startsWith('paginated-') ? 0 : await hiddenHeight(p);
          if (hidden > 40) {
            const whole = file.replace(/\.png$/, '-whole.png');
            await p.setViewportSize({
              width: size.width,
              height: size.height + Math.min(hidden, MAX_WHOLE_PX),
            });
            await p.waitForTimeout(1200);
            await p.mouse.move(0, 0);
            await p.screenshot({ path: path.join(out, whole) });
            console.info(`e2e/analytics/.screenshots/${whole}`);
          }
        } catch (error) {
          console.error(`${file}: ${String(error)}`);
        } finally {
          await p.close();
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.close();
}
