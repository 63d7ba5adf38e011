import { afterEach, describe, expect, it } from 'vitest';
import { holdMessages } from './hold-messages.ts';

const listeners: ((event: MessageEvent) => void)[] = [];
afterEach(() => {
  for (const listener of listeners.splice(0)) window.removeEventListener('message', listener);
});

function listen(): MessageEvent[] {
  const seen: MessageEvent[] = [];
  const listener = (event: MessageEvent) => seen.push(event);
  listeners.push(listener);
  window.addEventListener('message', listener);
  return seen;
}

describe('holdMessages', () => {
  it('hands messages that arrived before a listener existed to it, in order, with origin and source', () => {
    const release = holdMessages();
    window.dispatchEvent(
      new MessageEvent('message', { data: { n: 1 }, origin: 'https://host.example', source: window }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { n: 2 }, origin: 'https://host.example', source: window }),
    );
    const seen = listen();
    expect(seen).toHaveLength(0);
    release();
    expect(seen.map((event) => event.data as unknown)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seen.map((event) => event.origin)).toEqual(['https://host.example', 'https://host.example']);
    expect(seen[0]?.source).toBe(window);
  });

  it('holds nothing after release: later messages reach listeners once', () => {
    const release = holdMessages();
    const seen = listen();
    release();
    window.dispatchEvent(new MessageEvent('message', { data: 'late', origin: 'https://host.example' }));
    expect(seen.map((event) => event.data as unknown)).toEqual(['late']);
  });
});
