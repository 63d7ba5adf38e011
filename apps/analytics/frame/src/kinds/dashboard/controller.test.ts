import type { FrameEvent } from '@portico/frame';
import { describe, expect, it } from 'vitest';
import type { QueryAnswer, ResolvedDashboard, ResolvedTile } from '@portico/analytics-model';
import { ApiError, TOKEN_EXPIRED } from '../../api/frame-api.ts';
import type { Session } from '../../api/frame-api.ts';
import { DashboardController } from './controller.ts';
import type { EmbedMode } from './controller.ts';
import type { DashboardApi } from './dashboard-api.ts';

const HOST = 'https://portal.test';
const card = {
  name: 'c',
  type: 'card',
  title: 'Printers',
  layout: { x: 0, y: 0, z: 0, width: 0, height: 0, displayState: { mode: 0 } },
  dataRoles: {},
  filters: [],
  formatting: {},
} as const;
const DASHBOARD: ResolvedDashboard = {
  id: 'd1',
  name: 'Fleet',
  workspaceId: 'w1',
  embedUrl: 'https://analytics.test/dashboardEmbed?dashboardId=d1',
  columns: 2,
  tiles: [
    {
      id: 'printers',
      kind: 'visual',
      title: 'Printers',
      reportId: 'r1',
      pageName: 'overview',
      visualName: 'c',
      row: 0,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
      visual: card,
      reportName: 'Fleet overview',
      reportEmbedUrl: 'https://analytics.test/reportEmbed?reportId=r1&groupId=w1',
      navigationUrl: 'https://analytics.test/reportEmbed?reportId=r1&groupId=w1&pageName=overview',
    },
    { id: 'note', kind: 'text', title: 'Note', text: 'Hello', row: 0, col: 1, rowSpan: 1, colSpan: 1 },
  ],
};
const ANSWER: QueryAnswer = { columns: [], rows: [[42]], truncated: false };

/** A fake service: the session, the dashboard, and tile data that can be made to expire. */
function fakeApi() {
  const state = { expired: false, tokens: [] as string[], tileCalls: 0, expireNext: false };
  const api: DashboardApi = {
    setToken(token) {
      state.tokens.push(token);
      state.expired = false;
    },
    get expired() {
      return state.expired;
    },
    session: async (): Promise<Session> => ({
      tokenId: 't',
      expiration: '',
      permissions: 0,
      allowedOrigins: [HOST],
      databaseNames: ['fabrikam'],
      reports: [],
    }),
    dashboard: async (id) => {
      if (id !== 'd1')
        throw new ApiError(403, 'FORBIDDEN', 'The embed token does not grant access to this dashboard.');
      return DASHBOARD;
    },
    tileData: async () => {
      state.tileCalls += 1;
      if (state.expireNext) {
        state.expireNext = false;
        state.expired = true;
        throw new ApiError(401, TOKEN_EXPIRED, 'The token has expired.');
      }
      return ANSWER;
    },
  };
  return { api, state };
}

function setup(mode: EmbedMode = 'dashboard', url: { dashboardId?: string; tileId?: string } = {}) {
  const service = fakeApi();
  const events: { kind: string; eventName: string; body?: unknown }[] = [];
  const controller = new DashboardController({
    api: service.api,
    mode,
    url,
    raise: async (event: FrameEvent) => {
      if ('eventName' in event)
        events.push({ kind: event.kind, eventName: event.eventName, body: event.body });
    },
  });
  const names = () => events.map((e) => e.eventName);
  return { controller, events, names, service };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loading a dashboard', () => {
  it('raises loaded, fetches each data tile, and raises tileLoaded then rendered as tiles are painted', async () => {
    const { controller, events, names } = setup();
    await controller.session.load({ accessToken: 'a', id: 'd1', pageView: 'oneColumn' }, HOST);
    await settled();
    expect(controller.state).toMatchObject({ status: 'loaded', pageView: 'oneColumn' });
    expect(controller.state.results.printers).toEqual({ status: 'ready', answer: ANSWER });
    expect(controller.state.results.note).toBeUndefined();
    const { generation } = controller.state;
    controller.tilePainted(generation, 'note');
    expect(names()).toEqual(['loaded', 'tileLoaded']);
    controller.tilePainted(generation, 'printers');
    controller.tilePainted(generation, 'printers');
    expect(names()).toEqual(['loaded', 'tileLoaded', 'tileLoaded', 'rendered']);
    expect(events.every((e) => e.kind === 'dashboard')).toBe(true);
  });

  it('takes the dashboard id from the URL when the config has none', async () => {
    const { controller } = setup('dashboard', { dashboardId: 'd1' });
    await controller.session.load({ accessToken: 'a' }, HOST);
    expect(controller.state.dashboard?.id).toBe('d1');
  });

  it('refuses an unknown pageView with the SDK message and raises error', async () => {
    const { controller, events } = setup();
    await expect(
      controller.session.load({ accessToken: 'a', id: 'd1', pageView: 'wide' }, HOST),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { detailedMessage: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize' },
    });
    expect(events.map((e) => e.eventName)).toEqual(['error']);
  });

  it('refuses a host origin the token does not allow, and a dashboard the token does not name', async () => {
    const first = setup();
    await expect(
      first.controller.session.load({ accessToken: 'a', id: 'd1' }, 'https://evil.test'),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(first.controller.state.status).toBe('failed');
    const second = setup();
    await expect(
      second.controller.session.load({ accessToken: 'a', id: 'other' }, HOST),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(second.names()).toEqual(['error']);
  });
});

describe('tiles that cannot show their data', () => {
  it('raise error for a tile whose pinned visual is gone, and the rest of the dashboard still renders', async () => {
    const { controller, events, names, service } = setup();
    const gone = {
      ...(DASHBOARD.tiles[0] as ResolvedTile),
      id: 'gone',
      problem: "The visual 'x' of 'R' no longer exists.",
    };
    service.api.dashboard = async () => ({ ...DASHBOARD, tiles: [...DASHBOARD.tiles, gone] });
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    await settled();
    expect(names()).toEqual(['loaded', 'error']);
    expect(events[1]?.body).toMatchObject({ detailedMessage: expect.stringContaining('no longer exists') });
    controller.tilePainted(controller.state.generation, 'printers');
    controller.tilePainted(controller.state.generation, 'note');
    expect(names().at(-1)).toBe('rendered');
  });

  it('raise error with the service message when a tile query fails, and show it in the tile', async () => {
    const { controller, events, names, service } = setup();
    service.api.tileData = async () => {
      throw new ApiError(400, 'INVALID_QUERY', "Unknown measure 'Devices'.'Gone'");
    };
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    await settled();
    expect(controller.state.results.printers).toEqual({
      status: 'error',
      message: "Unknown measure 'Devices'.'Gone'",
    });
    expect(names()).toEqual(['loaded', 'error']);
    expect(events[1]?.body).toMatchObject({
      errorCode: 'INVALID_QUERY',
      detailedMessage: "Tile 'Printers': Unknown measure 'Devices'.'Gone'",
    });
    controller.tilePainted(controller.state.generation, 'note');
    expect(names().at(-1)).toBe('rendered');
  });

  it('still raise rendered when the last tile to settle is one that failed', async () => {
    const { controller, names, service } = setup();
    let fail: (error: Error) => void = () => undefined;
    service.api.tileData = () => new Promise((_, reject) => (fail = reject));
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    controller.tilePainted(controller.state.generation, 'note');
    expect(names()).not.toContain('rendered');
    fail(new ApiError(500, 'INTERNAL', 'Internal server error'));
    await settled();
    expect(names().slice(-2)).toEqual(['error', 'rendered']);
  });
});

describe('the front-loaded config', () => {
  it('loads when no load came, and the host load of the same config that follows joins it', async () => {
    const { controller, names, service } = setup();
    let sessions = 0;
    const session = service.api.session.bind(service.api);
    service.api.session = () => {
      sessions += 1;
      return session();
    };
    const config = { accessToken: 'a', id: 'd1' };
    controller.session.frontLoad(config, HOST);
    await controller.session.load(config, HOST);
    expect(controller.state.status).toBe('loaded');
    expect(sessions).toBe(1);
    expect(names().filter((n) => n === 'loaded')).toHaveLength(1);
  });

  it('is ignored once a load came', async () => {
    const { controller, names } = setup();
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    controller.session.frontLoad({ accessToken: 'b', id: 'd1' }, HOST);
    await settled();
    expect(names().filter((n) => n === 'loaded')).toHaveLength(1);
  });
});

describe('clicking a tile', () => {
  it('raises tileClicked naming the tile, the report and the page it opens', async () => {
    const { controller, events } = setup();
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    controller.tileClicked('printers');
    expect(events.at(-1)).toEqual({
      kind: 'dashboard',
      eventName: 'tileClicked',
      body: {
        tileId: 'printers',
        tileTitle: 'Printers',
        dashboardId: 'd1',
        reportId: 'r1',
        reportName: 'Fleet overview',
        pageName: 'overview',
        visualName: 'c',
        reportEmbedUrl: 'https://analytics.test/reportEmbed?reportId=r1&groupId=w1',
        navigationUrl: 'https://analytics.test/reportEmbed?reportId=r1&groupId=w1&pageName=overview',
      },
    });
  });
});

describe('a tile embed', () => {
  it('shows only its tile and raises tile events', async () => {
    const { controller, events } = setup('tile', { dashboardId: 'd1' });
    await controller.session.load({ accessToken: 'a', id: 'printers' }, HOST);
    await settled();
    expect(controller.state.tiles.map((t) => t.id)).toEqual(['printers']);
    controller.tilePainted(controller.state.generation, 'printers');
    expect(events.map((e) => [e.kind, e.eventName])).toEqual([
      ['tile', 'loaded'],
      ['tile', 'tileLoaded'],
    ]);
  });

  it('answers 404 for a tile the dashboard does not have', async () => {
    const { controller } = setup('tile');
    await expect(
      controller.session.load({ accessToken: 'a', dashboardId: 'd1', id: 'nope' }, HOST),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('token expiry', () => {
  it('leaves the tiles waiting after an expired token, and fetches them again after setToken', async () => {
    const { controller, service } = setup();
    service.state.expireNext = true;
    await controller.session.load({ accessToken: 'a', id: 'd1' }, HOST);
    await settled();
    expect(controller.state.results.printers).toEqual({ status: 'loading' });
    await controller.session.renewToken('h.b.s', HOST);
    await settled();
    expect(service.state.tokens).toEqual(['a', 'h.b.s']);
    expect(service.state.tileCalls).toBe(2);
    expect(controller.state.results.printers).toEqual({ status: 'ready', answer: ANSWER });
  });
});
