/**
 * The host pages of the analytics browser tests and scripts, on localhost — another origin than the service's
 * 127.0.0.1: `/<name>.html` is a page running `/<name>.js`, which is `e2e/analytics/fixtures/<name>.ts` bundled with
 * `@portico/embed` (each bundled once, on its first request). Anything else is 404.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bundleFile } from '../../sdk/support/bundle.ts';

export interface FixtureHost {
  /** `http://localhost:<port>`. */
  readonly host: string;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and answers it. */
function listenOnFreePort(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts the host page server; `style` goes into every page's head (a screenshot wants `body{margin:0}`). */
export async function startFixtureHost(options: { style?: string } = {}): Promise<FixtureHost> {
  const style = options.style === undefined ? '' : `<style>${options.style}</style>`;
  const scripts = new Map<string, Promise<string>>();
  const server = createServer((request, response) => {
    const match = /^\/([a-z][a-z0-9-]*)\.(js|html)$/.exec(request.url ?? '');
    const name = match?.[1];
    const fixture =
      name === undefined ? undefined : path.join(import.meta.dirname, '../fixtures', `${name}.ts`);
    if (name === undefined || fixture === undefined || !existsSync(fixture)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such fixture');
      return;
    }
    if (match?.[2] === 'js') {
      let script = scripts.get(name);
      if (script === undefined) scripts.set(name, (script = bundleFile(fixture)));
      script.then(
        (js) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(js),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    const html = `<!doctype html><meta charset="utf-8"><title>${name}</title>${style}<script src="/${name}.js"></script>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  const host = `http://localhost:${await listenOnFreePort(server)}`;
  return {
    host,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
