import type { FrameEvent } from '@portico/frame';
import { CommonErrorCodes } from '@portico/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../api/frame-api.ts';
import { ApiError } from '../api/request.ts';
import { EmbedSession, FRONT_LOAD_JOIN_MS } from './embed-session.ts';
import type { EmbedKind, EventKind, LoadRequest } from './embed-session.ts';

const HOST = 'https://portal.test';
const grant = (allowedOrigins = [HOST]): Session => ({
  tokenId: 't',
  expiration: '',
  permissions: 0,
  allowedOrigins,
  databaseNames: [],
  reports: [],
});

/** A session over a fake API and a kind that records what the session asks of it. */
function setup({
  kind = 'report' as EventKind,
  origins = [HOST],
  tokenOrigins = {} as Record<string, string[] | ApiError>,
} = {}) {
  const api = { tokens: [] as string[], expired: false, grants: 0, asked: [] as (string | undefined)[] };
  const events: { eventName: string; body: unknown }[] = [];
  const opened: LoadRequest[] = [];
  const failed: unknown[] = [];
  const renewed: boolean[] = [];
  const shown: unknown[] = [];
  const embed: EmbedKind = {
    open: async (request) => {
      await session.authorize(request.accessToken, request.origin);
      if (request.config.bad === true) throw new Error('the kind refused it');
      return () => shown.push(request.config);
    },
    opened: (request) => opened.push(request),
    failed: (error) => failed.push(error.body),
    tokenRenewed: (wasExpired) => {
      renewed.push(wasExpired);
    },
  };
  const session: EmbedSession = new EmbedSession({
    kind,
    api: {
      setToken: (token) => {
        api.tokens.push(token);
        api.expired = false;
      },
      get expired() {
        return api.expired;
      },
      // The grant of the token in use, or of a token being checked: its own origins, or the service's refusal.
      session: async (token?: string) => {
        api.grants += 1;
        api.asked.push(token);
        const own = token === undefined ? undefined : tokenOrigins[token];
        if (own instanceof ApiError) throw own;
        return grant(own ?? origins);
      },
    },
    raise: async (event: FrameEvent) => {
      events.push({ eventName: 'eventName' in event ? event.eventName : event.kind, body: event.body });
    },
    embed,
  });
  const names = () => events.map((e) => e.eventName);
  return { session, api, events, names, opened, failed, renewed, shown };
}

const config = { accessToken: 'a', id: 'r1' };

afterEach(() => vi.useRealTimers());

describe('loading', () => {
  it('asks for the grant, shows the content, raises loaded, then lets the kind start', async () => {
    const { session, names, opened, api, shown } = setup();
    await session.load(config, HOST, true);
    expect(api.tokens).toEqual(['a']);
    expect(shown).toEqual([config]);
    expect(names()).toEqual(['loaded']);
    expect(opened).toEqual([{ config, accessToken: 'a', origin: HOST, phased: true }]);
  });

  it('shows the content, raises loaded and starts the kind in one step, with no render in between', async () => {
    const steps: string[] = [];
    const session: EmbedSession = new EmbedSession({
      kind: 'dashboard',
      api: { setToken: () => undefined, expired: false, session: async () => grant() },
      raise: async (event) => {
        steps.push('eventName' in event ? event.eventName : event.kind);
      },
      embed: {
        open: async (request) => {
          await session.authorize(request.accessToken, request.origin);
          return () => {
            steps.push('show');
            // What a store update schedules (React flushes a sync update in a microtask).
            queueMicrotask(() => steps.push('render'));
          };
        },
        opened: () => steps.push('opened'),
        failed: () => undefined,
      },
    });
    await session.load(config, HOST);
    await Promise.resolve();
    expect(steps).toEqual(['show', 'loaded', 'opened', 'render']);
  });

  it.each([
    ['a body that is not an object', 'token'],
    ['a list', []],
    ['no token', { id: 'r1' }],
    ['an empty token', { accessToken: '', id: 'r1' }],
  ])('refuses %s with 400, raises error and tells the kind', async (_, body) => {
    const { session, names, failed, api } = setup();
    await expect(session.load(body, HOST)).rejects.toMatchObject({
      statusCode: 400,
      body: { message: 'invalidParameters' },
    });
    expect(api.grants).toBe(0);
    expect(names()).toEqual(['error']);
    expect(failed).toHaveLength(1);
  });

  it('refuses an origin the grant does not allow with 403 and keeps accepting any parent', async () => {
    const { session, names } = setup();
    await expect(session.load(config, 'https://evil.test')).rejects.toMatchObject({ statusCode: 403 });
    expect(names()).toEqual(['error']);
    expect(session.acceptsOrigin('https://evil.test')).toBe(true);
  });

  it("accepts only the grant's origins once a token passed the origin check", async () => {
    const { session } = setup();
    await session.load(config, HOST);
    expect(session.acceptsOrigin(HOST)).toBe(true);
    expect(session.acceptsOrigin('https://evil.test')).toBe(false);
  });

  it("answers the kind's failure as the error it raised", async () => {
    const { session, events } = setup();
    await expect(session.load({ ...config, bad: true }, HOST)).rejects.toMatchObject({ statusCode: 500 });
    expect(events).toEqual([
      { eventName: 'error', body: expect.objectContaining({ detailedMessage: 'the kind refused it' }) },
    ]);
  });

  it('joins a load of the same configuration and phase that is still running', async () => {
    const { session, names, api } = setup();
    await Promise.all([
      session.load(config, HOST, false),
      session.load(config, HOST, false),
      session.load(config, HOST, true),
    ]);
    expect(api.grants).toBe(2);
    expect(names()).toEqual(['loaded', 'loaded']);
  });

  it('loads again for the same configuration once the earlier load finished', async () => {
    const { session, names } = setup();
    await session.load(config, HOST);
    await session.load(config, HOST);
    expect(names()).toEqual(['loaded', 'loaded']);
  });
});

describe('the front-loaded configuration', () => {
  it('loads when no load was asked for, and the host load of the same config that follows joins it', async () => {
    const { session, names, api } = setup();
    await session.frontLoad(config, HOST);
    await session.load(config, HOST);
    expect(api.grants).toBe(1);
    expect(names()).toEqual(['loaded']);
    // Only that one load joins: a reload loads again.
    await session.load(config, HOST);
    expect(names()).toEqual(['loaded', 'loaded']);
  });

  it('is ignored once a load was asked for', async () => {
    const { session, names } = setup();
    await session.load(config, HOST);
    await session.frontLoad({ ...config, accessToken: 'b' }, HOST);
    expect(names()).toEqual(['loaded']);
  });

  it('never rejects: a failed front-loaded load is raised as error', async () => {
    const { session, names } = setup();
    await expect(session.frontLoad({ id: 'r1' }, HOST)).resolves.toBeUndefined();
    expect(names()).toEqual(['error']);
  });

  it(`is not joined by a load of another configuration, nor after ${FRONT_LOAD_JOIN_MS} ms`, async () => {
    const other = setup();
    await other.session.frontLoad(config, HOST);
    await other.session.load({ ...config, id: 'r2' }, HOST);
    expect(other.names()).toEqual(['loaded', 'loaded']);

    vi.useFakeTimers({ toFake: ['Date'] });
    const late = setup();
    await late.session.frontLoad(config, HOST);
    vi.setSystemTime(Date.now() + FRONT_LOAD_JOIN_MS + 1);
    await late.session.load(config, HOST);
    expect(late.names()).toEqual(['loaded', 'loaded']);
  });
});

describe('the guard', () => {
  it('answers 400 <kind>NotLoaded before a load and 401 TokenExpired while the token is expired', () => {
    const { session, api } = setup({ kind: 'qna' });
    expect(() => session.requireLoaded(false)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        body: expect.objectContaining({
          message: 'qnaNotLoaded',
          detailedMessage: 'Load the Q&A before calling this.',
        }),
      }),
    );
    api.expired = true;
    expect(() => session.requireLoaded(true)).toThrow(expect.objectContaining({ statusCode: 401 }));
    expect(() => session.requireLoaded(true, { allowExpired: true })).not.toThrow();
  });
});

describe('a new token', () => {
  it('takes the token as the body or as { accessToken }, and tells the kind whether the old one had expired', async () => {
    const { session, api, renewed } = setup();
    await session.renewToken('h.b.s', HOST, 'report');
    api.expired = true;
    await session.renewToken({ accessToken: 'h.c.s' }, HOST);
    expect(api.tokens).toEqual(['h.b.s', 'h.c.s']);
    expect(renewed).toEqual([false, true]);
  });

  it('refuses an empty or malformed token with 400 and another embed type with 404', async () => {
    const { session, api } = setup({ kind: 'dashboard' });
    await expect(session.renewToken('', HOST, 'dashboard')).rejects.toMatchObject({ statusCode: 400 });
    await expect(session.renewToken('garbage', HOST, 'dashboard')).rejects.toMatchObject({ statusCode: 400 });
    await expect(session.renewToken('h.b.s', HOST, 'report')).rejects.toMatchObject({ statusCode: 404 });
    await expect(session.renewToken('h.b.s', HOST, 'dashboard')).resolves.toBeNull();
    expect(api.tokens).toEqual(['h.b.s']);
  });

  it("refuses a token whose allowed origins leave out the host's origin with 403 notAuthorized, as a load does, keeping the one in use", async () => {
    const { session, api, renewed, events } = setup({
      tokenOrigins: { 'h.other.s': ['https://other.test'] },
    });
    await session.load({ accessToken: 'a', id: 'r1' }, HOST);
    const before = events.length;
    await expect(session.renewToken('h.other.s', HOST, 'report')).rejects.toMatchObject({
      statusCode: 403,
      body: {
        message: 'notAuthorized',
        detailedMessage: `The new access token does not allow embedding from ${HOST}.`,
        errorCode: CommonErrorCodes.NotAuthorized,
      },
    });
    // The token was asked about, never put in use; the kind was not told; no error event (the call alone fails).
    expect(api.asked).toContain('h.other.s');
    expect(api.tokens).toEqual(['a']);
    expect(renewed).toEqual([]);
    expect(events).toHaveLength(before);
    expect(session.acceptsOrigin(HOST)).toBe(true);
    expect(session.acceptsOrigin('https://other.test')).toBe(false);
  });

  it('checks a token set before any load against the origin asking', async () => {
    const { session, api } = setup({ tokenOrigins: { 'h.other.s': ['https://other.test'] } });
    await expect(session.renewToken('h.other.s', HOST)).rejects.toMatchObject({ statusCode: 403 });
    await expect(session.renewToken('h.other.s', 'https://other.test')).resolves.toBeNull();
    expect(api.tokens).toEqual(['h.other.s']);
  });

  it("answers the service's refusal of the new token (401, 403) and keeps the one in use", async () => {
    const { session, api } = setup({
      tokenOrigins: {
        'h.forged.s': new ApiError(401, 'UNAUTHORIZED', 'The token signature is not valid.'),
        'h.old.s': new ApiError(401, 'TokenExpired', 'The token has expired.'),
      },
    });
    await session.load({ accessToken: 'a', id: 'r1' }, HOST);
    await expect(session.renewToken('h.forged.s', HOST)).rejects.toMatchObject({
      statusCode: 401,
      body: { detailedMessage: 'The token signature is not valid.' },
    });
    await expect(session.renewToken('h.old.s', HOST)).rejects.toMatchObject({
      statusCode: 401,
      body: { errorCode: 'TokenExpired' },
    });
    expect(api.tokens).toEqual(['a']);
  });

  it("takes a renewed token's allowed origins as the origin gate", async () => {
    const { session } = setup({ tokenOrigins: { 'h.wider.s': [HOST, 'https://second.test'] } });
    await session.load({ accessToken: 'a', id: 'r1' }, HOST);
    expect(session.acceptsOrigin('https://second.test')).toBe(false);
    await session.renewToken('h.wider.s', HOST);
    expect(session.acceptsOrigin('https://second.test')).toBe(true);
  });

  it('raises TokenExpired as the SDK error event when the API finds the token expired', () => {
    const { session, events } = setup({ kind: 'tile' });
    session.tokenExpired(new ApiError(401, 'TokenExpired', 'The token has expired.'));
    expect(events).toEqual([
      {
        eventName: 'error',
        body: expect.objectContaining({
          message: 'TokenExpired',
          detailedMessage: 'The token has expired.',
          errorCode: 'TokenExpired',
        }),
      },
    ]);
  });
});
