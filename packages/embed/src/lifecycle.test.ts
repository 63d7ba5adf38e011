import { ErrorCode } from '@portico/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from './report.ts';
import { embedWithFrame, flush, reportConfig } from './test/fake-frame.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** A report whose frame never answers `GET /report/pages`. */
async function silentReport(serviceConfig = {}) {
  const embedded = embedWithFrame<Report>(reportConfig, { serviceConfig });
  await embedded.loaded();
  const never = () => new Promise(() => undefined);
  embedded.frame.router.get('/report/pages', never).get('/report/pages/:pageName/visuals', never);
  return embedded;
}

describe('every call can end', () => {
  it('rejects a call after 30 s without a reply with a TimeoutError', async () => {
    const { embed } = await silentReport();
    vi.useFakeTimers();
    const pages = embed.getPages();
    const outcome = expect(pages).rejects.toMatchObject({ name: 'EmbedError', errorCode: ErrorCode.Timeout });
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    pages.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('uses the timeout of the service, and a per-call one through withTimeout', async () => {
    const { embed } = await silentReport({ timeoutMs: 1_000 });
    vi.useFakeTimers();
    const slow = embed.getPages();
    const quick = embed.withTimeout(50).getPages();
    const quickPage = embed.withTimeout(60).page('p1').getVisuals();
    const quickOutcome = expect(quick).rejects.toMatchObject({
      errorCode: ErrorCode.Timeout,
      message: /within 50 ms/,
    });
    const pageOutcome = expect(quickPage).rejects.toMatchObject({
      errorCode: ErrorCode.Timeout,
      message: /within 60 ms/,
    });
    const slowOutcome = expect(slow).rejects.toMatchObject({
      errorCode: ErrorCode.Timeout,
      message: /within 1000 ms/,
    });
    await vi.advanceTimersByTimeAsync(60);
    await quickOutcome;
    await pageOutcome;
    await vi.advanceTimersByTimeAsync(940);
    await slowOutcome;
  });
});

describe('reset', () => {
  it('rejects pending calls and removes every event handler and listener, and is safe twice', async () => {
    const { service, element, embed, frame } = await silentReport();
    const handler = vi.fn();
    embed.on('loaded', handler);
    const pending = embed.getPages();
    await flush(1);

    service.reset(element);
    service.reset(element);
    await expect(pending).rejects.toMatchObject({ errorCode: ErrorCode.Cancelled });
    expect(embed.eventHandlers).toHaveLength(0);

    element.dispatchEvent(new CustomEvent('loaded'));
    frame.send({ method: 'POST', url: '/ready/u1', headers: { id: 'r' } });
    frame.send({ method: 'POST', url: '/reports/u1/events/loaded', headers: { id: 'l' } });
    embed.iframe.dispatchEvent(new Event('load'));
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(frame.requests().filter((request) => request.url !== '/report/pages')).toHaveLength(1);
    expect(frame.posted.filter((entry) => !('method' in (entry.message as object)))).toHaveLength(0);
  });

  it('rejects calls made after reset instead of posting them', async () => {
    const { service, element, embed } = await silentReport();
    service.reset(element);
    await expect(embed.getZoom()).rejects.toMatchObject({ name: 'EmbedError' });
  });
});
