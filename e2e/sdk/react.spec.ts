/**
 * `@portico/embed-react` in Chromium: `<PowerBIEmbed>` rendered by react-dom on the host origin, against the
 * fake frame on another origin — it embeds on mount, calls the handler of the latest render, re-embeds when
 * the config changes by value and resets on unmount.
 */
import { Host, REPORT, expect, poll, test } from './support/fixtures.ts';

test('PowerBIEmbed embeds on mount, calls the latest handler, re-embeds on a changed config and resets on unmount', async ({
  page,
  servers,
}) => {
  await page.goto(`${servers.host}/react-host.html`);
  await page.waitForFunction(() => typeof window.r === 'object');
  const host = new Host(page, servers);
  const config = { ...REPORT, uniqueId: 'react-1', embedUrl: host.url('/reportEmbed', { reportId: 'r1' }) };
  const render = (next: Record<string, unknown>, label: string) =>
    page.evaluate(([c, l]) => window.r.render(c, l), [next, label] as const);

  await render(config, 'first');
  const frame = await host.frame('react-1');
  const [load] = await frame.waitFor('reportLoad');
  expect(load?.origin).toBe(servers.host);
  expect(load?.body).toMatchObject({ type: 'report', id: 'r1', accessToken: 'token-1', uniqueId: 'react-1' });
  expect(await page.evaluate(() => window.r.iframes())).toBe(1);

  // An equal config by value (a new object) and a new handler closure: no new load, the new closure runs.
  await render({ ...config }, 'second');
  expect(await frame.raise({ kind: 'report', eventName: 'loaded', body: null })).toMatchObject({ ok: true });
  await poll(() => page.evaluate(() => window.r.seen)).toEqual(['second']);
  expect((await frame.requests()).filter((request) => request.call === 'reportLoad')).toHaveLength(1);

  // The SDK skips a load within 100 ms of the previous one; a change by value then embeds again in place.
  await page.waitForTimeout(150);
  await render({ ...config, id: 'r2' }, 'third');
  const loads = await frame.waitFor('reportLoad', 2);
  expect(loads[1]?.body).toMatchObject({ id: 'r2', uniqueId: 'react-1' });
  await frame.raise({ kind: 'report', eventName: 'loaded', body: null });
  await poll(() => page.evaluate(() => window.r.seen)).toEqual(['second', 'third']);

  await page.evaluate(() => window.r.unmount());
  expect(await page.evaluate(() => [window.r.iframes(), window.r.components()])).toEqual([0, 0]);
  expect(page.frames().some((f) => f.url().includes('uid=react-1'))).toBe(false);
});
