import { createFrameRouter } from '@portico/frame';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageAnswer } from '@portico/analytics-model';
import { fakeHost } from '../../test/host.ts';
import { PaginatedController } from './controller.ts';
import { createPaginatedApi } from './paginated-api.ts';
import { RDL_NOT_SUPPORTED, registerPaginatedRoutes, unsupportedCall } from './routes.ts';

const HOST = 'https://portal.test';
const REPORT = 'p1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pageAnswer = (pageNumber: number, pageCount: number): PageAnswer => ({
  reportId: REPORT,
  name: 'Report',
  pageNumber,
  pageCount,
  lineCount: pageCount * 10,
  linesPerPage: 10,
  parameters: [],
  columns: [],
  locale: 'en-US',
  footer: `Page ${pageNumber} of ${pageCount}`,
  lines: [],
});

/** A fake service: the session, pages (3 by default, 1 with Accounts=one), and an expiry switch. */
function fakeService() {
  const state = { expired: false };
  const calls: { url: string; body: unknown }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url === '/frame-api/session') {
      return json(200, {
        tokenId: 't',
        expiration: '',
        permissions: 0,
        allowedOrigins: [HOST],
        databaseNames: [],
        reports: [],
      });
    }
    if (state.expired) return json(401, { code: 'TokenExpired', message: 'The token has expired.' });
    const match = /^\/frame-api\/paginated-reports\/p1\/pages\/(\d+)$/.exec(url);
    if (match) {
      const values = (body as { parameterValues: { name: string; value: string }[] }).parameterValues;
      if (values.some((v) => v.name === 'Month' && v.value === 'bad')) {
        return json(400, {
          code: 'INVALID_PARAMETER',
          message: "Parameter 'Month': 'bad' is not a month (YYYY-MM).",
        });
      }
      const count = values.some((v) => v.value === 'one') ? 1 : 3;
      return json(200, pageAnswer(Number(match[1]), count));
    }
    return json(404, { code: 'NOT_FOUND', message: 'no' });
  };
  return { state, calls, fetch };
}

function setup() {
  const service = fakeService();
  const events: string[] = [];
  const controller = new PaginatedController({
    api: createPaginatedApi({ fetch: service.fetch }),
    reportId: REPORT,
    raise: async (event) => {
      events.push('eventName' in event ? event.eventName : event.kind);
    },
    download: () => undefined,
  });
  return { service, events, controller };
}

const config = (extra: Record<string, unknown> = {}) => ({ id: REPORT, accessToken: 'token', ...extra });

describe('the paginated controller', () => {
  it('loads page 1 with the parameterValues of the config and raises loaded once for a repeated config', async () => {
    const { service, events, controller } = setup();
    const values = [{ name: 'Accounts', value: 'one' }];
    await Promise.all([
      controller.session.load(config({ parameterValues: values }), HOST, false),
      controller.session.load(config({ parameterValues: values }), HOST, false),
    ]);
    expect(service.calls.filter((c) => c.url.includes('/pages/'))).toEqual([
      { url: `/frame-api/paginated-reports/${REPORT}/pages/1`, body: { parameterValues: values } },
    ]);
    expect(controller.state.page?.pageCount).toBe(1);
    expect(events).toEqual(['loaded']);
  });

  it('refuses a parent the token does not allow, and raises error', async () => {
    const { events, controller } = setup();
    await expect(controller.session.load(config(), 'https://attacker.test', false)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(controller.state.status).toBe('failed');
    expect(events).toEqual(['error']);
  });

  it('takes the parameter panel settings of the config', async () => {
    const { controller } = setup();
    await controller.session.load(
      config({ settings: { commands: { parameterPanel: { enabled: false } } } }),
      HOST,
      false,
    );
    expect(controller.state.panel).toEqual({ enabled: false, expanded: true });
  });

  it('navigates within 1…pageCount', async () => {
    const { controller } = setup();
    await controller.session.load(config(), HOST, false);
    await controller.goTo(2);
    expect(controller.state.page?.pageNumber).toBe(2);
    await controller.goTo(99);
    expect(controller.state.page?.pageNumber).toBe(3);
    await controller.goTo(-5);
    expect(controller.state.page?.pageNumber).toBe(1);
  });

  it('keeps the page and shows why when the panel values are refused', async () => {
    const { events, controller } = setup();
    await controller.session.load(config(), HOST, false);
    await controller.apply([{ name: 'Month', value: 'bad' }]);
    expect(controller.state.panelError).toBe("Parameter 'Month': 'bad' is not a month (YYYY-MM).");
    expect(controller.state.page?.pageCount).toBe(3);
    expect(events.at(-1)).toBe('error');
    await controller.apply([{ name: 'Accounts', value: 'one' }]);
    expect(controller.state.panelError).toBeUndefined();
    expect(controller.state.page?.pageCount).toBe(1);
  });

  it('answers TokenExpired after expiry until a new token, then reads the page again', async () => {
    const { service, events, controller } = setup();
    await controller.session.load(config(), HOST, false);
    service.state.expired = true;
    await controller.goTo(2);
    expect(events.filter((e) => e === 'error')).toHaveLength(1);
    expect(() => controller.requireLoaded()).toThrow('TokenExpired');
    service.state.expired = false;
    await controller.session.renewToken('fresh.token.sig', HOST);
    await controller.goTo(2);
    expect(controller.state.page?.pageNumber).toBe(2);
  });

  it('raises rendered once per page shown, and not before render after a phased load', async () => {
    const { events, controller } = setup();
    await controller.session.load(config(), HOST, true);
    controller.markRendered(controller.state.generation);
    expect(events).toEqual(['loaded']);
    controller.render();
    controller.markRendered(controller.state.generation);
    controller.markRendered(controller.state.generation);
    expect(events).toEqual(['loaded', 'rendered']);
  });
});

describe('the paginated routes', () => {
  let destroy: () => void = () => undefined;
  afterEach(() => destroy());

  async function loaded() {
    const { controller } = setup();
    const { parent, ask } = fakeHost(HOST);
    const router = createFrameRouter({
      allowedOrigins: [HOST],
      unmatched: unsupportedCall,
      window,
      parent,
      uid: 'u1',
    });
    destroy = () => router.destroy();
    registerPaginatedRoutes(router, controller, { correlationId: 'c1' });
    await controller.session.load(config(), HOST, false);
    return { ask, controller };
  }

  it('refuses a custom layout with the RDL message', async () => {
    const { ask } = await loaded();
    expect(await ask('PATCH', '/report/settings', { customLayout: { pageSize: { type: 0 } } })).toMatchObject(
      {
        statusCode: 400,
        body: { message: RDL_NOT_SUPPORTED },
      },
    );
  });

  it('opens and closes the parameter panel through settings.commands', async () => {
    const { ask, controller } = await loaded();
    const patch = { commands: { parameterPanel: { expanded: false } } };
    expect(await ask('PATCH', '/report/settings', patch)).toMatchObject({ statusCode: 200 });
    expect(controller.state.panel).toEqual({ enabled: true, expanded: false });
    const wrong = { commands: { parameterPanel: { enabled: 'no' } } };
    expect(await ask('PATCH', '/report/settings', wrong)).toMatchObject({ statusCode: 400 });
  });

  it('answers calls paginated reports do not support with the RDL message, and the correlation id', async () => {
    const { ask } = await loaded();
    expect(await ask('GET', '/report/pages')).toMatchObject({
      statusCode: 400,
      body: { message: RDL_NOT_SUPPORTED },
    });
    expect(await ask('GET', '/getCorrelationId')).toMatchObject({ statusCode: 200, body: 'c1' });
  });
});
