// What `npm start` prints last, once every server is ready: where to go, who to sign in as.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseLogLine } from './log-lines.mjs';
import { sampleSignIns } from './stack.mjs';

const INSTALLER_LINE = /^Installer for /;

/**
 * The sample installer pages, each listed once and in the summary: the `Installer for …` lines the portal server
 * logs while it starts are held back from the log (pass `show` to its `startChild`), and joined with those of the
 * data directory's sample-installer file (which is how they arrive when LOG_LEVEL hides the portal's info lines).
 * After `release`, the portal's lines are printed as they come (a restarted portal logs them again).
 */
export function holdInstallerLines() {
  const held = [];
  let released = false;
  return {
    show(line) {
      if (released) return true;
      const message = parseLogLine(line)?.msg;
      if (message === undefined || !INSTALLER_LINE.test(message)) return true;
      held.push(message);
      return false;
    },
    release(dataDir) {
      released = true;
      const file = path.join(dataDir, 'portal', 'sample-installer-urls.txt');
      const saved = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
      return [...new Set([...held, ...saved.filter((line) => INSTALLER_LINE.test(line))])];
    },
  };
}

/** The summary: the URLs, the data directory, the sample sign-ins and installer pages, how to stop. */
export function startSummary(env, { devIdentity, installers }) {
  const signIns = devIdentity
    ? [
        '  Sample sign-ins (email, password, name):',
        ...sampleSignIns(env).map((u) => `    ${u.username.padEnd(28)} ${u.password.padEnd(16)} ${u.name}`),
      ]
    : [`  Sign in through ${env.OIDC_AUTHORITY}.`];
  return [
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
    ...(installers.length > 0 ? ['  Sample installer pages:', ...installers.map((l) => `    ${l}`), ''] : []),
    '  A server that stops is restarted; press Ctrl+C to stop them all.',
    '',
  ].join('\n');
}
