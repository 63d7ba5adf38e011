import { describe, expect, it } from 'vitest';
import type { IRequest } from './envelope.ts';
import { eventUrl, hookUrl, isEventRequest, matchInbound } from './inbound.ts';

const post = (url: string): IRequest => ({ method: 'POST', url, headers: { id: 'a1' }, body: {} });

describe('inbound routes', () => {
  it.each([
    ['/reports/r1/events/loaded', { kind: 'event', family: 'report', uniqueId: 'r1', eventName: 'loaded' }],
    [
      '/reports/r1/pages/p1/events/pageChanged',
      { kind: 'event', family: 'report', uniqueId: 'r1', eventName: 'pageChanged', pageName: 'p1' },
    ],
    [
      '/reports/r1/pages/p1/visuals/v1/events/visualClicked',
      {
        kind: 'event',
        family: 'report',
        uniqueId: 'r1',
        eventName: 'visualClicked',
        pageName: 'p1',
        visualName: 'v1',
      },
    ],
    ['/reports/r1/eventHooks/preQuery', { kind: 'hook', uniqueId: 'r1', eventName: 'preQuery' }],
    [
      '/dashboards/d1/events/tileClicked',
      { kind: 'event', family: 'dashboard', uniqueId: 'd1', eventName: 'tileClicked' },
    ],
    [
      '/tile/t1/events/tileLoaded',
      { kind: 'event', family: 'tile', uniqueId: 't1', eventName: 'tileLoaded' },
    ],
    [
      '/qna/q1/events/visualRendered',
      { kind: 'event', family: 'qna', uniqueId: 'q1', eventName: 'visualRendered' },
    ],
    ['/ready/r1', { kind: 'event', family: 'report', uniqueId: 'r1', eventName: 'ready' }],
  ])('recognises POST %s', (url, expected) => {
    expect(matchInbound(post(url))).toStrictEqual(expected);
    expect(isEventRequest(post(url))).toBe(true);
  });

  it('recognises only POSTs on the spec routes', () => {
    expect(matchInbound({ ...post('/reports/r1/events/loaded'), method: 'GET' })).toBeNull();
    expect(matchInbound(post('/report/pages'))).toBeNull();
    expect(isEventRequest({ statusCode: 200, headers: { id: 'a1' } })).toBe(false);
    expect(isEventRequest('/ready/r1')).toBe(false);
  });

  it('builds the url of each kind of event', () => {
    expect(eventUrl({ kind: 'report', uniqueId: 'r1', eventName: 'loaded' })).toBe(
      '/reports/r1/events/loaded',
    );
    expect(eventUrl({ kind: 'report', uniqueId: 'r1', pageName: 'p1', eventName: 'x' })).toBe(
      '/reports/r1/pages/p1/events/x',
    );
    expect(
      eventUrl({ kind: 'report', uniqueId: 'r1', pageName: 'p1', visualName: 'v1', eventName: 'x' }),
    ).toBe('/reports/r1/pages/p1/visuals/v1/events/x');
    expect(eventUrl({ kind: 'dashboard', uniqueId: 'd1', eventName: 'x' })).toBe('/dashboards/d1/events/x');
    expect(eventUrl({ kind: 'tile', uniqueId: 't1', eventName: 'x' })).toBe('/tile/t1/events/x');
    expect(eventUrl({ kind: 'qna', uniqueId: 'q1', eventName: 'x' })).toBe('/qna/q1/events/x');
    expect(eventUrl({ kind: 'ready', uniqueId: 'r1' })).toBe('/ready/r1');
    expect(hookUrl('r1', 'newAccessToken')).toBe('/reports/r1/eventHooks/newAccessToken');
  });

  it('refuses a visual event without its page', () => {
    expect(() => eventUrl({ kind: 'report', uniqueId: 'r1', visualName: 'v1', eventName: 'x' })).toThrow(
      TypeError,
    );
  });
});
