import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../auth/tokens.ts';
import type { Dataset, Report } from '@portico/analytics-model';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { servicesOf } from '../../services.ts';

/**
 * The report a frame-api call is about, if the caller's embed token names it: 403 when the token does not, 404 when
 * the token names it but it no longer exists. With `needs`, the token must also carry those Permissions flags.
 */
export function reportForToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reportId: string,
  needs?: { flags: number; action: string },
): { report: Report; dataset: Dataset } {
  const claims = embedClaims(request);
  if (!claims.reports.some((r) => r.id === reportId)) {
    throw new HttpError(403, 'FORBIDDEN', 'The embed token does not grant access to this report.');
  }
  if (needs !== undefined && !anyFlag(claims.permissions, needs.flags)) {
    throw new HttpError(403, 'FORBIDDEN', `The embed token does not allow ${needs.action}.`);
  }
  const report = servicesOf(app).content.report(reportId);
  const dataset = report === undefined ? undefined : servicesOf(app).content.dataset(report.datasetId);
  if (report === undefined || dataset === undefined)
    throw new HttpError(404, 'NOT_FOUND', `No report '${reportId}'.`);
  return { report, dataset };
}

/** True when `permissions` holds at least one of the bits of `flags` (ReadWrite for save; Copy or Create for save-as). */
function anyFlag(permissions: number, flags: number): boolean {
  for (let bit = 1; bit <= flags; bit <<= 1)
    if ((flags & bit) !== 0 && hasPermission(permissions, bit)) return true;
  return false;
}
