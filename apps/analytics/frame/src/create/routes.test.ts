import { createFrameRouter } from '@portico/frame';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportController } from '../model/controller.ts';
import { notImplementedCall } from '../model/errors.ts';
import { registerRoutes } from '../routes/index.ts';
import { fakeHost } from '../test/host.ts';
import { createDraftFrameApi } from './draft-api.ts';

const HOST = 'https://portal.test';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const dataset = { id: 'd1', name: 'Print fleet', description: '', relationships: [], tables: [] };

/** A fake service: the session, the dataset model, quick create, and a recorded call per request. */
function fakeService(permissions: number) {
  const calls: { url: string; body: unknown; auth: string | undefined }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body, auth: (init?.headers as Record<string, string>).authorization });
    if (url === '/frame-api/session')
      return json(200, {
        tokenId: 't',
        expiration: '',
        permissions,
        allowedOrigins: [HOST],
        databaseNames: [],
        reports: [],
      });
    if (url === '/frame-api/create/datasets/d1') return json(200, { dataset, workspaceId: 'w' });
    if (url === '/frame-api/create/quick-create')
      return json(201, {
        dataset: { ...dataset, id: 'qd' },
        workspaceId: 'w',
        definition: {
          pages: [
            {
              name: 'page-1',
              displayName: 'Orders',
              width: 1,
              height: 1,
              displayOption: 0,
              visibility: 0,
              filters: [],
              visuals: [],
            },
          ],
          filters: [],
          bookmarks: [],
        },
        accessToken: { token: 'derived' },
      });
    if (url === '/frame-api/create/reports')
      return json(201, { report: { id: 'r-new', name: 'Mine' }, accessToken: { token: 'with-report' } });
    return json(404, { message: 'no', code: 'NOT_FOUND' });
  };
  return { calls, fetch };
}

let destroy: () => void = () => undefined;
afterEach(() => destroy());

function setup(permissions = 4) {
  const service = fakeService(permissions);
  const { parent, ask, events } = fakeHost(HOST, { attempts: 100 });
  const api = createDraftFrameApi({ fetch: service.fetch });
  const controller: ReportController = new ReportController({ api, raise: (e) => router.raise(e) });
  const router = createFrameRouter({
    allowedOrigins: (o) => controller.session.acceptsOrigin(o),
    unmatched: notImplementedCall,
    window,
    parent,
    uid: 'u1',
  });
  registerRoutes(router, controller, { print: () => undefined, correlationId: 'c1' });
  destroy = () => router.destroy();
  return { ask, events, controller, service };
}

describe('create routes', () => {
  it('opens an empty draft in edit mode on /report/create, and answers the report routes on it', async () => {
    const { ask, events, controller } = setup();
    expect(await ask('POST', '/report/create', { accessToken: 'host', datasetId: 'd1' })).toMatchObject({
      statusCode: 200,
    });
    expect(events()).toContain('/reports/u1/events/loaded');
    expect(controller.state).toMatchObject({ status: 'loaded', viewMode: 'edit', activePage: 'page-1' });
    const pages = await ask('GET', '/report/pages');
    expect((pages.body as { name: string }[]).map((p) => p.name)).toEqual(['page-1']);
    expect(await ask('GET', '/report/hasUnsavedChanges')).toMatchObject({ body: false });
  });

  it('saves the draft with saveAs as a new report and raises saved with it', async () => {
    const { ask, events, controller, service } = setup();
    await ask('POST', '/report/create', { accessToken: 'host', datasetId: 'd1', groupId: 'w' });
    expect(await ask('POST', '/report/saveAs', { name: 'Mine' })).toMatchObject({ statusCode: 200 });
    expect(service.calls.find((c) => c.url === '/frame-api/create/reports')?.body).toMatchObject({
      datasetId: 'd1',
      name: 'Mine',
      workspaceId: 'w',
    });
    expect(events()).toContain('/reports/u1/events/saved');
    expect(controller.state.report?.id).toBe('r-new');
  });

  it('refuses /report/create without Create permission and raises error', async () => {
    const { ask, events } = setup(0);
    expect(await ask('POST', '/report/create', { accessToken: 'host', datasetId: 'd1' })).toMatchObject({
      statusCode: 403,
    });
    expect(events()).toContain('/reports/u1/events/error');
  });

  it("answers a bad create configuration with the SDK's validation messages", async () => {
    const { ask } = setup();
    expect(await ask('POST', '/report/create', { accessToken: 'host' })).toMatchObject({
      statusCode: 400,
      body: [{ message: 'datasetId is required', path: 'datasetId', keyword: 'required' }],
    });
    const quick = await ask('POST', '/quickcreate', {
      accessToken: 'host',
      datasetCreateConfig: { locale: 'en' },
    });
    expect(quick).toMatchObject({
      statusCode: 400,
      body: [expect.objectContaining({ message: 'At least one of data or mashupDocument must be provided' })],
    });
  });

  it('builds the dataset on /quickcreate and goes on with the token naming it, unsaved', async () => {
    const { ask, controller, service } = setup();
    const config = { locale: 'en', tableSchemaList: [{ name: 'Orders', columns: [] }], data: [] };
    expect(
      await ask('POST', '/quickcreate', { accessToken: 'host', datasetCreateConfig: config }),
    ).toMatchObject({
      statusCode: 200,
    });
    expect(controller.state.definition?.pages[0]?.displayName).toBe('Orders');
    expect(controller.api.token).toBe('derived');
    expect(service.calls.find((c) => c.url === '/frame-api/create/quick-create')?.auth).toBe('Bearer host');
    expect(await ask('GET', '/report/hasUnsavedChanges')).toMatchObject({ body: true });
  });
});
