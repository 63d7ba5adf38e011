/**
 * The minified UMD files in Chromium, as scripts of a page on the host's origin (built by the package's own
 * `scripts/bundles.mjs`): the core refuses Q&A, quick create and paginated reports until
 * `portico-embed-extras.min.js` is loaded after it; then they embed across origins against the fake frame,
 * and the add-on's kinds call the core's minified internals.
 */
import type { Page } from '@playwright/test';
// @ts-expect-error -- a plain ES module of the build scripts, without declarations
import * as bundles from '../../packages/embed/scripts/bundles.mjs';
import { Host, expect, test } from './support/fixtures.ts';
import type { SdkServers } from './support/servers.ts';

type Built = { code: string };
const { minifiedUmd, minifiedUmdExtras } = bundles as {
  minifiedUmd: () => Promise<Built>;
  minifiedUmdExtras: () => Promise<Built>;
};

let core = '';
let extras = '';

test.beforeAll(async () => {
  core = (await minifiedUmd()).code;
  extras = (await minifiedUmdExtras()).code;
});

/**
 * A page on the host's origin with the core UMD file, and the add-on after it when `withExtras`. The page is
 * the passive attacker fixture (it only records messages): a page Chromium got from the local server, since
 * one fulfilled by `page.route` counts as public and may not frame `127.0.0.1` (local network access).
 */
async function openUmdPage(page: Page, servers: SdkServers, withExtras: boolean): Promise<Host> {
  await page.goto(`${servers.host}/attacker.html`);
  await page.addScriptTag({ content: core });
  if (withExtras) await page.addScriptTag({ content: extras });
  return new Host(page, servers);
}

/** Embeds with `how` on a service that allows the frame's `http://127.0.0.1`; the thrown error's code, if any. */
function embed(page: Page, config: Record<string, unknown>, how: 'embed' | 'quickCreate' = 'embed') {
  return page.evaluate(
    ([c, h]) => {
      type Lib = {
        service: { Service: new (...args: unknown[]) => Record<string, (...args: unknown[]) => unknown> };
      };
      const lib = (window as unknown as Record<string, Lib>)['powerbi-client'] as Lib;
      const w = window as unknown as { umdService?: Record<string, (...args: unknown[]) => unknown> };
      w.umdService ??= new lib.service.Service(undefined, undefined, undefined, {
        allowInsecureLocalhost: true,
      });
      const element = document.createElement('div');
      element.style.height = '200px';
      document.body.append(element);
      try {
        w.umdService[h]?.(element, c);
        return { ok: true };
      } catch (error) {
        const { errorCode, message } = error as { errorCode?: string; message?: string };
        return { ok: false, errorCode, message };
      }
    },
    [config, how] as const,
  );
}

const qna = (host: Host, uniqueId: string) => ({
  type: 'qna',
  datasetIds: ['ds1'],
  embedUrl: host.url('/qnaEmbed'),
  accessToken: 'token-1',
  uniqueId,
});
const quick = (host: Host, uniqueId: string) => ({
  embedUrl: host.url('/quickCreate'),
  accessToken: 'token-1',
  uniqueId,
  datasetCreateConfig: { locale: 'en-US', mashupDocument: 'section Section1;' },
});
const rdl = (host: Host, uniqueId: string) => ({
  type: 'report',
  id: 'rdl1',
  embedUrl: host.url('/rdlEmbed', { reportId: 'rdl1' }),
  accessToken: 'token-1',
  uniqueId,
});

test('the core UMD file alone refuses Q&A, quick create and paginated reports, naming the add-on', async ({
  page,
  servers,
}) => {
  const host = await openUmdPage(page, servers, false);
  const refused = {
    ok: false,
    errorCode: 'NotSupported',
    message: expect.stringContaining('portico-embed-extras.min.js'),
  };
  expect(await embed(page, qna(host, 'q0'))).toEqual(refused);
  expect(await embed(page, quick(host, 'c0'), 'quickCreate')).toEqual(refused);
  expect(await embed(page, rdl(host, 'r0'))).toEqual(refused);
  const report = { ...rdl(host, 'r1'), id: 'r1', embedUrl: host.url('/reportEmbed', { reportId: 'r1' }) };
  expect(await embed(page, report)).toEqual({ ok: true });
  await (await host.frame('r1')).waitFor('reportLoad');
});

test('with the add-on after it, Q&A, quick create and paginated reports embed across origins', async ({
  page,
  servers,
}) => {
  const host = await openUmdPage(page, servers, true);
  expect(await embed(page, qna(host, 'q1'))).toEqual({ ok: true });
  const qnaFrame = await host.frame('q1');
  const [load] = await qnaFrame.waitFor('qnaLoad');
  expect(load?.body).toMatchObject({ type: 'qna', datasetIds: ['ds1'] });
  // setQuestion is the add-on's method on the core's request helper (renamed alike in both files).
  const asked = await page.evaluate(async () => {
    const service = (
      window as unknown as { umdService: { find(id: string): { setQuestion(q: string): Promise<unknown> } } }
    ).umdService;
    const reply = (await service.find('q1').setQuestion('sales by region')) as { statusCode: number };
    return reply.statusCode;
  });
  expect(asked).toBe(200);
  expect((await qnaFrame.waitFor('interpret'))[0]?.body).toEqual({ question: 'sales by region' });

  expect(await embed(page, quick(host, 'c1'), 'quickCreate')).toEqual({ ok: true });
  const [created] = await (await host.frame('c1')).waitFor('quickCreate');
  expect(created?.body).toMatchObject({ datasetCreateConfig: { locale: 'en-US' } });

  expect(await embed(page, rdl(host, 'r2'))).toEqual({ ok: true });
  await (await host.frame('r2')).waitFor('reportLoad');
  expect(await embed(page, { ...rdl(host, 'r3'), parameterValues: [{ value: 'x' }] })).toMatchObject({
    ok: false,
    errorCode: 'ValidationError',
    message: 'parameterValues property is invalid',
  });
});
