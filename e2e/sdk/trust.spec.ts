/**
 * The trust model in a real browser (spec "Origins checked on both ends"): the host posts only to the
 * embed's exact origin and accepts only its own iframe at that origin; the frame accepts only its parent
 * at an allowed origin. Attackers are real pages on other origins, in sibling iframes, in the embed's own
 * iframe after it navigated away, and around the frame as its parent.
 */
import { FRAME_PATHS } from './support/servers.ts';
import { PAGES } from './fixtures/answers.ts';
import { expect, poll, test, type Host } from './support/fixtures.ts';
import type { Frame } from '@playwright/test';

declare global {
  interface Window {
    pending?: Promise<unknown>;
  }
}

const UID = 'trusted';
const forgedEvent = (uid = UID) => ({
  method: 'POST',
  url: `/reports/${uid}/events/loaded`,
  headers: { id: 'forged-event' },
  body: { forged: true },
});

/** Waits for the Playwright frame whose URL starts with `prefix` and whose test API is ready. */
async function frameAt(host: Host, prefix: string, api: 'attacker' | 'fake'): Promise<Frame> {
  let found: Frame | undefined;
  await poll(async () => {
    found = host.page.frames().find((f) => f.url().startsWith(prefix));
    return found ? found.evaluate((name) => name in window, api).catch(() => false) : false;
  }).toBe(true);
  return found as Frame;
}

/** Starts `report.getPages()` on the page without waiting for it (`window.pending`). */
const startGetPages = (host: Host, timeoutMs: number) =>
  host.page.evaluate((ms) => {
    window.pending = window.t.settle(window.t.report('main').withTimeout(ms).getPages());
  }, timeoutMs);
const pending = (host: Host) => host.page.evaluate(() => window.pending);

test.beforeEach(async ({ host }) => {
  await host.page.evaluate(() => window.t.watch('loaded'));
});

test("requests go to the embed's exact origin: a page that replaced the frame at another origin receives none", async ({
  host,
  servers,
}) => {
  const frame = await host.report('main', { uniqueId: UID });
  const mismatch: string[] = [];
  host.page.on('console', (message) => {
    if (message.text().includes('postMessage')) mismatch.push(message.text());
  });
  await frame.frame.evaluate((url) => (location.href = url), `${servers.attacker}/attacker.html`);
  const attacker = await frameAt(host, servers.attacker, 'attacker');

  await startGetPages(host, 500);
  expect(await pending(host)).toMatchObject({
    ok: false,
    error: { isEmbedError: true, errorCode: 'TimeoutError' },
  });
  expect(await attacker.evaluate(() => window.attacker.received)).toEqual([]);
  // Chromium names both origins when it refuses to deliver: the SDK targeted the frame's origin, not '*'.
  expect(mismatch.join('\n')).toContain(`The target origin provided ('${servers.frame}')`);
  expect(mismatch.join('\n')).toContain(`recipient window's origin ('${servers.attacker}')`);
});

test('a page that replaced the frame at another origin can neither answer a pending call, knowing its id, nor raise events', async ({
  host,
  servers,
}) => {
  const frame = await host.report('main', { uniqueId: UID });
  await frame.behave('getPages', { hang: true });
  await startGetPages(host, 1_500);
  const [request] = await frame.waitFor('getPages');
  const id = request?.headers.id;
  await frame.frame.evaluate((url) => (location.href = url), `${servers.attacker}/attacker.html`);
  const attacker = await frameAt(host, servers.attacker, 'attacker');

  await attacker.evaluate(
    ([trackingId, event]) => {
      window.attacker.postToParent({ statusCode: 200, headers: { id: trackingId }, body: ['forged'] });
      window.attacker.postToParent(event);
    },
    [id, forgedEvent()] as const,
  );
  expect(await pending(host)).toMatchObject({ ok: false, error: { errorCode: 'TimeoutError' } });
  expect(await host.page.evaluate(() => window.t.events)).toEqual([]);
  // The host did not acknowledge the forged event either.
  expect(await attacker.evaluate(() => window.attacker.received)).toEqual([]);
});

for (const where of ['attacker', 'frame'] as const) {
  test(`an attacker iframe on the host page (at the ${where} origin) can neither answer a call, knowing its id, nor raise events`, async ({
    host,
    servers,
  }) => {
    const frame = await host.report('main', { uniqueId: UID });
    await host.page.evaluate((src) => window.t.addFrame('evil', src), `${servers[where]}/attacker.html`);
    const attacker = await frameAt(host, `${servers[where]}/attacker.html`, 'attacker');
    await frame.behave('getPages', { delayMs: 400 });
    await startGetPages(host, 5_000);
    const [request] = await frame.waitFor('getPages');

    await attacker.evaluate(
      ([trackingId, event]) => {
        window.attacker.postToParent({ statusCode: 200, headers: { id: trackingId }, body: ['forged'] });
        window.attacker.postToParent({
          statusCode: 500,
          headers: { id: trackingId },
          body: 'forged failure',
        });
        window.attacker.postToParent(event);
      },
      [request?.headers.id, forgedEvent()] as const,
    );
    expect(await pending(host)).toEqual({ ok: true, value: PAGES });
    expect(await host.page.evaluate(() => window.t.events)).toEqual([]);
    expect(await attacker.evaluate(() => window.attacker.received)).toEqual([]);

    // The embed's own frame is still heard.
    await frame.raise({ kind: 'report', eventName: 'loaded', body: { real: true } });
    await poll(() => host.page.evaluate(() => window.t.events.map((e) => e.detail))).toEqual([
      { real: true },
    ]);
  });
}

test("the frame ignores requests from a sibling iframe, even one at the host's own origin", async ({
  host,
  servers,
}) => {
  const frame = await host.report('main', { uniqueId: UID });
  await frame.clear();
  const request = { method: 'GET', url: '/report/pages', headers: { id: 'sibling-1', uid: UID } };
  for (const origin of [servers.attacker, servers.host]) {
    const id = `evil-${origin.length}-${origin.at(-1)}`;
    await host.page.evaluate(([i, src]) => window.t.addFrame(i, src), [
      id,
      `${origin}/attacker.html`,
    ] as const);
    const attacker = await frameAt(host, `${origin}/attacker.html`, 'attacker');
    // frames[0] is the embed's iframe: it was added to the page first.
    await attacker.evaluate((data) => window.attacker.postToSibling(0, data), request);
    await poll(() => frame.frame.evaluate(() => window.fake.dropped.map((d) => d.reason))).toContain(
      'source',
    );
    await host.page.waitForTimeout(100);
    expect(await attacker.evaluate(() => window.attacker.received)).toEqual([]);
    await frame.clear();
  }
  expect(await frame.requests()).toEqual([]);
});

test('the frame ignores requests from a parent page at an origin it does not allow, and answers it nothing', async ({
  page,
  servers,
}) => {
  await page.goto(`${servers.attacker}/attacker.html`);
  await page.evaluate(
    (src) => window.attacker.embedChild(src),
    `${servers.frame}${FRAME_PATHS[1]}?reportId=r1&uid=x`,
  );
  const frame = page.frames().find((f) => f.url().startsWith(servers.frame)) as Frame;
  await page.evaluate(() =>
    window.attacker.postToChild({ method: 'GET', url: '/report/pages', headers: { id: 'evil-1', uid: 'x' } }),
  );
  await poll(() => frame.evaluate(() => window.fake.dropped.map((d) => d.reason))).toEqual(['origin']);
  await page.waitForTimeout(100);
  expect(await frame.evaluate(() => window.fake.requests)).toEqual([]);
  expect(await page.evaluate(() => window.attacker.received)).toEqual([]);
});

test("malformed messages from the embed's own frame are dropped silently, and the embed keeps working", async ({
  host,
}) => {
  const frame = await host.report('main', { uniqueId: UID });
  const pageErrors: string[] = [];
  host.page.on('pageerror', (error) => pageErrors.push(error.message));
  await frame.frame.evaluate(() => {
    for (const data of [
      'hello',
      null,
      42,
      [1, 2],
      { statusCode: '200', headers: { id: 'x' } },
      { statusCode: 200, headers: {} },
      { statusCode: 200, headers: { id: 'nobody-waits-for-this' }, body: null },
      { method: 'POST', url: '/reports/trusted/events/loaded' },
      { method: 'TRACE', url: '/reports/trusted/events/loaded', headers: { id: 'x' } },
    ])
      window.fake.post(data);
  });
  expect(await host.invoke('main', 'embed', 'getPages')).toEqual({ ok: true, value: PAGES });
  expect(await host.page.evaluate(() => [window.t.errors, window.t.consoleErrors, window.t.events])).toEqual([
    [],
    [],
    [],
  ]);
  expect(pageErrors).toEqual([]);
});

test('an http embed URL is refused before any iframe exists unless the page opts in for localhost', async ({
  host,
}) => {
  const outcome = await host.page.evaluate((url) => {
    const strict = window.t.newService({ allowInsecureLocalhost: false });
    const element = window.t.element('strict');
    const refused = window.t.settle(() =>
      strict.embed(element, { type: 'report', id: 'r1', embedUrl: url, accessToken: 'a' }),
    );
    return refused.then((result) => ({ result, iframes: element.querySelectorAll('iframe').length }));
  }, host.url('/reportEmbed'));
  expect(outcome).toEqual({
    result: {
      ok: false,
      error: expect.objectContaining({
        message: 'HTTP is not allowed. HTTPS is required',
        errorCode: 'InvalidEmbedUrl',
      }),
    },
    iframes: 0,
  });
});
