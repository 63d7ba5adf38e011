// Runs drizzle-kit with this workspace's drizzle-orm visible to it.
//
// npm installed drizzle-kit in the root node_modules but drizzle-orm only in apps/portal-server/node_modules, where
// drizzle-kit cannot find it ("Please install latest version of drizzle-orm"). Its `require` calls honour NODE_PATH;
// its dynamic `import()` calls do not, so a resolve hook sends those to this workspace. Usage: `npm run db:generate`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// bin.cjs is not in the package's exports map; find it next to the package's main entry.
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const ownModules = fileURLToPath(new URL('../node_modules', import.meta.url));
const hook = new URL('./drizzle-orm-resolve-hook.mjs', import.meta.url).href;

const result = spawnSync(
  process.execPath,
  [
    '--import',
    `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hook)})`,
    bin,
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_PATH: [ownModules, process.env.NODE_PATH].filter(Boolean).join(delimiter) },
  },
);
process.exit(result.status ?? 1);
