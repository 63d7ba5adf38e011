/**
 * What the create kind checks of an embed token: Create permission, the dataset it names, and the workspace new
 * content may go to; and the token the frame goes on with once new content exists (the same grant, for the time
 * the caller's token has left, naming the new content too).
 */
import { Permissions } from '@portico/models';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../auth/tokens.ts';
import type { EmbedClaims, GrantedItem } from '../../auth/tokens.ts';
import type { Dataset } from '@portico/analytics-model';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { servicesOf } from '../../services.ts';

/** The verified claims, when they carry Create; 403 otherwise. */
export function creatorClaims(request: FastifyRequest): EmbedClaims {
  const claims = embedClaims(request);
  if (!hasPermission(claims.permissions, Permissions.Create)) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'The embed token does not allow creating content (Create permission).',
    );
  }
  return claims;
}

/**
 * The dataset a Create token may author on: one it names, or a quick-create dataset of a workspace it targets whose
 * rows belong to one of its accounts (so a token the host refreshes still reaches the draft it made). 403 otherwise,
 * 404 when a named dataset no longer exists.
 */
export function datasetForCreator(app: FastifyInstance, request: FastifyRequest, datasetId: string): Dataset {
  const claims = creatorClaims(request);
  const user = servicesOf(app).content.userDataset(datasetId);
  const owned =
    user !== undefined &&
    (claims.targetWorkspaces ?? []).includes(user.dataset.workspaceId) &&
    claims.databaseNames.includes(user.databaseName);
  if (!owned && !(claims.datasets ?? []).some((d) => d.id === datasetId)) {
    throw new HttpError(403, 'FORBIDDEN', 'The embed token does not grant access to this dataset.');
  }
  const dataset = servicesOf(app).content.dataset(datasetId);
  if (dataset === undefined) throw new HttpError(404, 'NOT_FOUND', `No dataset '${datasetId}'.`);
  return dataset;
}

/**
 * The workspace new content goes to: `wanted` when the token names it as a target, else the token's first target;
 * 403 when the token names no target workspace (or not the one wanted).
 */
export function targetWorkspace(claims: EmbedClaims, wanted: string | undefined): string {
  const targets = claims.targetWorkspaces ?? [];
  if (wanted !== undefined && wanted !== '') {
    if (!targets.includes(wanted)) {
      throw new HttpError(
        403,
        'FORBIDDEN',
        `The embed token does not allow creating content in workspace '${wanted}'.`,
      );
    }
    return wanted;
  }
  const first = targets[0];
  if (first === undefined) {
    throw new HttpError(403, 'FORBIDDEN', 'The embed token names no target workspace to create content in.');
  }
  return first;
}

/** A token with the caller's grant plus `add`, expiring exactly when the caller's does. */
export async function successorToken(
  app: FastifyInstance,
  claims: EmbedClaims,
  add: {
    readonly report?: GrantedItem & { readonly datasetId: string };
    readonly dataset?: GrantedItem;
  },
): Promise<{ token: string; tokenId: string; expiration: string }> {
  const issued = await servicesOf(app).tokens.issueSuccessorToken(
    claims.sub,
    {
      ...claims,
      reports: add.report === undefined ? claims.reports : [...claims.reports, add.report],
      ...(add.dataset === undefined ? {} : { datasets: [...(claims.datasets ?? []), add.dataset] }),
    },
    claims.exp,
  );
  return { token: issued.token, tokenId: issued.tokenId, expiration: issued.expiresAt.toISOString() };
}
