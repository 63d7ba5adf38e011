#!/usr/bin/env node
// `npm run dev`: the stack with hot reload. The servers restart on change (tsx watch); the web app is served by
// Vite with HMR at http://localhost:5173 and proxies /api and /locales to the portal server.
import path from 'node:path';
import { root, stackEnvironment, startChild, superviseChildren } from './stack.mjs';

const webOrigin = 'http://localhost:5173';
const env = stackEnvironment(process.env, { devWebOrigin: webOrigin });

const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
superviseChildren([
  startChild('identity', process.execPath, [tsx, 'watch', 'apps/identity/src/server.ts'], env),
  startChild('analytics', process.execPath, [tsx, 'watch', 'apps/analytics/src/server.ts'], env),
  startChild('portal', process.execPath, [tsx, 'watch', 'apps/portal-server/src/server.ts'], env),
  startChild('web', process.execPath, [vite, 'apps/portal-web', '--port', '5173', '--strictPort'], env),
]);
console.info(`Development stack starting: open ${webOrigin} (API on ${env.PORTAL_PUBLIC_URL}).`);
