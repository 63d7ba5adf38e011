/** The host's end of the frame's postMessage channel in a jsdom test. */

/** A message the frame posted to its parent: an answer (statusCode) or an event (url). */
export interface PostedMessage {
  url?: string;
  statusCode?: number;
  body?: unknown;
  headers?: { id?: string };
}

/**
 * `parent` is what the frame router posts to; `ask` posts a request to the frame's window as the host at `origin`
 * would (default `hostOrigin`) and resolves with its answer, polling every 5 ms at most `attempts` times; `events`
 * lists the event URLs posted so far.
 *
 * `const host = fakeHost(HOST); createFrameRouter({ window, parent: host.parent, … }); await host.ask('GET', '/report/pages')`
 */
export function fakeHost(hostOrigin: string, { uid = 'u1', attempts = 50 } = {}) {
  const posted: PostedMessage[] = [];
  const parent = {
    postMessage: (message: unknown) => posted.push(structuredClone(message) as PostedMessage),
  };
  let next = 0;
  const ask = async (
    method: string,
    url: string,
    body?: unknown,
    origin = hostOrigin,
  ): Promise<PostedMessage> => {
    const id = `q${++next}`;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { method, url, headers: { id, uid }, body },
        origin,
        source: parent as never,
      }),
    );
    for (let i = 0; i < attempts; i++) {
      const found = posted.find((p) => p.headers?.id === id && p.statusCode !== undefined);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no answer to ${method} ${url}`);
  };
  const events = () => posted.map((p) => p.url ?? '').filter((u) => u.includes('/events/'));
  return { parent, ask, events };
}
