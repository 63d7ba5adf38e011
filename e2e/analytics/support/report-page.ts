/**
 * Helpers of the report contract tests: embedding the fleet overview in a host page, counting its events, finding
 * its frame, and running a report method in the host page to see how it settled.
 */
import { expect, type Frame, type Page } from '@playwright/test';
import { REPORTS, WORKSPACE_ID, type Stack } from './stack.ts';

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
