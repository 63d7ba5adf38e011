import { describe, expect, it } from 'vitest';
import { ApiError, createRequester, TOKEN_EXPIRED } from './request.ts';

function recordingFetch(answer: (url: string) => Response) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    return answer(url);
  };
  return { calls, fetch };
}

const problem = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createRequester', () => {
  it('sends the token as a bearer and a JSON body, and returns the answer', async () => {
    const { calls, fetch } = recordingFetch(() => problem(200, { ok: 1 }));
    const requester = createRequester({ baseUrl: 'https://svc', fetch });
    requester.setToken('t1');
    expect(await requester.json('POST', '/frame-api/x', { a: 1 })).toEqual({ ok: 1 });
    expect(calls[0]?.url).toBe('https://svc/frame-api/x');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.headers).toEqual({
      authorization: 'Bearer t1',
      'content-type': 'application/json',
    });
    expect(calls[0]?.init?.body).toBe('{"a":1}');
  });

  it('fails without calling the service when no token was given', async () => {
    const { calls, fetch } = recordingFetch(() => problem(200, {}));
    await expect(createRequester({ fetch }).call('GET', '/x')).rejects.toMatchObject({ code: 'NoToken' });
    expect(calls).toHaveLength(0);
  });

  it("turns the service's { message, code } into an ApiError, with a fallback for other bodies", async () => {
    const { fetch } = recordingFetch((url) =>
      url === '/a'
        ? problem(404, { message: 'No such report.', code: 'NotFound' })
        : new Response('x', { status: 502 }),
    );
    const requester = createRequester({ fetch });
    requester.setToken('t');
    const first = await requester.call('GET', '/a').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 404, code: 'NotFound', message: 'No such report.' });
    await expect(requester.call('GET', '/b')).rejects.toMatchObject({ status: 502, code: 'HTTP502' });
    expect(requester.expired).toBe(false);
  });

  it('marks the token expired once on a 401 TokenExpired until setToken gives a new one', async () => {
    const { calls, fetch } = recordingFetch(() => problem(401, { message: 'Expired.', code: TOKEN_EXPIRED }));
    const seen: ApiError[] = [];
    const requester = createRequester({ fetch, onTokenExpired: (error) => seen.push(error) });
    requester.setToken('old');
    await expect(requester.call('GET', '/x')).rejects.toMatchObject({ code: TOKEN_EXPIRED });
    await expect(requester.call('GET', '/x')).rejects.toMatchObject({ code: TOKEN_EXPIRED });
    expect(calls).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(requester.expired).toBe(true);
    requester.setToken('new');
    expect(requester.expired).toBe(false);
    await expect(requester.call('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
    expect(seen).toHaveLength(2);
  });

  it('asks with a token it is given without putting it in use or touching the expired state', async () => {
    const { calls, fetch } = recordingFetch((url) =>
      url === '/expired'
        ? problem(401, { message: 'Expired.', code: TOKEN_EXPIRED })
        : problem(200, { ok: 1 }),
    );
    const seen: ApiError[] = [];
    const requester = createRequester({ fetch, onTokenExpired: (error) => seen.push(error) });
    requester.setToken('in-use');
    expect(await requester.json('GET', '/session', undefined, 'candidate')).toEqual({ ok: 1 });
    expect(calls[0]?.init?.headers).toEqual({ authorization: 'Bearer candidate' });
    await expect(requester.call('GET', '/expired', undefined, 'candidate')).rejects.toMatchObject({
      code: TOKEN_EXPIRED,
    });
    expect([requester.token, requester.expired, seen]).toEqual(['in-use', false, []]);
    await requester.call('GET', '/x');
    expect(calls[2]?.init?.headers).toEqual({ authorization: 'Bearer in-use' });
  });
});
