import type { ReportGrant } from '../db/report-grants.ts';
import { ALL_REPORTS } from '../db/schema.ts';

/** A caller as the entitlement check sees them: their accounts (databaseNames) and identity-provider groups. */
export interface EntitlementCaller {
  readonly databaseNames: readonly string[];
  readonly groups: readonly string[];
}

/** What the check needs of a report: its id and, for a copy saved through an embed token, whose it is. */
export interface EntitledReport {
  readonly reportId: string;
  /** The accounts of the token that saved the report (save-as, create); absent for the service's own reports. */
  readonly createdFor?: readonly string[] | undefined;
}

/**
 * The accounts whose rows the caller sees in `report`, or `[]` when the caller may not open it.
 *
 * - A report someone saved (save-as, create) belongs to the accounts it was saved for: a caller who belongs to all of
 *   them opens it on those accounts. Anyone else needs a grant of that very report; a grant of all reports does not
 *   reach other customers' copies.
 * - Any other report needs a grant of it, or of all reports, to one of the caller's accounts (then it opens on the
 *   accounts that have the grant) or to one of the caller's groups (then on all the caller's accounts).
 *
 * ```ts
 * entitledAccounts({ reportId: 'r1' }, { databaseNames: ['fabrikam'], groups: [] }, grants); // ['fabrikam'] or []
 * ```
 */
export function entitledAccounts(
  report: EntitledReport,
  caller: EntitlementCaller,
  grants: readonly ReportGrant[],
): string[] {
  const owners = report.createdFor ?? [];
  const copy = owners.length > 0;
  if (copy && owners.every((owner) => caller.databaseNames.includes(owner))) return [...owners].sort();
  const matching = grants.filter(
    (grant) => grant.reportId === report.reportId || (!copy && grant.reportId === ALL_REPORTS),
  );
  if (matching.some((grant) => grant.group !== null && caller.groups.includes(grant.group))) {
    return [...caller.databaseNames];
  }
  const granted = new Set(matching.map((grant) => grant.databaseName));
  return caller.databaseNames.filter((name) => granted.has(name));
}

/**
 * The reports of `list` the caller may open: the one filter behind the embedded-reports list and the home page.
 *
 * ```ts
 * const reports = grantedReports(await provider.listReports(), caller, await grantsFor(db, names, groups));
 * ```
 */
export function grantedReports<R extends EntitledReport>(
  list: readonly R[],
  caller: EntitlementCaller,
  grants: readonly ReportGrant[],
): R[] {
  return list.filter((report) => entitledAccounts(report, caller, grants).length > 0);
}
