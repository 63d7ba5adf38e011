/**
 * The benchmarks' browser: Debian's Chromium with the project's flags, and a context that serves the two
 * host pages and the fake frame from memory through request interception, on https origins (powerbi-client
 * 2.24 embeds only https URLs on Power BI hosts, so the fake frame lives at `https://bench.powerbi.com`).
 * Both SDKs talk to the same fake frame of the contract tests, bundled from source.
 */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { bundleFile, script } from '../../e2e/sdk/support/bundle.ts';
import { pageHtml, type Origins } from '../../e2e/sdk/support/servers.ts';
import type { BenchApi } from './bench-api.ts';

export const ORIGINS: Origins = {
  host: 'https://host.portico.test',
  frame: 'https://bench.powerbi.com',
  attacker: 'https://attacker.portico.test',
};
/** The fake frame as both SDKs embed it; it raises `loaded` after each load. */
export const EMBED_URL = `${ORIGINS.frame}/reportEmbed?reportId=r1&raiseLoaded=1`;

const pages = path.resolve(import.meta.dirname, 'pages');
export const HOSTS = { portico: 'portico-host', pbi: 'pbi-host' } as const;
export type HostName = keyof typeof HOSTS;

async function body(pathname: string): Promise<{ type: string; text: string } | undefined> {
  const js = /^\/([\w-]+)\.js$/.exec(pathname)?.[1];
  if (js === 'frame') return { type: 'text/javascript', text: await script('frame') };
  if (js === HOSTS.portico || js === HOSTS.pbi) {
    return { type: 'text/javascript', text: await bundleFile(path.join(pages, `${js}.ts`)) };
  }
  if (pathname === '/reportEmbed') return { type: 'text/html', text: pageHtml('frame', ORIGINS) };
  const host = Object.values(HOSTS).find((name) => pathname === `/${name}.html`);
  if (host) return { type: 'text/html', text: pageHtml(host, ORIGINS) };
  return undefined;
}

export interface BenchBrowser {
  browser: Browser;
  context: BrowserContext;
  /** Opens a host page and resolves once `window.bench` is there. */
  open(host: HostName): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, without the background work that adds noise to timings. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function launch(): Promise<BenchBrowser> {
  const browser = await launchChromium();
  const context = await browser.newContext();
  await context.route('**/*', async (route) => {
    const found = await body(new URL(route.request().url()).pathname);
    // Cross-origin isolation, so that performance.now() has 5 µs resolution instead of 100 µs; the frame's
    // document opts in to being embedded across origins.
    const headers = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (found) await route.fulfill({ status: 200, contentType: found.type, body: found.text, headers });
    else await route.fulfill({ status: 404, body: '' });
  });
  return {
    browser,
    context,
    async open(host) {
      const page = await context.newPage();
      await page.goto(`${ORIGINS.host}/${HOSTS[host]}.html`);
      await page.waitForFunction(() => typeof window.bench === 'object');
      if (!(await page.evaluate(() => crossOriginIsolated)))
        throw new Error('the host page is not cross-origin isolated');
      return page;
    },
    close: () => browser.close(),
  };
}

/** Runs `fn` in the page against its `window.bench` (`fn` is sent as source: it closes over nothing). */
export async function inPage<A, R>(
  page: Page,
  fn: (bench: BenchApi, arg: A) => Promise<R>,
  arg: A,
): Promise<R> {
  const handle = await page.evaluateHandle(() => window.bench);
  return handle.evaluate(fn as (bench: BenchApi, arg: unknown) => Promise<R>, arg);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
