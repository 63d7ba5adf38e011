import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUT_MS, createChannel } from './channel.ts';
import { respond, type IRequest } from './envelope.ts';
import { EmbedError, ErrorCode } from './errors.ts';

function setup(timeoutMs?: number) {
  const posted: IRequest[] = [];
  const channel = createChannel({
    post: (message) => posted.push(message),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const lastId = () => posted.at(-1)?.headers.id ?? '';
  return { channel, posted, lastId };
}

const getPages = { method: 'GET', url: '/report/pages', headers: { uid: 'r1' } } as const;

describe('createChannel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves a call with its 2xx reply', async () => {
    const { channel, lastId } = setup();
    const call = channel.request<string[]>(getPages);
    expect(channel.size).toBe(1);

    expect(channel.handleMessage(respond(lastId(), 200, ['p1']))).toBe(true);
    await expect(call).resolves.toStrictEqual({ statusCode: 200, headers: { id: lastId() }, body: ['p1'] });
    expect(channel.size).toBe(0);
  });

  it('resolves on any 2xx status', async () => {
    const { channel, lastId } = setup();
    const call = channel.request(getPages);
    channel.handleMessage(respond(lastId(), 204, null));
    await expect(call).resolves.toMatchObject({ statusCode: 204 });
  });

  it('rejects a non-2xx reply with an EmbedError carrying the frame body', async () => {
    const { channel, lastId } = setup();
    const call = channel.request(getPages);
    const body = { message: 'visualNotFound', detailedMessage: 'Visual not found', errorCode: 'NotFound' };
    channel.handleMessage(respond(lastId(), 404, body));

    const error = await call.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({
      message: 'visualNotFound',
      detailedMessage: 'Visual not found',
      errorCode: 'NotFound',
      statusCode: 404,
      body,
    });
  });

  it('rejects a reply with a bare string body using the string as the message', async () => {
    const { channel, lastId } = setup();
    const call = channel.request(getPages);
    channel.handleMessage(respond(lastId(), 400, 'Cannot resize the page'));
    await expect(call).rejects.toMatchObject({
      message: 'Cannot resize the page',
      errorCode: ErrorCode.RequestFailed,
      body: 'Cannot resize the page',
    });
  });

  it('rejects with a TimeoutError after 30 s without a reply', async () => {
    const { channel } = setup();
    const call = channel.request(getPages);
    const outcome = expect(call).rejects.toMatchObject({ name: 'EmbedError', errorCode: ErrorCode.Timeout });

    vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS - 1);
    expect(channel.size).toBe(1);
    vi.advanceTimersByTime(1);
    await outcome;
    expect(channel.size).toBe(0);
  });

  it('honours a per-call timeout over the channel default', async () => {
    const { channel } = setup(5_000);
    const short = channel.request(getPages, { timeoutMs: 100 });
    const long = channel.request(getPages);
    const shortOutcome = expect(short).rejects.toMatchObject({ errorCode: ErrorCode.Timeout });

    vi.advanceTimersByTime(100);
    await shortOutcome;
    expect(channel.size).toBe(1);
    const longOutcome = expect(long).rejects.toMatchObject({ errorCode: ErrorCode.Timeout });
    vi.advanceTimersByTime(4_900);
    await longOutcome;
  });

  it('times out a shorter call made after a longer one first', async () => {
    const { channel } = setup();
    const long = channel.request(getPages, { timeoutMs: 1_000 });
    const short = channel.request(getPages, { timeoutMs: 50 });
    const shortOutcome = expect(short).rejects.toMatchObject({ message: /within 50 ms$/ });
    vi.advanceTimersByTime(50);
    await shortOutcome;
    const longOutcome = expect(long).rejects.toMatchObject({ message: /within 1000 ms$/ });
    vi.advanceTimersByTime(950);
    await longOutcome;
  });

  it('keeps one timer for all its calls, not one per call (a browser timer costs more than a call)', async () => {
    const { channel, posted } = setup();
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    for (let i = 0; i < 100; i++) {
      const call = channel.request(getPages);
      channel.handleMessage(respond(posted.at(-1)?.headers.id ?? '', 200, i));
      await call;
      vi.advanceTimersByTime(1);
    }
    expect(setTimeoutSpy.mock.calls.length).toBeLessThanOrEqual(1);
    expect(clearTimeoutSpy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('moves its timer to fake timers installed after a call was made with real ones', async () => {
    vi.useRealTimers();
    const { channel, lastId } = setup();
    const first = channel.request(getPages);
    channel.handleMessage(respond(lastId(), 200, null));
    await first;
    vi.useFakeTimers();
    const second = channel.request(getPages, { timeoutMs: 100 });
    const outcome = expect(second).rejects.toMatchObject({ errorCode: ErrorCode.Timeout });
    vi.advanceTimersByTime(100);
    await outcome;
  });

  it('waits forever when the timeout is Infinity', () => {
    const { channel } = setup(Infinity);
    channel.request(getPages).catch(() => undefined);
    vi.advanceTimersByTime(10 * DEFAULT_TIMEOUT_MS);
    expect(channel.size).toBe(1);
    channel.rejectAll();
  });

  it("keeps a timeout beyond the timers' 24.8-day limit without waking every millisecond", async () => {
    // Timers run a delay over 2^31 - 1 ms after 1 ms instead: the channel must not re-arm in a loop.
    vi.useRealTimers();
    const armed = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { channel } = setup(40 * 24 * 3600 * 1000);
      channel.request(getPages).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(channel.size).toBe(1);
      // The call's timer and the test's own wait.
      expect(armed.mock.calls.length).toBeLessThanOrEqual(2);
      channel.rejectAll();
    } finally {
      armed.mockRestore();
    }
  });

  it('ignores replies with unknown ids and messages that are not replies', () => {
    const { channel } = setup();
    channel.request(getPages).catch(() => undefined);

    expect(channel.handleMessage(respond('someone-else', 200, null))).toBe(false);
    expect(channel.handleMessage({ method: 'POST', url: '/ready/r1', headers: { id: 'x' } })).toBe(false);
    expect(channel.handleMessage('hello')).toBe(false);
    expect(channel.handleMessage(null)).toBe(false);
    expect(channel.size).toBe(1);
    channel.rejectAll();
  });

  it('settles a call once: a second reply with the same id is ignored', async () => {
    const { channel, lastId } = setup();
    const call = channel.request(getPages);
    const id = lastId();
    expect(channel.handleMessage(respond(id, 200, 'first'))).toBe(true);
    expect(channel.handleMessage(respond(id, 500, 'second'))).toBe(false);
    await expect(call).resolves.toMatchObject({ body: 'first' });
  });

  it('gives each pending call its own id', () => {
    const { channel, posted } = setup();
    for (let i = 0; i < 50; i++) channel.request(getPages).catch(() => undefined);
    expect(new Set(posted.map((message) => message.headers.id)).size).toBe(50);
    channel.rejectAll();
  });

  it('rejectAll rejects every pending call with a CancelledError and is safe twice', async () => {
    const { channel } = setup();
    const first = channel.request(getPages);
    const second = channel.request(getPages);

    channel.rejectAll('The embed was reset');
    channel.rejectAll();
    await expect(first).rejects.toMatchObject({
      errorCode: ErrorCode.Cancelled,
      message: 'The embed was reset',
    });
    await expect(second).rejects.toMatchObject({ errorCode: ErrorCode.Cancelled });
    expect(channel.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejectAll passes a given EmbedError through', async () => {
    const { channel } = setup();
    const call = channel.request(getPages);
    const reason = new EmbedError('gone', { errorCode: 'Custom' });
    channel.rejectAll(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('rejects with PostFailed when the message cannot be posted', async () => {
    const channel = createChannel({
      post: () => {
        throw new Error('could not be cloned');
      },
    });
    await expect(channel.request({ ...getPages, body: () => 1 })).rejects.toMatchObject({
      errorCode: ErrorCode.PostFailed,
      message: 'could not be cloned',
    });
    expect(channel.size).toBe(0);
  });

  it('lets a call override a default header but never the tracking id', () => {
    const posted: IRequest[] = [];
    const channel = createChannel({ post: (m) => posted.push(m), headers: () => ({ 'x-sdk-type': 'js' }) });
    channel.request({ ...getPages, headers: { 'x-sdk-type': 'react', id: 'forged' } }).catch(() => undefined);
    expect(posted[0]?.headers['x-sdk-type']).toBe('react');
    expect(posted[0]?.headers.id).not.toBe('forged');
    channel.rejectAll();
  });
});
