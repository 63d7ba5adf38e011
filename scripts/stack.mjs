// Shared by `npm start` and `npm run dev`: works out one coherent set of URLs and ports from the environment, and
// what the start summary lists (the sample sign-ins, a URL this machine reaches a server on).
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The environment every child gets: the user's variables win, the rest are derived so the parts agree. Creates the
 * data directory (owner-only, see privateDataDirectory) and, unless one is given, the client secret the portal
 * server uses at the analytics service. Only `npm run dev` passes `devWebOrigin`: the Vite server's origin is then
 * allowed to sign in and to frame reports, and the portal records the translation keys the web app misses.
 */
export function stackEnvironment(env = process.env, { devWebOrigin } = {}) {
  const identityPort = env.IDENTITY_PORT || '4401';
  const portalPort = env.PORTAL_PORT || '4400';
  const analyticsPort = env.ANALYTICS_PORT || '4402';
  const identityIssuer = env.IDENTITY_ISSUER || `http://localhost:${identityPort}`;
  const portalUrl = env.PORTAL_PUBLIC_URL || `http://localhost:${portalPort}`;
  const analyticsUrl = env.ANALYTICS_PUBLIC_URL || `http://localhost:${analyticsPort}`;
  const portalOrigins = [
    ...new Set([new URL(portalUrl).origin, ...(devWebOrigin ? [devWebOrigin] : [])]),
  ].join(',');
  const dataDir = path.resolve(env.PORTICO_DATA_DIR || path.join(process.cwd(), '.data'));
  privateDataDirectory(dataDir);
  return {
    ...env,
    PORTICO_DATA_DIR: dataDir,
    IDENTITY_PORT: identityPort,
    IDENTITY_ISSUER: identityIssuer,
    IDENTITY_CLIENT_ORIGINS: env.IDENTITY_CLIENT_ORIGINS || portalOrigins,
    PORTAL_PORT: portalPort,
    PORTAL_PUBLIC_URL: portalUrl,
    OIDC_AUTHORITY: env.OIDC_AUTHORITY || identityIssuer,
    ANALYTICS_PORT: analyticsPort,
    ANALYTICS_PUBLIC_URL: analyticsUrl,
    ANALYTICS_EMBED_ORIGINS: env.ANALYTICS_EMBED_ORIGINS || portalOrigins,
    ANALYTICS_CLIENT_SECRET: env.ANALYTICS_CLIENT_SECRET || localSecret(dataDir, 'analytics-client-secret'),
    PORTAL_ANALYTICS_URL: env.PORTAL_ANALYTICS_URL || analyticsUrl,
    // The stack runs the whole product on sample data that feeds the reports browser and the analytics service, so
    // both are shown unless told otherwise (the server's own defaults, for a portal deployed alone, are off), as is
    // the sample welcome message, and About names the portal's version instead of the installer's '{ip}' template.
    PORTAL_INCLUDE_REPORTS: env.PORTAL_INCLUDE_REPORTS || 'true',
    PORTAL_ENABLE_EMBEDDED_REPORTS: env.PORTAL_ENABLE_EMBEDDED_REPORTS || 'true',
    PORTAL_SHOW_WELCOME_MESSAGE: env.PORTAL_SHOW_WELCOME_MESSAGE || 'true',
    PORTAL_VERSION: env.PORTAL_VERSION || portalVersion(),
    ...(devWebOrigin && !env.PORTAL_DEV_ORIGIN ? { PORTAL_DEV_ORIGIN: devWebOrigin } : {}),
    ...(devWebOrigin && !env.PORTAL_RECORD_MISSING_TRANSLATIONS
      ? { PORTAL_RECORD_MISSING_TRANSLATIONS: 'true' }
      : {}),
    // The portal's built-in welcome message in the other UI languages, unless the user configured a message.
    ...(Object.keys(env).some((name) => name.startsWith('PORTAL_WELCOME_MESSAGE'))
      ? {}
      : SAMPLE_WELCOME_MESSAGES),
  };
}

/** apps/portal-server's default welcome message (DEFAULT_WELCOME_MESSAGE) translated, one variable per language. */
const SAMPLE_WELCOME_MESSAGES = Object.fromEntries(
  Object.entries({
    DE: [
      'Willkommen im Kundenportal. Hier laden Sie die Installationsprogramme Ihrer Produkte herunter, sehen die für Ihre Konten erstellten Berichte ein und arbeiten mit Ihren Analyseberichten.',
      'Über das Menü oben finden Sie sich zurecht; mit der Sprachauswahl in der Fußzeile ändern Sie die Anzeigesprache.',
    ],
    ES: [
      'Bienvenido al portal de clientes. Aquí puede descargar los instaladores de sus productos, consultar los informes generados para sus cuentas y trabajar con sus informes de análisis.',
      'Use el menú superior para moverse por el portal y el selector de idioma del pie de página para cambiar el idioma de la interfaz.',
    ],
    FR: [
      'Bienvenue sur le portail client. Vous pouvez y télécharger les programmes d’installation de vos produits, consulter les rapports produits pour vos comptes et travailler avec vos rapports d’analyse.',
      'Le menu du haut vous guide dans le portail, et le sélecteur de langue du pied de page change la langue d’affichage.',
    ],
    JA: [
      'カスタマーポータルへようこそ。ここでは、製品のインストーラーのダウンロード、アカウント向けに作成されたレポートの閲覧、分析レポートの操作ができます。',
      '上部のメニューで各ページに移動し、フッターの言語選択で表示言語を変更できます。',
    ],
    PL: [
      'Witamy w portalu klienta. Możesz tu pobrać instalatory swoich produktów, przeglądać raporty przygotowane dla Twoich kont i pracować z raportami analitycznymi.',
      'Menu u góry prowadzi po portalu, a wybór języka w stopce zmienia język wyświetlania.',
    ],
    RU: [
      'Добро пожаловать на клиентский портал. Здесь можно скачать установщики ваших продуктов, просмотреть отчёты, подготовленные для ваших учётных записей, и работать с аналитическими отчётами.',
      'Меню вверху поможет найти нужный раздел, а выбор языка в нижнем колонтитуле меняет язык интерфейса.',
    ],
  }).map(([language, paragraphs]) => [`PORTAL_WELCOME_MESSAGE_${language}`, JSON.stringify(paragraphs)]),
);

/**
 * The data directory holds the databases, keys and every customer's rows, so only this user may read it: the
 * launcher's umask becomes 0077 (inherited by every server it starts, and by the files they and their databases
 * write), the directory is created 0700, and entries an older start left readable are tightened, in one warning.
 */
function privateDataDirectory(dataDir) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const tighten = (entry) => {
    const info = lstatSync(entry);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) {
      try {
        chmodSync(entry, info.mode & 0o700);
        tightened += 1;
      } catch {
        // Another user's entry (a mounted volume): not ours to change, and no reason not to start.
      }
    }
    if (info.isDirectory()) for (const name of readdirSync(entry)) tighten(path.join(entry, name));
  };
  tighten(dataDir);
  if (tightened > 0) {
    console.warn(
      `Tightened the permissions of ${tightened} entries in ${dataDir} that other local users could read or write (directories are now 0700, files 0600).`,
    );
  }
}

/** The portal server's package version. */
function portalVersion() {
  return JSON.parse(readFileSync(path.join(root, 'apps/portal-server/package.json'), 'utf8')).version;
}

/** A random secret kept in the data directory (created 0600 on first use), for the local default only. */
function localSecret(dataDir, name) {
  const file = path.join(dataDir, 'secrets', name);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The sample sign-ins documented in the identity provider's seed file. */
export function sampleSignIns(env) {
  const seed = env.IDENTITY_USERS_SEED || path.join(root, 'apps/identity/seed/users.json');
  if (!existsSync(seed)) return [];
  const users = JSON.parse(readFileSync(seed, 'utf8'));
  return users.map((u) => ({ username: u.username, password: u.password, name: u.name }));
}

/** A URL this machine can reach a server on, whatever address it listens on. */
export function localUrl(host, port) {
  const reachable = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
