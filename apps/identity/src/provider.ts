import { Provider, errors } from './oidc-provider-module.ts';
import type { Account, Configuration, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import type { IdentityConfig } from './config.ts';
import { contentSecurityPolicy, createNonce } from './content-security-policy.ts';
import { FileAdapter } from './file-adapter.ts';
import type { PrivateJwks } from './keys.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { claimsOf } from './users.ts';
import type { UserDirectory } from './users.ts';

export interface ProviderDependencies {
  config: IdentityConfig;
  users: UserDirectory;
  jwks: PrivateJwks;
  cookieKeys: string[];
  /** Folder of the file adapter's `<Model>/` folders. */
  storeDir: string;
}

/** Where provider pages find their CSP nonce: set by the first middleware, read by `logoutSource`. */
const nonces = new WeakMap<object, string>();

const DAY = 24 * 60 * 60;
const RESUME_PATH = /^\/auth\/[^/]+$/;
const SESSION_TTL = 14 * DAY;

/**
 * The OpenID Connect provider for the portal SPA: authorization code + PKCE (S256), rotating refresh tokens,
 * RS256 JWT access tokens for the portal API, RP-initiated logout, every artifact kept by the file adapter.
 */
export function createProvider({
  config,
  users,
  jwks,
  cookieKeys,
  storeDir,
}: ProviderDependencies): Provider {
  const origins = new Set(config.clientOrigins);

  const resourceServer: ResourceServer = {
    scope: config.apiScope,
    audience: config.apiAudience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: config.accessTokenTtlSeconds,
    jwt: { sign: { alg: 'RS256' } },
  };

  function accountFor(sub: string): Account | undefined {
    const user = users.findBySub(sub);
    if (user === undefined) return undefined;
    return { accountId: user.sub, claims: () => ({ ...claimsOf(user) }) };
  }

  const configuration: Configuration = {
    adapter: (name) => new FileAdapter(name, storeDir),
    jwks: { keys: jwks.keys },
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: config.clientId,
        client_name: 'Portico portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The SPA signs in with `window.location.origin` as its redirect URI.
        redirect_uris: [...config.clientOrigins],
        post_logout_redirect_uris: [...config.clientOrigins],
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
    // `profile` carries the email too: the SPA asks for `openid profile <api scope>` and shows the address.
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'email', 'email_verified'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => accountFor(sub),
    // The portal server records users from the access token alone, so it carries the profile.
    extraTokenClaims: (_ctx, token) => {
      if (!('accountId' in token)) return undefined;
      const user = users.findBySub(token.accountId);
      if (user === undefined) return undefined;
      const { name, email, preferred_username, groups } = claimsOf(user);
      return { name, email, preferred_username, groups };
    },
    // The SPA keeps its session by refresh token (no offline_access, no hidden iframe).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) => client.clientId === config.clientId && origins.has(origin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator, client) => {
          if (resourceIndicator !== config.apiAudience || client.clientId !== config.clientId) {
            throw new errors.InvalidTarget();
          }
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const { session, entities } = ctx.oidc;
          const accountId = session?.accountId;
          // Ask only when the request may not come from the portal itself (no hint, or a hint for someone else).
          const autoSubmit = accountId !== undefined && entities.IdTokenHint?.payload.sub === accountId;
          const user = accountId === undefined ? undefined : users.findBySub(accountId);
          ctx.type = 'html';
          ctx.body = logoutPage({
            // Signing out of the portal ends the whole provider session, not just the portal's authorization.
            form: form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>'),
            autoSubmit,
            nonce: nonces.get(ctx) ?? '',
            accountLabel: user?.email,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error, out.error_description);
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: config.accessTokenTtlSeconds,
      Interaction: 60 * 60,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      // A rotated token inherits what is left of its predecessor's life, so a chain ends with the session.
      RefreshToken: (ctx: KoaContextWithOIDC | undefined) =>
        ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL,
    },
  };

  const provider = new Provider(config.issuer, configuration);

  provider.use(async (ctx, next) => {
    const nonce = createNonce();
    nonces.set(ctx, nonce);
    // oidc-provider adds the hash of its own auto-submit scripts (form_post) to this script-src.
    ctx.set('content-security-policy', contentSecurityPolicy(config.clientOrigins, nonce));
    // The provider's own redirect to resume a sign-in (`/auth/<uid>`) carries no parameters; with some (a
    // client_id) and no live interaction, oidc-provider 9.13 fails with a TypeError instead of an error page.
    if (RESUME_PATH.test(ctx.path) && ctx.querystring !== '') {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(
        'invalid_request',
        'This sign-in cannot be resumed: go back to the portal and sign in again.',
      );
      return;
    }
    try {
      await next();
    } catch (error) {
      // Whatever still escapes the provider is logged (not printed by Koa with its stack) and answered as a page.
      provider.emit('server_error', ctx, error);
      ctx.status = 500;
      ctx.type = 'html';
      ctx.body = errorPage('server_error', 'Go back to the portal and try again.');
      return;
    }
    // A path the provider does not serve: the servers' error shape instead of Koa's bare "Not Found" text.
    if (ctx.status === 404 && ctx.body == null) {
      ctx.body = { message: 'No such endpoint.', code: 'NOT_FOUND' };
      ctx.status = 404;
    }
  });

  return provider;
}
