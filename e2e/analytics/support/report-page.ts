/**
 * Helpers of the report contract tests: embedding the fleet overview in a host page, counting its events, finding
 * its frame, and running a report method in the host page to see how it settled.
 */
import { expect, test, type Browser, type Frame, type Page } from '@playwright/test';
import { REPORTS, WORKSPACE_ID, startStack, type Stack } from './stack.ts';

export const poll = <T>(fn: () => Promise<T>) =>
  expect.poll(fn, { intervals: [25, 50, 100, 250], timeout: 15_000 });

export interface EmbedOptions {
  permissions?: string;
  databaseNames?: string[];
  /** Merged into the embed configuration. */
  config?: Record<string, unknown>;
}

/** Opens the host page on `p` and embeds the fleet overview with a fresh token (fabrikam, View by default). */
export async function embedFleetOverview(stack: Stack, p: Page, options: EmbedOptions = {}): Promise<void> {
  const accessToken = await stack.embedToken({
    reportId: REPORTS.fleetOverview,
    databaseNames: options.databaseNames ?? ['fabrikam'],
    ...(options.permissions === undefined ? {} : { permissions: options.permissions }),
  });
  await p.goto(`${stack.host}/host.html`);
  const embedUrl = `${stack.service}/reportEmbed?reportId=${REPORTS.fleetOverview}&groupId=${WORKSPACE_ID}`;
  await p.evaluate((config) => window.analyticsHost.embed(config), {
    type: 'report',
    id: REPORTS.fleetOverview,
    embedUrl,
    accessToken,
    tokenType: 1,
    ...options.config,
  });
}

export const eventCount = (p: Page, name: string) =>
  p.evaluate((n) => window.analyticsHost.names().filter((e) => e === n).length, name);

export function frameOf(p: Page): Frame {
  const frame = p.frames().find((f) => f.url().includes('/reportEmbed'));
  if (!frame) throw new Error('no report frame');
  return frame;
}

/** Runs `script` (with `report` and `sdk` in scope) in the host page and returns how it settled. */
export const settle = (p: Page, script: string) =>
  p.evaluate(async (body) => {
    const report = window.analyticsHost.current();
    const sdk = window.analyticsHost.sdk;
    try {
      const run = new Function('report', 'sdk', `return (async () => { ${body} })()`) as (
        r: unknown,
        s: unknown,
      ) => Promise<unknown>;
      return {
        ok: true as const,
        value: JSON.parse(JSON.stringify((await run(report, sdk)) ?? null)) as unknown,
      };
    } catch (error) {
      const e = error as { message?: string; body?: unknown; statusCode?: number };
      return { ok: false as const, message: e.message, body: e.body ?? error, statusCode: e.statusCode };
    }
  }, script);

/** A spec file's analytics stack and host pages: see `reportHosts`. */
export interface ReportHosts {
  readonly stack: Stack;
  readonly browser: Browser;
  /** Embeds the fleet overview in `p` (a page of any context) and resolves once it has rendered. */
  embed(p: Page, options?: EmbedOptions): Promise<void>;
  /** A new page of the default context embedding the fleet overview, rendered; closed after the file's tests. */
  opened(options?: EmbedOptions): Promise<Page>;
  /** Closes `p` after the file's tests, even when a test fails before closing it. */
  track(p: Page): Page;
}

/**
 * Registers the file's `beforeAll` (the stack started) and `afterAll` (every tracked page closed, then the stack
 * stopped). Call once at the top of a serial spec file.
 */
export function reportHosts(): ReportHosts {
  let started: { stack: Stack; browser: Browser } | undefined;
  const pages: Page[] = [];
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    started = { stack: await startStack(), browser };
  });
  test.afterAll(async () => {
    await Promise.all(pages.map((p) => p.close()));
    await started?.stack.close();
  });
  const ready = () => {
    if (!started) throw new Error('reportHosts: used before the stack started');
    return started;
  };
  const hosts: ReportHosts = {
    get stack() {
      return ready().stack;
    },
    get browser() {
      return ready().browser;
    },
    async embed(p, options = {}) {
      await embedFleetOverview(hosts.stack, p, options);
      await poll(() => eventCount(p, 'rendered')).toBeGreaterThanOrEqual(1);
    },
    async opened(options = {}) {
      const p = hosts.track(await hosts.browser.newPage());
      await hosts.embed(p, options);
      return p;
    },
    track(p) {
      pages.push(p);
      return p;
    },
  };
  return hosts;
}
