// What `npm start` prints last, once every server is ready: where to go, who to sign in as.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseLogLine } from './log-lines.mjs';
import { sampleSignIns } from './stack.mjs';

const INSTALLER_LINE = /^Installer for /;

/** Where the portal server keeps the sample installer URLs (owner-only) when it seeds the sample keys. */
export function sampleInstallersFile(dataDir) {
  return path.join(dataDir, 'portal', 'sample-installer-urls.txt');
}

/**
 * The sample installer pages, listed once and in the summary. An access key is shown once, when it is made: the
 * portal server makes the sample keys, and the owner-only file of their URLs, on its first start only. The
 * `Installer for …` lines it logs then are held back from the log (pass `show` to its `startChild`); `release` gives
 * the summary's lines: the URLs with their keys when the file is new (`existedBefore` false), else where they are
 * kept and how to make a new key. After `release`, the portal's lines are printed as they come.
 */
export function holdInstallerLines() {
  let released = false;
  return {
    show(line) {
      if (released) return true;
      const message = parseLogLine(line)?.msg;
      return message === undefined || !INSTALLER_LINE.test(message);
    },
    release(dataDir, { existedBefore }) {
      released = true;
      return sampleInstallerSummary(dataDir, { existedBefore });
    },
  };
}

/** The summary's lines about the sample installer pages (see `holdInstallerLines`). */
export function sampleInstallerSummary(dataDir, { existedBefore }) {
  const file = sampleInstallersFile(dataDir);
  if (!existsSync(file)) return [];
  if (existedBefore) {
    return [
      '  Sample installer pages: the URLs with their access keys (shown at the first start) are in',
      `    ${file}`,
      '    A new key: npm run admin -- keys create contoso_emea (with the portal stopped when its database is embedded)',
    ];
  }
  const urls = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => INSTALLER_LINE.test(line))
    .map((line) => `    ${line}`);
  return [
    `  Sample installer pages (the access keys are shown this once; the URLs are kept in ${file}):`,
    ...urls,
  ];
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
    ...(installers.length > 0 ? [...installers, ''] : []),
    '  A server that stops is restarted; press Ctrl+C to stop them all.',
    '',
  ].join('\n');
}
