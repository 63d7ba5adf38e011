#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults. Installs and builds what is missing, then starts the
// identity provider and the portal server, waits until both are healthy and prints where to go and who to be.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  localUrl,
  nodeWithTsx,
  root,
  sampleInstallersFile,
  sampleInstallerSummary,
  sampleSignIns,
  stackEnvironment,
  startChild,
  superviseChildren,
  waitForHealthy,
} from './stack.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.info('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// The browser apps: built when their output is missing or older than any of their sources.
const browserApps = [
  { name: 'the portal web app', workspace: '@portico/portal-web', dir: 'apps/portal-web', output: 'dist' },
  {
    name: 'the analytics frame',
    workspace: '@portico/analytics',
    dir: 'apps/analytics/frame',
    output: '../frame-dist',
  },
];
for (const app of browserApps) {
  const dir = path.join(root, app.dir);
  if (!existsSync(path.join(dir, 'index.html'))) continue;
  const builtAt = newestMtime(path.join(dir, app.output, 'index.html'));
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(dir, p),
  );
  if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
    console.info(`Building ${app.name}…`);
    run('npm', ['run', 'build', '--workspace', app.workspace]);
  }
}

const env = stackEnvironment();
// The portal server makes the sample keys (and this file) on its first start only: the summary shows keys then alone.
const installersExistedBefore = existsSync(sampleInstallersFile(env.PORTICO_DATA_DIR));

// The development identity provider runs only while the portal uses it; pointing OIDC_AUTHORITY at another
// provider (Keycloak, Entra ID, …) leaves it out.
const devIdentity = env.OIDC_AUTHORITY === env.IDENTITY_ISSUER;
const children = [];
const waits = [];
if (devIdentity) {
  const identity = startChild('identity', ...nodeWithTsx('apps/identity/src/server.ts'), env);
  children.push(identity);
  waits.push(() => waitForHealthy(`${localUrl(env.IDENTITY_HOST, env.IDENTITY_PORT)}/healthz`, identity));
}
const analytics = startChild('analytics', ...nodeWithTsx('apps/analytics/src/server.ts'), env);
children.push(analytics);
waits.push(() => waitForHealthy(`${localUrl(env.ANALYTICS_HOST, env.ANALYTICS_PORT)}/readyz`, analytics));
const portal = startChild('portal', ...nodeWithTsx('apps/portal-server/src/server.ts'), env);
children.push(portal);
waits.push(() => waitForHealthy(`${localUrl(env.PORTAL_HOST, env.PORTAL_PORT)}/readyz`, portal));
const stop = superviseChildren(children);

try {
  await Promise.all(waits.map((wait) => wait()));
} catch (error) {
  console.error(`\nPortico did not start: ${error.message}`);
  await stop(1);
}

const signIns = devIdentity
  ? [
      '  Sample sign-ins (email, password, name):',
      ...sampleSignIns(env).map((u) => `    ${u.username.padEnd(28)} ${u.password.padEnd(16)} ${u.name}`),
    ]
  : [`  Sign in through ${env.OIDC_AUTHORITY}.`];
const installers = sampleInstallerSummary(env.PORTICO_DATA_DIR, { existedBefore: installersExistedBefore });

console.info(
  [
    '',
    '  Portico is running.',
    '',
    `    Portal             ${env.PORTAL_PUBLIC_URL}`,
    `    Identity provider  ${env.OIDC_AUTHORITY}`,
    `    Analytics service  ${env.ANALYTICS_PUBLIC_URL}`,
    `    Data directory     ${env.PORTICO_DATA_DIR}`,
    '',
    ...signIns,
    '',
    ...(installers.length > 0 ? [...installers, ''] : []),
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);
