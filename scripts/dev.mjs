#!/usr/bin/env node
// `npm run dev`: the stack with hot reload. The servers restart on change (tsx watch); the web app is served by
// Vite with HMR at http://localhost:5173 and proxies /api and /locales to the portal server.
import path from 'node:path';
import { root, stackEnvironment } from './stack.mjs';
import { stopOnSignals } from './stop-signals.mjs';
import { superviseChildren } from './supervisor.mjs';

const webOrigin = 'http://localhost:5173';
const env = stackEnvironment(process.env, { devWebOrigin: webOrigin });

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const stack = superviseChildren(
  [
    { name: 'identity', args: [tsx, 'watch', 'apps/identity/src/server.ts'] },
    { name: 'analytics', args: [tsx, 'watch', 'apps/analytics/src/server.ts'] },
    { name: 'portal', args: [tsx, 'watch', 'apps/portal-server/src/server.ts'] },
    { name: 'web', args: [vite, 'apps/portal-web', '--port', '5173', '--strictPort'] },
  ].map((spec) => ({ ...spec, command: process.execPath, env })),
);
// tsx watch restarts a server on change; the supervisor restarts a watcher that exits.
stack.started();
stopOnSignals(stack.stop);
console.info(`Development stack starting: open ${webOrigin} (API on ${env.PORTAL_PUBLIC_URL}).`);
