#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults. Installs and builds what is missing, then starts the
// identity provider, the analytics service and the portal server, waits until all are healthy and prints where to
// go and who to be. A server that stops later is restarted (supervisor.mjs); any stop signal, or the end of the
// process that started this one, stops them all (stop-signals.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { nodeWithTsx, waitForHealthy } from './child-process.mjs';
import { localUrl, root, stackEnvironment } from './stack.mjs';
import { holdInstallerLines, sampleInstallersFile, startSummary } from './start-summary.mjs';
import { stopOnSignals } from './stop-signals.mjs';
import { superviseChildren } from './supervisor.mjs';

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
const installers = holdInstallerLines();
const servers = [
  ...(devIdentity
    ? [
        {
          name: 'identity',
          entry: 'apps/identity/src/server.ts',
          health: `${localUrl(env.IDENTITY_HOST, env.IDENTITY_PORT)}/healthz`,
        },
      ]
    : []),
  {
    name: 'analytics',
    entry: 'apps/analytics/src/server.ts',
    health: `${localUrl(env.ANALYTICS_HOST, env.ANALYTICS_PORT)}/readyz`,
    // glibc gives each thread that mallocs an arena of its own (up to 8 per core): DuckDB's threads and the result
    // buffers left 100-200 MB of freed memory resident under load. Two arenas kept the service under 500 MB at
    // scale 10 with 100 viewers (apps/analytics/README.md, "Memory"); a value set in the environment wins.
    env: { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' },
    // V8's young generation at 2 × 32 MB instead of 2 × 16: under load a page's request objects live about a second,
    // and half as many scavenges copy them half as often (100 viewers: about 0.3 ms less CPU a page, RSS unchanged;
    // apps/analytics/README.md, "Memory").
    nodeFlags: ['--max-semi-space-size=32'],
  },
  {
    name: 'portal',
    entry: 'apps/portal-server/src/server.ts',
    health: `${localUrl(env.PORTAL_HOST, env.PORTAL_PORT)}/readyz`,
    show: installers.show,
  },
];
const stack = superviseChildren(
  servers.map(({ name, entry, show, nodeFlags, ...server }) => {
    const [command, args] = nodeWithTsx(entry, nodeFlags);
    return { name, command, args, env: server.env ?? env, show };
  }),
);
stopOnSignals(stack.stop);

try {
  await Promise.all(servers.map(({ name, health }) => waitForHealthy(name, health)));
} catch (error) {
  console.error(`\nPortico did not start: ${error.message}`);
  await stack.stop(1);
}
stack.started();
console.info(
  startSummary(env, {
    devIdentity,
    installers: installers.release(env.PORTICO_DATA_DIR, { existedBefore: installersExistedBefore }),
  }),
);
