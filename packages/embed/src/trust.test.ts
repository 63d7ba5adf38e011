import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALLOWED_HOSTS, hostAllowed } from './origins.ts';
import type { Report } from './report.ts';
import {
  FRAME_ORIGIN,
  embedWithFrame,
  fakeFrame,
  flush,
  newElement,
  newService,
  reportConfig,
} from './test/fake-frame.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const embedAt = (embedUrl: string, serviceConfig = {}) =>
  newService(serviceConfig).embed(newElement(), { ...reportConfig, embedUrl });

describe('which embed URLs are loaded', () => {
  it('refuses http, and allows http://localhost only when the service opts in', () => {
    expect(() => embedAt('http://app.powerbi.com/reportEmbed')).toThrow(
      'HTTP is not allowed. HTTPS is required',
    );
    expect(() => embedAt('http://localhost:4402/reportEmbed')).toThrow(
      'HTTP is not allowed. HTTPS is required',
    );
    expect(() => embedAt('http://app.powerbi.com/reportEmbed', { allowInsecureLocalhost: true })).toThrow(
      /HTTPS is required/,
    );
    expect(embedAt('http://localhost:4402/reportEmbed', { allowInsecureLocalhost: true }).origin).toBe(
      'http://localhost:4402',
    );
  });

  it('refuses a URL whose host is not on the allow-list, which the service can configure', () => {
    // powerbi-client 2.24's message, with the host named in the detailed message.
    expect(() => embedAt('https://evil.example/reportEmbed')).toThrow(
      expect.objectContaining({
        message:
          'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
        detailedMessage: 'evil.example is not in allowedHosts',
        errorCode: 'InvalidEmbedUrl',
      }),
    );
    expect(() => embedAt('https://powerbi.com.evil.example/reportEmbed')).toThrow(
      /Invalid embed URL detected/,
    );
    const report = embedAt('https://analytics.example.com/reportEmbed', {
      allowedHosts: ['analytics.example.com'],
    });
    expect(report.origin).toBe('https://analytics.example.com');
    expect(() =>
      embedAt('https://app.powerbi.com/reportEmbed', { allowedHosts: ['analytics.example.com'] }),
    ).toThrow(/Invalid embed URL detected/);
  });

  it('matches wildcard subdomains and ports as documented', () => {
    const url = (href: string) => new URL(href);
    expect(hostAllowed(url('https://app.powerbi.com/x'), DEFAULT_ALLOWED_HOSTS)).toBe(true);
    expect(hostAllowed(url('https://powerbi.com/x'), DEFAULT_ALLOWED_HOSTS)).toBe(false);
    expect(hostAllowed(url('https://a.b.analysis.windows.net/x'), DEFAULT_ALLOWED_HOSTS)).toBe(true);
    expect(hostAllowed(url('https://localhost:8443/x'), DEFAULT_ALLOWED_HOSTS)).toBe(true);
    expect(hostAllowed(url('https://host.example:8443/x'), ['host.example:8443'])).toBe(true);
    expect(hostAllowed(url('https://host.example:9443/x'), ['host.example:8443'])).toBe(false);
  });

  it('refuses an embed URL asking for auto-auth, even encoded', () => {
    const message =
      'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL';
    expect(() => embedAt(`${FRAME_ORIGIN}/reportEmbed?reportId=r1&autoAuth=true`)).toThrow(message);
    expect(() => embedAt(`${FRAME_ORIGIN}/reportEmbed?reportId=r1%26autoAuth%3Dtrue`)).toThrow(message);
  });

  it('checks a preloaded URL too', () => {
    expect(() => newService().preload({ embedUrl: 'http://app.powerbi.com/reportEmbed' })).toThrow(
      /HTTPS is required/,
    );
  });
});

describe('which messages are accepted', () => {
  const loadedEvent = { method: 'POST', url: '/reports/u1/events/loaded', headers: { id: 'e1' }, body: null };

  it('ignores events from the right window but another origin, and from another window at the right origin', async () => {
    const { element, frame } = embedWithFrame<Report>();
    const handler = vi.fn();
    element.addEventListener('loaded', handler);
    const attacker = fakeFrame();
    frame.send(loadedEvent, { origin: 'https://attacker.example' });
    frame.send(loadedEvent, { source: attacker.window });
    frame.send(loadedEvent, { source: null });
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(frame.posted).toHaveLength(0);

    frame.send(loadedEvent);
    await flush();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores a forged reply from another window, and settles the call with the real one', async () => {
    const { embed, frame, loaded } = embedWithFrame<Report>();
    await loaded();
    frame.router.get('/report/zoom', () => new Promise((resolve) => setTimeout(() => resolve(1), 20)));
    const zoom = embed.getZoom();
    await flush(1);
    const id = frame.requests().at(-1)?.headers.id;
    frame.send({ statusCode: 200, headers: { id }, body: 99 }, { source: fakeFrame().window });
    frame.send({ statusCode: 200, headers: { id }, body: 98 }, { origin: 'https://attacker.example' });
    await expect(zoom).resolves.toBe(1);
  });

  it('drops messages that are neither replies nor requests without throwing', async () => {
    const onError = vi.fn();
    const { frame } = embedWithFrame<Report>(reportConfig, { serviceConfig: { onError } });
    for (const data of [
      'text',
      42,
      null,
      { url: '/reports/u1/events/loaded' },
      { statusCode: 200, headers: {} },
    ])
      frame.send(data);
    await flush();
    expect(onError).not.toHaveBeenCalled();
    expect(frame.posted).toHaveLength(0);
  });

  it('keeps listening on the window only while an embed is connected', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const service = newService();
    const first = newElement();
    const second = newElement();
    service.embed(first, { ...reportConfig });
    service.embed(second, { ...reportConfig, uniqueId: 'u2' });
    const messageAdds = () => add.mock.calls.filter(([type]) => type === 'message').length;
    const messageRemoves = () => remove.mock.calls.filter(([type]) => type === 'message').length;
    expect(messageAdds()).toBe(1);
    service.reset(first);
    expect(messageRemoves()).toBe(0);
    service.reset(second);
    expect(messageRemoves()).toBe(1);
    add.mockRestore();
    remove.mockRestore();
  });
});
