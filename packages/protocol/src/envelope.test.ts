import { describe, expect, it } from 'vitest';
import { createChannel } from './channel.ts';
import {
  acknowledge,
  isRequest,
  isResponse,
  loadHeaders,
  respond,
  sdkHeaders,
  sessionHeaders,
  type IRequest,
} from './envelope.ts';

// What powerbi-client 2.x posts: http-post-message merges its default x-sdk-* headers first and the
// call's own headers over them, then window-post-message-proxy adds the tracking id as headers.id.
function capture() {
  const posted: IRequest[] = [];
  const channel = createChannel({ post: (message) => posted.push(message), headers: () => sdkHeaders() });
  return { posted, channel };
}

describe('request envelopes', () => {
  it('puts a GET on the wire as powerbi-client does: sdk headers, then uid, then the tracking id, and no body', () => {
    const { posted, channel } = capture();
    channel.request({ method: 'GET', url: '/report/pages', headers: { uid: 'r1' } }).catch(() => undefined);

    const [message] = posted;
    expect(message).toStrictEqual({
      method: 'GET',
      url: '/report/pages',
      headers: {
        'x-sdk-type': 'js',
        'x-sdk-version': '2.22.1',
        'x-sdk-wrapper-version': undefined,
        uid: 'r1',
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
    expect(Object.keys(message ?? {})).toEqual(['method', 'url', 'headers']);
    expect(Object.keys(message?.headers ?? {})).toEqual([
      'x-sdk-type',
      'x-sdk-version',
      'x-sdk-wrapper-version',
      'uid',
      'id',
    ]);
    channel.rejectAll();
  });

  it('sends the load session values as headers and the config as the body', () => {
    const { posted, channel } = capture();
    const config = { type: 'report', id: 'rep', accessToken: 'token' };
    const headers = loadHeaders({
      uid: 'r1',
      sdkSessionId: '0123456789abcdef0123',
      tokenProviderSupplied: true,
    });
    channel.request({ method: 'POST', url: '/report/load', headers, body: config }).catch(() => undefined);

    expect(posted[0]).toStrictEqual({
      method: 'POST',
      url: '/report/load',
      headers: {
        'x-sdk-type': 'js',
        'x-sdk-version': '2.22.1',
        'x-sdk-wrapper-version': undefined,
        uid: 'r1',
        sdkSessionId: '0123456789abcdef0123',
        bootstrapped: undefined,
        sdkVersion: '2.22.1',
        tokenProviderSupplied: true,
        id: expect.any(String),
      },
      body: config,
    });
    channel.rejectAll();
  });

  it('leaves tokenProviderSupplied out when no token provider is set', () => {
    expect(loadHeaders({ uid: 'r1', sdkSessionId: 's', bootstrapped: true })).toStrictEqual({
      uid: 'r1',
      sdkSessionId: 's',
      bootstrapped: true,
      sdkVersion: '2.22.1',
    });
  });

  it('gives a create request only uid, sdkSessionId and, with a token provider, tokenProviderSupplied', () => {
    expect(sessionHeaders('r1', 's', false)).toStrictEqual({ uid: 'r1', sdkSessionId: 's' });
    expect(Object.keys(sessionHeaders('r1', 's', true))).toEqual([
      'uid',
      'sdkSessionId',
      'tokenProviderSupplied',
    ]);
    expect(Object.keys(sessionHeaders('r1', 's', true, {}))).toEqual([
      'uid',
      'sdkSessionId',
      'bootstrapped',
      'sdkVersion',
      'tokenProviderSupplied',
    ]);
  });

  it('lets setSdkInfo-style overrides replace the type and wrapper version', () => {
    expect(sdkHeaders({ type: 'react', wrapperVersion: '1.5.0' })).toStrictEqual({
      'x-sdk-type': 'react',
      'x-sdk-version': '2.22.1',
      'x-sdk-wrapper-version': '1.5.0',
    });
  });
});

describe('response envelopes', () => {
  it('answers with the status, the request id in headers.id and the body', () => {
    expect(respond('abc', 404, { message: 'nope' })).toStrictEqual({
      statusCode: 404,
      headers: { id: 'abc' },
      body: { message: 'nope' },
    });
  });

  it('acknowledges an event with 200 and a null body', () => {
    expect(acknowledge('abc')).toStrictEqual({ statusCode: 200, headers: { id: 'abc' }, body: null });
  });
});

describe('guards', () => {
  const request = { method: 'GET', url: '/report/pages', headers: { id: 'a1', uid: 'r1' } };

  it('accepts a well-formed request and response', () => {
    expect(isRequest(request)).toBe(true);
    expect(isRequest({ ...request, method: 'POST', body: { x: 1 } })).toBe(true);
    expect(isResponse({ statusCode: 200, headers: { id: 'a1' }, body: null })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'GET /report/pages'],
    ['a number', 42],
    ['an array', [request]],
    ['a request without headers', { method: 'GET', url: '/report/pages' }],
    ['a request with null headers', { ...request, headers: null }],
    ['a request without a tracking id', { ...request, headers: { uid: 'r1' } }],
    ['a request with an empty tracking id', { ...request, headers: { id: '' } }],
    ['a request with a numeric tracking id', { ...request, headers: { id: 7 } }],
    ['an unknown method', { ...request, method: 'HEAD' }],
    ['a lower-case method', { ...request, method: 'get' }],
    ['a non-string url', { ...request, url: 5 }],
    ['a relative url', { ...request, url: 'report/pages' }],
  ])('rejects %s as a request', (_, data) => {
    expect(isRequest(data)).toBe(false);
  });

  it.each([
    ['null', null],
    ['a string', '200'],
    ['a response without headers', { statusCode: 200, body: null }],
    ['a response without a tracking id', { statusCode: 200, headers: {}, body: null }],
    ['a string status code', { statusCode: '200', headers: { id: 'a1' } }],
    ['a fractional status code', { statusCode: 200.5, headers: { id: 'a1' } }],
    ['a request', request],
  ])('rejects %s as a response', (_, data) => {
    expect(isResponse(data)).toBe(false);
  });
});
