import { describe, expect, it } from 'vitest';
import { createDraftFrameApi } from './draft-api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeService() {
  const calls: { url: string; auth: string | undefined; body: unknown }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
    calls.push({ url, auth, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/frame-api/create/query') return json(200, { columns: [], rows: [[1]], truncated: false });
    if (url === '/frame-api/create/reports')
      return json(201, { report: { id: 'new-report', name: 'N' }, accessToken: { token: 'T2' } });
    if (url.startsWith('/frame-api/create/quick-create'))
      return json(201, {
        dataset: { id: 'qd' },
        workspaceId: 'w',
        definition: {},
        accessToken: { token: 'T1' },
      });
    if (url === '/frame-api/query') return json(200, { columns: [], rows: [[2]], truncated: false });
    return json(404, { message: 'no', code: 'NOT_FOUND' });
  };
  return { calls, fetch };
}

describe('createDraftFrameApi', () => {
  it("runs a draft's queries on its dataset, and a stored report's as before", async () => {
    const service = fakeService();
    const api = createDraftFrameApi({ fetch: service.fetch });
    api.setToken('T0');
    const draft = api.openDraft({ datasetId: 'd1', workspaceId: undefined });
    await api.query(draft, { select: [] });
    await api.query('r1', { select: [] });
    expect(service.calls.map((c) => [c.url, c.body])).toEqual([
      ['/frame-api/create/query', { datasetId: 'd1', query: { select: [] } }],
      ['/frame-api/query', { reportId: 'r1', query: { select: [] } }],
    ]);
  });

  it("stores a draft with saveAs, and the host's token goes on as the token that names the new report", async () => {
    const service = fakeService();
    const api = createDraftFrameApi({ fetch: service.fetch });
    api.setToken('T0');
    const draft = api.openDraft({ datasetId: 'd1', workspaceId: 'w1' });
    const saved = await api.saveAs(draft, 'N', { pages: [], filters: [], bookmarks: [] });
    expect(saved.report.id).toBe('new-report');
    expect(service.calls[0]?.body).toMatchObject({ datasetId: 'd1', name: 'N', workspaceId: 'w1' });
    expect(api.draft(draft)).toBeUndefined();
    api.setToken('T0'); // the SDK's re-embed loads with the host's token
    expect(api.token).toBe('T2');
    api.setToken('T9'); // a new token from the host is used as it is
    expect(api.token).toBe('T9');
  });

  it('goes on with the token naming the quick-created dataset', async () => {
    const service = fakeService();
    const api = createDraftFrameApi({ fetch: service.fetch });
    api.setToken('T0');
    await api.quickCreate({ locale: 'en', data: [], tableSchemaList: [] }, undefined);
    expect(api.token).toBe('T1');
    api.setToken('T0');
    expect(api.token).toBe('T1');
  });

  it("asks for the quick-create report's generated names in the frame's language", async () => {
    const service = fakeService();
    const api = createDraftFrameApi({ fetch: service.fetch });
    api.setToken('T0');
    await api.quickCreate({ locale: 'en', data: [], tableSchemaList: [] }, undefined, 'de-AT');
    await api.quickCreate({ locale: 'en', data: [], tableSchemaList: [] }, undefined);
    expect(service.calls.map((c) => c.url)).toEqual([
      '/frame-api/create/quick-create?language=de-AT',
      '/frame-api/create/quick-create',
    ]);
  });

  it('refuses to export or save a draft before it is stored', async () => {
    const api = createDraftFrameApi({ fetch: fakeService().fetch });
    api.setToken('T0');
    const draft = api.openDraft({ datasetId: 'd1', workspaceId: undefined });
    await expect(api.exportCsv(draft, { select: [] }, 0)).rejects.toMatchObject({ status: 400 });
    await expect(api.save(draft, { pages: [], filters: [], bookmarks: [] }, 0)).rejects.toMatchObject({
      code: 'DraftNotSaved',
    });
  });
});
