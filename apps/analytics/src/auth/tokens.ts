/**
 * The two kinds of token the service issues, both short-lived ES256 JWTs signed with its one key:
 * - API access tokens (`aud` portico-analytics-api, `typ` at+jwt) for the portal's server-to-server calls;
 * - embed tokens (`aud` portico-analytics-embed, `typ` embed+jwt) that a frame presents on every content and query
 *   call: which reports, which permissions, whose rows (databaseNames), which host origins.
 * Verification pins the algorithm, issuer, audience and type, so neither kind passes for the other.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { SigningKey } from './signing-key.ts';
import { VerifiedTokens } from './verified-tokens.ts';

export const API_AUDIENCE = 'portico-analytics-api';
export const EMBED_AUDIENCE = 'portico-analytics-embed';
const ALGORITHMS = ['ES256'];

/** A piece of content an embed token names, with the workspace it lives in. */
export interface GrantedItem {
  readonly id: string;
  readonly workspaceId: string;
}

/**
 * What an embed token grants. Reports are what most tokens name; the other kinds of the SDK (dashboards and their
 * tiles, Q&A and report creation over datasets, paginated reports, quick-create into a workspace) name their own
 * content in the optional lists. A token names at least one item of some kind.
 */
export interface EmbedGrant {
  readonly reports: readonly (GrantedItem & { readonly datasetId: string })[];
  /** Datasets for Q&A and report creation. */
  readonly datasets?: readonly GrantedItem[];
  readonly dashboards?: readonly GrantedItem[];
  readonly paginatedReports?: readonly GrantedItem[];
  /** Workspaces that create and quick-create may store new content in (save-as keeps a copy beside its original). */
  readonly targetWorkspaces?: readonly string[];
  /** models' Permissions flags: Read 0, ReadWrite 1, Copy 2, Create 4 (All 7). */
  readonly permissions: number;
  /** Row-level security: the accounts whose rows the viewer may see. */
  readonly databaseNames: readonly string[];
  /**
   * Who views, as the host names them (`identities[].username`): persistent filters are kept per viewer. Without
   * it every viewer of the same accounts through the same client shares them.
   */
  readonly viewer?: string;
  /** Host origins allowed to embed the reports. */
  readonly origins: readonly string[];
}

export interface EmbedClaims extends EmbedGrant {
  readonly jti: string;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
  /** The API client that asked for the token. */
  readonly sub: string;
}

const GrantedItemSchema = Type.Object({ id: Type.String(), workspaceId: Type.String() });

const EmbedClaimsSchema = Type.Object({
  jti: Type.String({ minLength: 1 }),
  exp: Type.Integer(),
  sub: Type.String(),
  reports: Type.Array(
    Type.Object({ id: Type.String(), datasetId: Type.String(), workspaceId: Type.String() }),
  ),
  datasets: Type.Optional(Type.Array(GrantedItemSchema)),
  dashboards: Type.Optional(Type.Array(GrantedItemSchema)),
  paginatedReports: Type.Optional(Type.Array(GrantedItemSchema)),
  targetWorkspaces: Type.Optional(Type.Array(Type.String())),
  permissions: Type.Integer({ minimum: 0, maximum: 7 }),
  databaseNames: Type.Array(Type.String(), { minItems: 1 }),
  viewer: Type.Optional(Type.String({ minLength: 1 })),
  origins: Type.Array(Type.String()),
});

/** Why a token was refused: `expired` (the caller should get a new one) or `invalid`. */
export class TokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface TokenServiceOptions {
  readonly key: SigningKey;
  /** `iss` of every token: the service's public URL. */
  readonly issuer: string;
  /** The clock, for tests; default Date.now. */
  readonly now?: () => number;
  /**
   * Verified embed tokens remembered until they expire (see verified-tokens.ts), so a page's calls check the
   * signature once; default 5,000 (a token and its claims take 2–3 KB: about 12 MB at most); 0 checks every call in
   * full.
   */
  readonly rememberedTokens?: number;
}

export interface IssuedToken {
  readonly token: string;
  readonly tokenId: string;
  readonly expiresAt: Date;
}

export const API_TOKEN_SECONDS = 900;

export const REMEMBERED_TOKENS = 5_000;

export class TokenService {
  private readonly now: () => number;
  private readonly verifiedEmbeds: VerifiedTokens<EmbedClaims>;

  constructor(private readonly options: TokenServiceOptions) {
    this.now = options.now ?? Date.now;
    this.verifiedEmbeds = new VerifiedTokens({
      maxEntries: options.rememberedTokens ?? REMEMBERED_TOKENS,
      now: this.now,
    });
  }

  private async sign(
    claims: JWTPayload,
    audience: string,
    typ: string,
    subject: string,
    seconds: number,
  ): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    const tokenId = randomUUID();
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ, kid: this.options.key.kid })
      .setIssuer(this.options.issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(issuedAt + seconds)
      .setJti(tokenId)
      .sign(this.options.key.privateKey);
    return { token, tokenId, expiresAt: new Date((issuedAt + seconds) * 1000) };
  }

  private async verify(token: string, audience: string, typ: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.options.key.publicKey, {
        algorithms: ALGORITHMS,
        issuer: this.options.issuer,
        audience,
        typ,
        requiredClaims: ['exp', 'iat', 'jti', 'sub'],
        currentDate: new Date(this.now()),
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('expired', 'The token has expired.');
      throw new TokenError('invalid', 'The token is not valid for this service.');
    }
  }

  /** An access token for the API client `clientId`. */
  issueApiToken(clientId: string): Promise<IssuedToken> {
    return this.sign(
      { client_id: clientId, scope: 'analytics.api' },
      API_AUDIENCE,
      'at+jwt',
      clientId,
      API_TOKEN_SECONDS,
    );
  }

  /** The client id of a valid API access token; throws a TokenError otherwise. */
  async verifyApiToken(token: string): Promise<string> {
    const payload = await this.verify(token, API_AUDIENCE, 'at+jwt');
    return String(payload.sub);
  }

  /**
   * An embed token for `grant`, valid `minutes` minutes, asked for by `clientId`.
   *
   * ```ts
   * const { token } = await tokens.issueEmbedToken('portal', { reports, permissions: 0, databaseNames: ['fabrikam'], origins }, 60);
   * ```
   */
  issueEmbedToken(clientId: string, grant: EmbedGrant, minutes: number): Promise<IssuedToken> {
    return this.signEmbed(clientId, grant, minutes * 60);
  }

  /**
   * A token for `grant` (the caller's grant plus what it just made) that expires exactly when the caller's token
   * does (`expiresAt`, its `exp` in seconds), so a chain of successors never outlives the first token.
   */
  issueSuccessorToken(clientId: string, grant: EmbedGrant, expiresAt: number): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    if (expiresAt <= issuedAt) throw new TokenError('expired', 'The token has expired.');
    return this.signEmbed(clientId, grant, expiresAt - issuedAt);
  }

  private signEmbed(clientId: string, grant: EmbedGrant, seconds: number): Promise<IssuedToken> {
    const items = (list: readonly GrantedItem[] | undefined) =>
      list === undefined || list.length === 0
        ? undefined
        : list.map(({ id, workspaceId }) => ({ id, workspaceId }));
    const claims = {
      reports: grant.reports.map(({ id, datasetId, workspaceId }) => ({ id, datasetId, workspaceId })),
      datasets: items(grant.datasets),
      dashboards: items(grant.dashboards),
      paginatedReports: items(grant.paginatedReports),
      targetWorkspaces:
        grant.targetWorkspaces === undefined || grant.targetWorkspaces.length === 0
          ? undefined
          : [...grant.targetWorkspaces],
      permissions: grant.permissions,
      databaseNames: [...grant.databaseNames],
      viewer: grant.viewer,
      origins: [...grant.origins],
    };
    return this.sign(claims, EMBED_AUDIENCE, 'embed+jwt', clientId, seconds);
  }

  /**
   * The claims of a valid embed token (frozen); throws a TokenError (`expired` or `invalid`) otherwise. A token that
   * passed before is answered from memory until its expiry, which is still checked on every call.
   */
  async verifyEmbedToken(token: string): Promise<EmbedClaims> {
    const known = this.verifiedEmbeds.recall(token);
    if (known?.kind === 'ok') return known.claims;
    if (known?.kind === 'expired') throw new TokenError('expired', 'The token has expired.');
    const payload = await this.verify(token, EMBED_AUDIENCE, 'embed+jwt');
    if (!Value.Check(EmbedClaimsSchema, payload) || !namesContent(payload))
      throw new TokenError('invalid', 'The token does not carry an embed grant.');
    return this.verifiedEmbeds.remember(token, payload);
  }
}

/** True when a grant names at least one report, dataset, dashboard, paginated report or target workspace. */
export function namesContent(
  grant: Pick<EmbedGrant, 'reports' | 'datasets' | 'dashboards' | 'paginatedReports' | 'targetWorkspaces'>,
): boolean {
  return (
    grant.reports.length > 0 ||
    (grant.datasets?.length ?? 0) > 0 ||
    (grant.dashboards?.length ?? 0) > 0 ||
    (grant.paginatedReports?.length ?? 0) > 0 ||
    (grant.targetWorkspaces?.length ?? 0) > 0
  );
}

/** True when `permissions` (models' Permissions flags) includes every bit of `needed`. */
export function hasPermission(permissions: number, needed: number): boolean {
  return (permissions & needed) === needed;
}
