/**
 * Three plain `node:http` servers on free ports, one per origin of the contract tests: the host page's,
 * the embedded frame's and an attacker's. Each serves every fixture page, so a test picks a page's
 * origin by the server it loads it from.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENTRIES, script, type Entry } from './bundle.ts';

export interface Origins {
  /** The page that embeds (the host SDK runs here). */
  host: string;
  /** The embedded frame (the fake frame runs here): another origin than the host's. */
  frame: string;
  /** A third origin for attacker pages. */
  attacker: string;
}

export interface SdkServers extends Origins {
  /** Stops the three servers. */
  close(): Promise<void>;
}

/** Paths served as the fake frame: the default embed endpoints, a paginated-report one and a neutral one. */
export const FRAME_PATHS = [
  '/frame.html',
  '/reportEmbed',
  '/rdlEmbed',
  '/dashboardEmbed',
  '/tileEmbed',
  '/qnaEmbed',
  '/quickCreate',
] as const;

/** A fixture page: the origins as `window.__origins`, then the page's script from `/<entry>.js`. */
export const pageHtml = (entry: string, origins: Origins): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${entry}</title>` +
  `<script>window.__origins = ${JSON.stringify(origins)};</script>` +
  `<script src="/${entry}.js"></script></head>` +
  `<body style="margin:0"></body></html>`;

function entryOf(pathname: string): Entry | undefined {
  if ((FRAME_PATHS as readonly string[]).includes(pathname)) return 'frame';
  if (pathname === '/host.html') return 'host';
  if (pathname === '/attacker.html') return 'attacker';
  if (pathname === '/react-host.html') return 'react-host';
  return undefined;
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Starts the servers: the host on `localhost`, the frame on `127.0.0.1`, the attacker on `localhost`,
 * each on its own free port (so three origins, and the frame on another site than the host).
 */
export async function startSdkServers(): Promise<SdkServers> {
  const servers: Server[] = [];
  const origins: Origins = { host: '', frame: '', attacker: '' };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://server');
    const name = /^\/([\w-]+)\.js$/.exec(url.pathname)?.[1];
    const js = ENTRIES.find((entry) => entry === name);
    const entry = js ?? entryOf(url.pathname);
    if (!entry) {
      response.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    if (js) {
      script(js).then(
        (source) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(source),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(entry, origins));
  };
  const hosts = { host: 'localhost', frame: '127.0.0.1', attacker: 'localhost' } as const;
  for (const name of ['host', 'frame', 'attacker'] as const) {
    const server = createServer(handler);
    servers.push(server);
    const port = await listen(server, '127.0.0.1');
    origins[name] = `http://${hosts[name]}:${port}`;
  }
  return {
    ...origins,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
