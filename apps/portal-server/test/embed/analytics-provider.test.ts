import { describe, expect, it } from 'vitest';
import { createAnalyticsProvider } from '../../src/embed/analytics-provider.ts';

/** A fake analytics API: records calls, issues tokens that expire in `expiresIn` seconds. */
function fakeAnalytics(expiresIn = 900) {
  const calls: { url: string; body: string | undefined; authorization: string | undefined }[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, body: init.body as string | undefined, authorization: headers['authorization'] });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url.endsWith('/oauth/token'))
      return json(200, { access_token: `at-${calls.length}`, expires_in: expiresIn });
    if (url.endsWith('/v1/workspaces')) return json(200, { value: [{ id: 'ws' }] });
    if (url.endsWith('/v1/workspaces/ws/reports?language=de')) {
      return json(200, {
        value: [{ id: 'r1', name: 'Eins', workspaceId: 'ws', embedUrl: 'http://a/e?r=r1' }],
      });
    }
    if (url.endsWith('/v1/workspaces/ws/reports')) {
      return json(200, {
        value: [{ id: 'r1', name: 'One', workspaceId: 'ws', embedUrl: 'http://a/e?r=r1' }],
      });
    }
    if (url.endsWith('/v1/embed-tokens'))
      return json(200, { token: 'et', tokenId: 'tid', expiration: 'soon' });
    return json(404, {});
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

/** A provider talking to `api` with a client id and secret. */
const providerOn = (api: ReturnType<typeof fakeAnalytics>) =>
  createAnalyticsProvider({ url: 'http://a', clientId: 'p', clientSecret: 's', fetch: api.fetch });

describe('createAnalyticsProvider', () => {
  it('lists the reports of every workspace with one client-credentials token, kept until near expiry', async () => {
    const api = fakeAnalytics();
    const clock = { now: 0 };
    const provider = createAnalyticsProvider({
      url: 'http://a',
      clientId: 'portal',
      clientSecret: 's3cret',
      fetch: api.fetch,
      now: () => clock.now,
      listTtlMs: 0,
    });
    expect(await provider.listReports()).toEqual([{ workspaceId: 'ws', reportId: 'r1', reportName: 'One' }]);
    await provider.listReports();
    expect(api.calls.filter((c) => c.url.endsWith('/oauth/token'))).toHaveLength(1);
    expect(api.calls[0]?.authorization).toBe(`Basic ${Buffer.from('portal:s3cret').toString('base64')}`);
    clock.now = 900_000 - 10_000;
    await provider.listReports();
    expect(api.calls.filter((c) => c.url.endsWith('/oauth/token'))).toHaveLength(2);
  });

  it("lists the reports named in the caller's language, keeping one list per language", async () => {
    const api = fakeAnalytics();
    const provider = providerOn(api);
    expect(await provider.listReports('de')).toEqual([
      { workspaceId: 'ws', reportId: 'r1', reportName: 'Eins' },
    ]);
    expect(await provider.listReports()).toEqual([{ workspaceId: 'ws', reportId: 'r1', reportName: 'One' }]);
    await provider.listReports('de');
    expect(api.calls.filter((c) => c.url.includes('/reports?language=de'))).toHaveLength(1);
    const info = await provider.embedInfo({
      workspaceId: 'ws',
      reportId: 'r1',
      databaseNames: ['fabrikam'],
      allowedOrigins: [],
      viewer: 'sub-bob',
      language: 'de',
    });
    expect(info?.embedReport[0]?.reportName).toBe('Eins');
  });

  it('asks for an embed token with the given accounts, viewer and origins, View only', async () => {
    const api = fakeAnalytics();
    const provider = providerOn(api);
    const info = await provider.embedInfo({
      workspaceId: 'ws',
      reportId: 'r1',
      databaseNames: ['fabrikam'],
      allowedOrigins: ['http://localhost:4400'],
      viewer: 'sub-bob',
    });
    expect(info).toEqual({
      embedReport: [{ reportId: 'r1', embedUrl: 'http://a/e?r=r1', reportName: 'One' }],
      embedToken: { token: 'et', tokenId: 'tid', expiration: 'soon' },
    });
    const request = api.calls.find((c) => c.url.endsWith('/v1/embed-tokens'));
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      reports: [{ id: 'r1' }],
      permissions: 'View',
      identities: [{ databaseNames: ['fabrikam'], username: 'sub-bob' }],
      allowedOrigins: ['http://localhost:4400'],
    });
    expect(
      await provider.embedInfo({
        workspaceId: 'other',
        reportId: 'r1',
        databaseNames: ['x'],
        allowedOrigins: [],
        viewer: 'sub-bob',
      }),
    ).toBeUndefined();
  });

  it('leaves out a viewer id longer than the service takes instead of failing the embed', async () => {
    const api = fakeAnalytics();
    const provider = providerOn(api);
    const request = { workspaceId: 'ws', reportId: 'r1', databaseNames: ['fabrikam'], allowedOrigins: [] };
    await provider.embedInfo({ ...request, viewer: 'x'.repeat(256) });
    await provider.embedInfo({ ...request, viewer: 'x'.repeat(257) });
    const identities = api.calls
      .filter((c) => c.url.endsWith('/v1/embed-tokens'))
      .map((c) => (JSON.parse(c.body ?? '{}') as { identities: unknown[] }).identities);
    expect(identities).toEqual([
      [{ databaseNames: ['fabrikam'], username: 'x'.repeat(256) }],
      [{ databaseNames: ['fabrikam'] }],
    ]);
  });

  it("reports a refused embed-token request (400 Unknown databaseNames) as refused, with the service's reason", async () => {
    const api = fakeAnalytics();
    const refusing: typeof fetch = async (input, init) =>
      String(input).endsWith('/v1/embed-tokens')
        ? new Response(JSON.stringify({ message: 'Unknown databaseNames: newco.', code: 'BAD_REQUEST' }), {
            status: 400,
          })
        : api.fetch(input, init);
    const provider = createAnalyticsProvider({
      url: 'http://a',
      clientId: 'p',
      clientSecret: 's',
      fetch: refusing,
    });
    await expect(
      provider.embedInfo({
        workspaceId: 'ws',
        reportId: 'r1',
        databaseNames: ['fabrikam', 'newco'],
        allowedOrigins: [],
        viewer: 'sub-bob',
      }),
    ).rejects.toMatchObject({
      name: 'EmbedProviderRefusedError',
      message: 'analytics refused the embed-token request (400): Unknown databaseNames: newco.',
    });
  });

  it('reports an unreachable service or a missing secret as unavailable', async () => {
    const unreachable = createAnalyticsProvider({
      url: 'http://a',
      clientId: 'p',
      clientSecret: 's',
      fetch: (async () => {
        throw new Error('ECONNREFUSED');
      }) as typeof fetch,
    });
    await expect(unreachable.listReports()).rejects.toMatchObject({ name: 'EmbedProviderUnavailableError' });
    const noSecret = createAnalyticsProvider({ url: 'http://a', clientId: 'p', clientSecret: undefined });
    await expect(noSecret.listReports()).rejects.toMatchObject({ name: 'EmbedProviderUnavailableError' });
  });
});
