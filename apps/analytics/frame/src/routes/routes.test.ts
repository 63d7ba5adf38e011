import { createFrameRouter } from '@portico/frame';
import { afterEach, describe, expect, it } from 'vitest';
import { createFrameApi } from '../api/frame-api.ts';
import { ReportController } from '../model/controller.ts';
import { notImplementedCall } from '../model/errors.ts';
import { fakeHost } from '../test/host.ts';
import { answer, dataset, definition, wellFormedToken } from '../test/sample.ts';
import { registerRoutes } from './index.ts';
import { encodeBookmarkState } from '@portico/analytics-model';

const HOST = 'https://portal.test';
const REPORT = 'r1';

/** A fake frame API: the session, the sample report, and a recorded query per call. */
function fakeService(options: { permissions?: number; expired?: boolean } = {}) {
  // permissions 1 (ReadWrite) lets a test switch to edit mode.
  const state = { expired: options.expired ?? false, userState: null as string | null };
  const calls: { url: string; body: unknown }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (state.expired && url !== '/frame-api/session' && !url.startsWith('/frame-api/reports/')) {
      return json(401, { code: 'TokenExpired', message: 'The token has expired.' });
    }
    if (url === '/frame-api/session') {
      return json(200, {
        tokenId: 't',
        expiration: '',
        permissions: options.permissions ?? 0,
        allowedOrigins: [HOST],
        databaseNames: ['fabrikam'],
        reports: [{ id: REPORT, name: 'R' }],
      });
    }
    if (url === `/frame-api/reports/${REPORT}`) {
      return json(200, {
        report: { id: REPORT, name: 'R', version: 1, definition },
        dataset,
      });
    }
    if (url === `/frame-api/reports/${REPORT}/user-state`) {
      const method = init?.method ?? 'GET';
      if (method === 'PUT') state.userState = (body as { state: string }).state;
      if (method === 'DELETE') state.userState = null;
      return json(200, { state: state.userState, savedAt: null });
    }
    if (url === '/frame-api/query') return json(200, answer);
    if (url === '/frame-api/queries') {
      const { queries } = body as { queries: unknown[] };
      const lines = queries.map((_, index) => `${JSON.stringify({ index, answer })}\n`).join('');
      return new Response(lines, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
    }
    if (url === '/frame-api/export') return new Response('Site,Total pages\r\nBerlin,1200\r\n');
    return json(404, { message: 'no' });
  };
  /** Every visual query asked, alone or in a batch, with its report. */
  const queries = () =>
    calls.flatMap((c) => {
      const asked = c.body as { reportId: string; query?: unknown; queries?: unknown[] };
      if (c.url === '/frame-api/query') return [{ reportId: asked.reportId, query: asked.query }];
      if (c.url === '/frame-api/queries')
        return (asked.queries ?? []).map((query) => ({ reportId: asked.reportId, query }));
      return [];
    });
  return { calls, fetch, state, queries };
}

let destroy: () => void = () => undefined;
afterEach(() => destroy());

function setup(service = fakeService()) {
  const { parent, ask, events } = fakeHost(HOST);
  const api = createFrameApi({
    fetch: service.fetch,
    onTokenExpired: () => controller.raise('error', { errorCode: 'TokenExpired' }),
  });
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

const load = { id: REPORT, accessToken: 'token' };

describe('frame routes', () => {
  it('loads the report for an allowed origin and raises loaded', async () => {
    const { ask, events, controller } = setup();
    expect(await ask('POST', '/report/load', load)).toMatchObject({ statusCode: 200 });
    expect(events()).toContain('/reports/u1/events/loaded');
    expect(controller.state.activePage).toBe('overview');
  });

  it('refuses a load from an origin the token does not allow, and raises error', async () => {
    const { ask, events } = setup();
    const answer = await ask('POST', '/report/load', load, 'https://elsewhere.test');
    expect(answer).toMatchObject({ statusCode: 403 });
    expect(events()).toContain('/reports/u1/events/error');
  });

  it('lists the pages and raises pageChanged when another page is set active', async () => {
    const { ask, events } = setup();
    await ask('POST', '/report/load', load);
    const pages = await ask('GET', '/report/pages');
    expect((pages.body as { name: string }[]).map((p) => p.name)).toEqual(['overview', 'second']);
    expect(await ask('PUT', '/report/pages/active', { name: 'second' })).toMatchObject({ statusCode: 200 });
    expect(events()).toContain('/reports/u1/events/pageChanged');
    expect(await ask('PUT', '/report/pages/active', { name: 'nope' })).toMatchObject({ statusCode: 404 });
  });

  it('applies report filters to the next queries', async () => {
    const { ask, service } = setup();
    await ask('POST', '/report/load', load);
    const filter = {
      target: { table: 'Devices', column: 'Site' },
      operator: 'In',
      values: ['Paris'],
      filterType: 1,
    };
    await ask('PUT', '/report/filters', [filter]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const last = service.queries().at(-1);
    expect(JSON.stringify(last?.query)).toContain('Paris');
    expect((await ask('GET', '/report/filters')).body).toEqual([filter]);
  });

  it('answers exportData with the CSV as { data }', async () => {
    const { ask } = setup();
    await ask('POST', '/report/load', load);
    const exported = await ask('POST', '/report/pages/overview/visuals/by-site/exportData', {
      exportDataType: 0,
    });
    expect(exported).toMatchObject({
      statusCode: 200,
      body: { data: 'Site,Total pages\r\nBerlin,1200\r\n' },
    });
  });

  it('refuses edit mode without edit permission, with a clear reason', async () => {
    const { ask } = setup();
    await ask('POST', '/report/load', load);
    const refused = await ask('POST', '/report/switchMode/edit');
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('edit permission');
  });

  it('raises TokenExpired once and fails calls until a new token arrives', async () => {
    const service = fakeService({ expired: true });
    const { ask, events } = setup(service);
    await ask('POST', '/report/load', load);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events().filter((e) => e.endsWith('/events/error'))).toHaveLength(1);
    expect(await ask('GET', '/report/pages')).toMatchObject({ statusCode: 401 });
    service.state.expired = false;
    await ask('POST', '/report/token', wellFormedToken('bmV3'));
    expect(await ask('GET', '/report/pages')).toMatchObject({ statusCode: 200 });
  });

  it('sorts a visual by one of its fields, which its next query orders by', async () => {
    const { ask, service } = setup();
    await ask('POST', '/report/load', load);
    const url = '/report/pages/overview/visuals/by-site/sortBy';
    const sorted = await ask('PUT', url, {
      orderBy: { table: 'Meter readings', measure: 'Total pages' },
      direction: 2,
    });
    expect(sorted.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const sortedQuery = service.queries().find((c) => JSON.stringify(c.query).includes('orderBy'));
    expect(sortedQuery).toMatchObject({
      query: { orderBy: [{ field: { measure: { measure: 'Total pages' } }, direction: 'Descending' }] },
    });
    const refused = await ask('PUT', url, { orderBy: { table: 'Devices', column: 'Model' }, direction: 1 });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("'Devices'.'Site'");
    expect((await ask('PUT', url, { orderBy: { table: 'Devices', column: 'Site' } })).statusCode).toBe(400);
  });

  it('clones a visual in edit mode only, in a free spot with its own name', async () => {
    const { ask, controller } = setup(fakeService({ permissions: 1 }));
    await ask('POST', '/report/load', load);
    const url = '/report/pages/overview/visuals/share/clone';
    expect((await ask('POST', url, {})).statusCode).toBe(403);
    await ask('POST', '/report/switchMode/edit');
    const cloned = await ask('POST', url, { layout: { x: 10, y: 400 } });
    expect(cloned).toMatchObject({
      statusCode: 200,
      body: {
        visualName: 'share-copy',
        visual: { name: 'share-copy', layout: { x: 10, y: 400, width: 400 } },
      },
    });
    const page = controller.state.definition?.pages[0];
    expect(page?.visuals.map((v) => v.name)).toContain('share-copy');
    expect((await ask('POST', url, { layout: { width: -1 } })).statusCode).toBe(400);
  });

  it('saves the filters as user state, tells when they are applied, and resets them to the report’s', async () => {
    const { ask, service } = setup();
    await ask('POST', '/report/load', load);
    expect((await ask('GET', '/report/isUserStateApplied')).body).toBe(false);
    const paris = {
      target: { table: 'Devices', column: 'Site' },
      operator: 'In',
      values: ['Paris'],
      filterType: 1,
    };
    await ask('PUT', '/report/filters', [paris]);
    expect((await ask('POST', '/report/userState')).statusCode).toBe(200);
    expect(service.state.userState).toEqual(expect.any(String));
    expect((await ask('GET', '/report/isUserStateApplied')).body).toBe(true);
    expect((await ask('DELETE', '/report/userState')).statusCode).toBe(200);
    expect(service.state.userState).toBeNull();
    expect((await ask('GET', '/report/isUserStateApplied')).body).toBe(false);
    expect((await ask('GET', '/report/filters')).body).toEqual(definition.filters);
  });

  it('restores saved filters on a load with persistentFiltersEnabled, not otherwise', async () => {
    const service = fakeService();
    const first = setup(service);
    await first.ask('POST', '/report/load', load);
    const paris = {
      target: { table: 'Devices', column: 'Site' },
      operator: 'In',
      values: ['Paris'],
      filterType: 1,
    };
    await first.ask('PUT', '/report/filters', [paris]);
    await first.ask('POST', '/report/userState');
    destroy();
    const plain = setup(service);
    await plain.ask('POST', '/report/load', load);
    expect((await plain.ask('GET', '/report/filters')).body).toEqual(definition.filters);
    destroy();
    const persistent = setup(service);
    await persistent.ask('POST', '/report/load', { ...load, settings: { persistentFiltersEnabled: true } });
    expect((await persistent.ask('GET', '/report/filters')).body).toEqual([paris]);
    expect((await persistent.ask('GET', '/report/isUserStateApplied')).body).toBe(true);
  });

  it('saves the filters by itself after a change when persistentFiltersEnabled, and not otherwise', async () => {
    const paris = {
      target: { table: 'Devices', column: 'Site' },
      operator: 'In',
      values: ['Paris'],
      filterType: 1,
    };
    const plain = setup();
    await plain.ask('POST', '/report/load', load);
    await plain.ask('PUT', '/report/filters', [paris]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(plain.service.state.userState).toBeNull();
    destroy();
    const { ask, service } = setup();
    await ask('POST', '/report/load', { ...load, settings: { persistentFiltersEnabled: true } });
    await ask('PUT', '/report/filters', [paris]);
    await ask('PUT', '/report/filters', [{ ...paris, values: ['Berlin'] }]);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const saves = service.calls.filter(
      (c) => c.url.endsWith('/user-state') && JSON.stringify(c.body ?? '').includes('state'),
    );
    expect(saves).toHaveLength(1);
    expect((await ask('GET', '/report/isUserStateApplied')).body).toBe(true);
    // Back to the report's own filters: saved too, but no longer "the viewer's".
    await ask('PUT', '/report/filters', definition.filters);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await ask('GET', '/report/isUserStateApplied')).body).toBe(false);
  });

  it('raises exportDataCompleted after an export', async () => {
    const { ask, events } = setup();
    await ask('POST', '/report/load', load);
    await ask('POST', '/report/pages/overview/visuals/by-site/exportData', { exportDataType: 0 });
    expect(events()).toContain('/reports/u1/events/exportDataCompleted');
  });

  it('plays bookmarks in presentation mode and stops when asked', async () => {
    const { ask, controller } = setup();
    await ask('POST', '/report/load', load);
    expect((await ask('POST', '/report/bookmarks/play', { playMode: 1 })).statusCode).toBe(400);
    expect((await ask('POST', '/report/bookmarks/play', { playMode: 7 })).statusCode).toBe(400);
    expect((await ask('POST', '/report/bookmarks/play', { playMode: 0 })).statusCode).toBe(200);
    expect(controller.state.bookmarkPlay).toBeUndefined();
  });

  it('has the master and the generated mobile layouts on every page, asked by name or number', async () => {
    const { ask } = setup();
    await ask('POST', '/report/load', load);
    const has = async (type: string) => (await ask('GET', `/report/pages/overview/layoutTypes/${type}`)).body;
    expect([await has('Master'), await has('MobilePortrait'), await has('3')]).toEqual([true, true, true]);
    expect([await has('Custom'), await has('constructor'), await has('9')]).toEqual([false, false, false]);
  });

  it('refuses settings the models validator refuses, with its errors, and keeps the settings it had', async () => {
    const { ask, controller } = setup();
    await ask('POST', '/report/load', { ...load, settings: { panes: { filters: { visible: true } } } });
    const answer = await ask('PATCH', '/report/settings', { panes: { filters: { position: 7 } } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toEqual([expect.objectContaining({ message: 'position property is invalid' })]);
    expect(controller.store.getSnapshot()).toMatchObject({
      settings: { panes: { filters: { visible: true } } },
    });
    expect((await ask('PATCH', '/report/settings', { panes: { filters: { position: 0 } } })).statusCode).toBe(
      200,
    );
    expect(controller.store.getSnapshot()).toMatchObject({
      settings: { panes: { filters: { visible: true, position: 0 } } },
    });
  });

  describe('validation at the edge', () => {
    const site = {
      target: { table: 'Devices', column: 'Site' },
      operator: 'In',
      values: ['Paris'],
      filterType: 1,
    };
    const bogus = { ...site, operator: 'Bogus' };
    const colour = { ...site, target: { table: 'Devices', column: 'Colour' }, values: ['Red'] };
    const errorEvents = (events: () => string[]) =>
      events().filter((e) => e.endsWith('/events/error')).length;

    async function loadedFrame(permissions = 0) {
      const frame = setup(fakeService({ permissions }));
      await frame.ask('POST', '/report/load', load);
      return frame;
    }

    it.each([
      ['report', '/report/filters'],
      ['page', '/report/pages/overview/filters'],
      ['visual', '/report/pages/overview/visuals/by-site/filters'],
    ])(
      'refuses %s filters the dataset cannot apply, names the field, keeps the filters and raises error',
      async (_level, url) => {
        const { ask, events } = await loadedFrame();
        const before = (await ask('GET', url)).body;
        const wrongColumn = await ask('PUT', url, [site, colour]);
        expect(wrongColumn.statusCode).toBe(400);
        expect(wrongColumn.body).toEqual([
          {
            message: expect.stringMatching(/^Devices\.Colour is not a column of the dataset/),
            path: '1',
            keyword: 'dataset',
          },
        ]);
        const wrongOperator = await ask('POST', url, { filtersOperation: 2, filters: [bogus] });
        expect(wrongOperator).toMatchObject({
          statusCode: 400,
          body: [{ path: 'filters.0', keyword: 'dataset' }],
        });
        expect(JSON.stringify(wrongOperator.body)).toContain(
          "operator must be In, NotIn or All; got 'Bogus'",
        );
        const notAFilter = await ask('PUT', url, [{ foo: 1 }]);
        expect(notAFilter).toMatchObject({
          statusCode: 400,
          body: [{ message: 'input property is invalid', path: '0', keyword: 'invalid' }],
        });
        expect((await ask('GET', url)).body).toEqual(before);
        expect(errorEvents(events)).toBe(3);
        expect(await ask('PUT', url, [site])).toMatchObject({ statusCode: 200 });
        expect(errorEvents(events)).toBe(3);
      },
    );

    it('fails a load whose filters the models or the dataset refuse, naming the field, and raises error', async () => {
      const wrongColumn = setup();
      const refused = await wrongColumn.ask('POST', '/report/load', { ...load, filters: [site, colour] });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toEqual([
        {
          message: expect.stringMatching(/^Devices\.Colour is not a column of the dataset/),
          path: 'filters.1',
          keyword: 'dataset',
        },
      ]);
      expect(errorEvents(wrongColumn.events)).toBe(1);
      expect(wrongColumn.controller.state.status).not.toBe('loaded');
      destroy();
      const wrongOperator = setup();
      const bogusLoad = await wrongOperator.ask('POST', '/report/load', { ...load, filters: [bogus] });
      expect(bogusLoad).toMatchObject({
        statusCode: 400,
        body: [expect.objectContaining({ path: 'filters.0' })],
      });
      destroy();
      const valid = setup();
      expect(await valid.ask('POST', '/report/load', { ...load, filters: [site] })).toMatchObject({
        statusCode: 200,
      });
    });

    it('refuses a slicer state with a bogus filter and keeps the slicer’s selection', async () => {
      const { ask, events } = await loadedFrame();
      const url = '/report/pages/overview/visuals/site-slicer/slicer';
      const before = (await ask('GET', url)).body;
      const refused = await ask('PUT', url, { filters: [bogus] });
      expect(refused).toMatchObject({ statusCode: 400, body: [{ path: 'filters.0', keyword: 'dataset' }] });
      expect((await ask('GET', url)).body).toEqual(before);
      expect(errorEvents(events)).toBe(1);
    });

    it('refuses an export of an unknown type or a row count that is not a whole number from 1', async () => {
      const { ask, service } = await loadedFrame();
      const url = '/report/pages/overview/visuals/by-site/exportData';
      expect(await ask('POST', url, { exportDataType: 7 })).toMatchObject({
        statusCode: 400,
        body: [{ message: 'exportDataType property is invalid', path: 'exportDataType' }],
      });
      for (const rows of [-1, 0, 1.5, 30_001]) {
        expect(await ask('POST', url, { exportDataType: 0, rows })).toMatchObject({
          statusCode: 400,
          body: [{ message: 'rows must be a whole number from 1 to 30000', path: 'rows' }],
        });
      }
      expect(service.calls.filter((c) => c.url === '/frame-api/export')).toHaveLength(0);
      expect(await ask('POST', url, { exportDataType: 1, rows: 150_000 })).toMatchObject({ statusCode: 200 });
    });

    it('refuses a theme whose themeJson is not an object and keeps the theme', async () => {
      const { ask } = await loadedFrame();
      const before = (await ask('GET', '/report/theme')).body;
      expect(await ask('PUT', '/report/theme', { themeJson: 'x' })).toMatchObject({
        statusCode: 400,
        body: [{ message: 'themeJson must be an object', path: 'themeJson' }],
      });
      expect((await ask('GET', '/report/theme')).body).toEqual(before);
    });

    it('refuses an access token that is not three base64url parts and keeps the one it has', async () => {
      const { ask, controller } = await loadedFrame();
      for (const token of ['garbage', 'a.b', 'a.b.c.d', 'a.b.', 'a+b.c.d', '']) {
        expect(await ask('POST', '/report/token', token)).toMatchObject({
          statusCode: 400,
          body: [{ path: 'accessToken' }],
        });
      }
      expect(await ask('POST', '/report/token', wellFormedToken('bmV3'))).toMatchObject({ statusCode: 200 });
      expect(controller.api.expired).toBe(false);
    });

    it('refuses page names that are not 1 to 200 characters, and an active page without a name', async () => {
      const { ask } = await loadedFrame(1);
      await ask('POST', '/report/switchMode/edit');
      const rename = (displayName: unknown) =>
        ask('PUT', '/report/pages/overview/name', { name: 'overview', displayName });
      for (const name of [42, '   ', 'x'.repeat(201), undefined])
        expect((await rename(name)).statusCode).toBe(400);
      expect((await ask('POST', '/report/addPage', { displayName: 7 })).statusCode).toBe(400);
      expect(await ask('PUT', '/report/pages/active', {})).toMatchObject({
        statusCode: 400,
        body: [{ message: 'name is required', path: 'name', keyword: 'required' }],
      });
      const pages = (await ask('GET', '/report/pages')).body as { displayName: string }[];
      expect(pages.map((p) => p.displayName)).toEqual(['Overview', 'Second']);
    });

    it('refuses a bookmark state whose filters name a field the dataset lacks, and keeps the filters', async () => {
      const { ask } = await loadedFrame();
      const state = encodeBookmarkState({ version: 1, reportFilters: [colour as never] });
      const refused = await ask('POST', '/report/bookmarks/applyState', { state });
      expect(refused).toMatchObject({
        statusCode: 400,
        body: [{ path: 'state.reportFilters.0', keyword: 'dataset' }],
      });
      expect(await ask('POST', '/report/bookmarks/applyState', { state: 3 })).toMatchObject({
        statusCode: 400,
        body: [{ message: 'state must be a string', path: 'state' }],
      });
      expect((await ask('GET', '/report/filters')).body).toEqual(definition.filters);
    });

    it('refuses a clone whose filters name a field the dataset lacks, and adds no visual', async () => {
      const { ask, controller } = await loadedFrame(1);
      await ask('POST', '/report/switchMode/edit');
      const url = '/report/pages/overview/visuals/by-site/clone';
      expect(await ask('POST', url, { filters: [colour] })).toMatchObject({ statusCode: 400 });
      expect(controller.state.definition?.pages[0]?.visuals).toHaveLength(3);
    });
  });

  it('answers 501 for calls it does not implement', async () => {
    const { ask } = setup();
    await ask('POST', '/report/load', load);
    const answer = await ask('GET', '/report/pages/overview/smartNarrativeInsights');
    expect(answer.statusCode).toBe(501);
    expect(answer.body).toMatchObject({ message: 'notImplemented' });
  });
});
