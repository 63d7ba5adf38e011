/**
 * The provider's server-rendered pages. Every interpolated value goes through `escapeHtml`; styles come from
 * `/assets/identity.css` and the only script is the nonce'd auto-submit of the logout form.
 */
import { escapeHtml } from '@portico/server-kit';

export const STYLESHEET_PATH = '/assets/identity.css';

export const WRONG_CREDENTIALS = 'Wrong email or password.';

interface LayoutOptions {
  title: string;
  /** Trusted markup, built from escaped values. */
  body: string;
  script?: { nonce: string; source: string };
}

function layout({ title, body, script }: LayoutOptions): string {
  const scriptTag = script
    ? `\n    <script nonce="${escapeHtml(script.nonce)}">${script.source}</script>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)} · Portico</title>
    <link rel="stylesheet" href="${STYLESHEET_PATH}">
  </head>
  <body>
    <main>
      <p class="brand">Portico sign-in</p>
${body}
    </main>${scriptTag}
  </body>
</html>
`;
}

export const TOO_MANY_ATTEMPTS = (minutes: number) =>
  `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

export interface LoginPageOptions {
  action: string;
  username?: string | undefined;
  /** `true` shows "Wrong email or password."; a string shows that message. */
  error?: boolean | string;
}

export function loginPage({ action, username = '', error = false }: LoginPageOptions): string {
  const message = error === true ? WRONG_CREDENTIALS : error === false ? '' : error;
  const alert = message
    ? `      <p class="error" id="login-error" role="alert">${escapeHtml(message)}</p>\n`
    : '';
  const described = message ? ' aria-describedby="login-error"' : '';
  const focusUser = username === '' ? ' autofocus' : '';
  const focusPassword = username === '' ? '' : ' autofocus';
  return layout({
    title: 'Sign in',
    body: `      <h1>Sign in</h1>
${alert}      <form method="post" action="${escapeHtml(action)}" novalidate>
        <label for="username">Email</label>
        <input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(username)}"${described}${focusUser}>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required${described}${focusPassword}>
        <button type="submit">Sign in</button>
      </form>`,
  });
}

/**
 * The provider's root: `npm start` prints its URL, and a person who opens it learns that signing in starts in the
 * portal, and where applications find the provider's configuration.
 */
export function homePage({ issuer, portals }: { issuer: string; portals: readonly string[] }): string {
  const links = portals.map((p) => `<a href="${escapeHtml(p)}">${escapeHtml(p)}</a>`).join(', ');
  const discovery = `${issuer}/.well-known/openid-configuration`;
  return layout({
    title: 'Identity provider',
    body: `      <h1>Portico identity provider</h1>
      <p>This is the development sign-in service of Portico. There is nothing to do here: open the portal${
        portals.length > 0 ? ` (${links})` : ''
      } and choose Sign in.</p>
      <p class="details">Applications find this provider (issuer <code>${escapeHtml(issuer)}</code>) through its
      <a href="${escapeHtml(discovery)}">OpenID configuration</a>.</p>`,
  });
}

export function expiredInteractionPage(): string {
  return layout({
    title: 'Sign-in expired',
    body: `      <h1>This sign-in has expired</h1>
      <p>Go back to the portal and sign in again.</p>`,
  });
}

export interface LogoutPageOptions {
  /** oidc-provider's confirmation form (trusted markup with an escaped xsrf value). */
  form: string;
  /** Submit without asking: the request carried a valid id_token_hint, so the portal itself asked to sign out. */
  autoSubmit: boolean;
  nonce: string;
  /** Who is signed in, shown on the confirmation page. */
  accountLabel?: string | undefined;
}

export function logoutPage({ form, autoSubmit, nonce, accountLabel }: LogoutPageOptions): string {
  const confirmButton = '<button type="submit" form="op.logoutForm">Sign out</button>';
  if (autoSubmit) {
    return layout({
      title: 'Signing out',
      body: `      <h1>Signing you out…</h1>
      ${form}
      <noscript>${confirmButton}</noscript>`,
      script: { nonce, source: "document.getElementById('op.logoutForm').submit();" },
    });
  }
  const who = accountLabel ? `\n      <p>You are signed in as ${escapeHtml(accountLabel)}.</p>` : '';
  return layout({
    title: 'Sign out',
    body: `      <h1>Sign out of Portico?</h1>${who}
      ${form}
      ${confirmButton}`,
  });
}

export function signedOutPage(): string {
  return layout({
    title: 'Signed out',
    body: `      <h1>You are signed out</h1>
      <p>You can close this window.</p>`,
  });
}

/** A page saying what was wrong with a request to the sign-in pages. */
export function problemPage(heading: string, message: string): string {
  return layout({
    title: heading,
    body: `      <h1>${escapeHtml(heading)}</h1>
      <p>${escapeHtml(message)}</p>`,
  });
}

export function errorPage(error: string, description: string | undefined): string {
  const details = description ? `\n      <p class="details">${escapeHtml(description)}</p>` : '';
  return layout({
    title: 'Sign-in problem',
    body: `      <h1>Something went wrong</h1>
      <p class="error">${escapeHtml(error)}</p>${details}`,
  });
}
