/**
 * The Playwright fixtures of the SDK contract tests: the three servers (once per worker, so once for the
 * whole suite with `workers: 1`), and a `host` page with helpers to embed and to reach the fake frame.
 */
import { test as base, expect, type Frame, type Page } from '@playwright/test';
import type { FrameEvent } from '@portico/frame';
import type { HookName } from '@portico/protocol';
import type { Behaviour, EmbedHow, RecordedRequest, Settled } from '../fixtures/api.ts';
import { startSdkServers, type SdkServers } from './servers.ts';

export { expect };

/** `expect.poll` with short intervals: the frames answer in milliseconds, the defaults wait up to a second. */
export const poll = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { intervals: [10, 25, 50, 100], timeout: 10_000, ...(message ? { message } : {}) });

/** The report every test embeds unless it says otherwise (`url` is filled on the page). */
export const REPORT = { type: 'report', id: 'r1', accessToken: 'token-1', tokenType: 1 } as const;

/** The fake frame behind one embed, driven from the test. */
export class FakeFrame {
  constructor(readonly frame: Frame) {}

  requests(): Promise<RecordedRequest[]> {
    return this.frame.evaluate(() => window.fake.requests);
  }

  /** The requests of one call (by its protocol name), once at least `count` arrived. */
  async waitFor(call: string, count = 1): Promise<RecordedRequest[]> {
    let found: RecordedRequest[] = [];
    await poll(
      async () => (found = (await this.requests()).filter((r) => r.call === call)).length,
      `the frame receives ${count} ${call} request(s)`,
    ).toBeGreaterThanOrEqual(count);
    return found;
  }

  clear(): Promise<void> {
    return this.frame.evaluate(() => window.fake.clear());
  }

  behave(call: string, behaviour: Behaviour | null): Promise<void> {
    return this.frame.evaluate(([c, b]) => window.fake.behave(c, b), [call, behaviour] as const);
  }

  release(): Promise<void> {
    return this.frame.evaluate(() => window.fake.release());
  }

  raise(event: FrameEvent): Promise<Settled<null>> {
    return this.frame.evaluate((e) => window.fake.raise(e), event);
  }

  callHook(hook: HookName, body: unknown = {}): Promise<Settled<unknown>> {
    return this.frame.evaluate(([h, b]) => window.fake.callHook(h, b), [hook, body] as const);
  }
}

const uidOf = (url: string): string | null =>
  URL.canParse(url) ? new URL(url).searchParams.get('uid') : null;

export class Host {
  constructor(
    readonly page: Page,
    readonly servers: SdkServers,
  ) {}

  /** An embed URL on the frame's origin. */
  url(path: string, params: Record<string, string> = {}): string {
    const url = new URL(path, this.servers.frame);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /** Embeds `config` into the container `id` (`how`: embed, load, bootstrap, createReport, quickCreate). */
  embed(id: string, config: Record<string, unknown>, how: EmbedHow = 'embed'): Promise<string> {
    return this.page.evaluate(([i, c, h]) => window.t.embed(i, c, h), [id, config, how] as const);
  }

  /** Embeds the default report (with `overrides`) into `id` and returns its fake frame, once loaded. */
  async report(id = 'main', overrides: Record<string, unknown> = {}): Promise<FakeFrame> {
    const embedUrl = this.url('/reportEmbed', { reportId: 'r1', groupId: 'g1' });
    const uid = await this.embed(id, { ...REPORT, embedUrl, ...overrides });
    const frame = await this.frame(uid);
    await frame.waitFor('reportLoad');
    return frame;
  }

  /** The fake frame whose URL carries `uid=<uid>` (the SDK appends it to the iframe's `src`). */
  async frame(uid: string): Promise<FakeFrame> {
    let found: Frame | undefined;
    await poll(async () => {
      found = this.page.frames().find((f) => uidOf(f.url()) === uid);
      return found ? found.evaluate(() => typeof window.fake === 'object').catch(() => false) : false;
    }, `the frame of embed ${uid} loads`).toBe(true);
    return new FakeFrame(found as Frame);
  }

  /** Calls `target.method(...args)` on the embed in container `id`, settled as plain data. */
  invoke(id: string, target: string, method: string, args: unknown[] = []): Promise<Settled> {
    return this.page.evaluate(
      ([i, tg, m, a]) => window.t.invoke(i, tg as Parameters<typeof window.t.invoke>[1], m, a),
      [id, target, method, args] as const,
    );
  }
}

/** Opens the host page in `page` (for suites that share one page across tests). */
export async function openHost(page: Page, servers: SdkServers): Promise<Host> {
  await page.goto(`${servers.host}/host.html`);
  await page.waitForFunction(() => typeof window.t === 'object');
  return new Host(page, servers);
}

export const test = base.extend<{ host: Host }, { servers: SdkServers }>({
  servers: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const servers = await startSdkServers();
      await use(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],
  host: async ({ page, servers }, use) => {
    await use(await openHost(page, servers));
  },
});
