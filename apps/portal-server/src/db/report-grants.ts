import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { findAccount } from './accounts.ts';
import type { PortalDb } from './database.ts';
import { ALL_REPORTS, customerAccounts, reportGrants } from './schema.ts';

/** Who a report grant is for: the members of an account, or the members of an identity-provider group. */
export type Grantee = { readonly databaseName: string } | { readonly group: string };

/** One grant as the entitlement check and the admin tool see it; `reportId` may be ALL_REPORTS. */
export interface ReportGrant {
  readonly databaseName: string | null;
  readonly group: string | null;
  readonly reportId: string;
}

/** A report or dashboard id as the analytics service makes them, or ALL_REPORTS. */
export const REPORT_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$';
const REPORT_ID = new RegExp(REPORT_ID_PATTERN);

export function isReportGrantId(value: string): boolean {
  return value === ALL_REPORTS || REPORT_ID.test(value);
}

function checkedReportId(reportId: string): string {
  if (!isReportGrantId(reportId)) throw new RangeError(`invalid report id "${reportId}"`);
  return reportId;
}

/** The row's grantee columns, or undefined when the account does not exist. */
async function granteeColumns(
  db: PortalDb,
  grantee: Grantee,
): Promise<{ accountId: number | null; groupName: string | null } | undefined> {
  if ('group' in grantee) return { accountId: null, groupName: grantee.group.trim() };
  const account = await findAccount(db, grantee.databaseName);
  return account === undefined ? undefined : { accountId: account.id, groupName: null };
}

/**
 * Lets the grantee's members open `reportId` (ALL_REPORTS: every report); granting twice changes nothing. False when
 * the account does not exist.
 *
 * ```ts
 * await grantReport(db, { databaseName: 'fabrikam' }, 'c7f8789d-083c-4944-a9ce-49d0b3594f03');
 * await grantReport(db, { group: 'contoso-users' }, ALL_REPORTS);
 * ```
 */
export async function grantReport(db: PortalDb, grantee: Grantee, reportId: string): Promise<boolean> {
  const columns = await granteeColumns(db, grantee);
  if (columns === undefined) return false;
  await db
    .insert(reportGrants)
    .values({ ...columns, reportId: checkedReportId(reportId) })
    .onConflictDoNothing();
  return true;
}

/** Removes a grant; returns how many rows went (0 or 1). */
export async function revokeReport(db: PortalDb, grantee: Grantee, reportId: string): Promise<number> {
  const columns = await granteeColumns(db, grantee);
  if (columns === undefined) return 0;
  const removed = await db
    .delete(reportGrants)
    .where(
      and(
        columns.accountId === null
          ? isNull(reportGrants.accountId)
          : eq(reportGrants.accountId, columns.accountId),
        columns.groupName === null
          ? isNull(reportGrants.groupName)
          : eq(reportGrants.groupName, columns.groupName),
        eq(reportGrants.reportId, reportId),
      ),
    )
    .returning({ id: reportGrants.id });
  return removed.length;
}

/** The grants of the given accounts (by databaseName) and groups. */
export async function grantsFor(
  db: PortalDb,
  databaseNames: readonly string[],
  groups: readonly string[],
): Promise<ReportGrant[]> {
  const conditions: SQL[] = [];
  if (databaseNames.length > 0) conditions.push(inArray(customerAccounts.databaseName, [...databaseNames]));
  if (groups.length > 0) conditions.push(inArray(reportGrants.groupName, [...groups]));
  if (conditions.length === 0) return [];
  return db
    .select({
      databaseName: customerAccounts.databaseName,
      group: reportGrants.groupName,
      reportId: reportGrants.reportId,
    })
    .from(reportGrants)
    .leftJoin(customerAccounts, eq(customerAccounts.id, reportGrants.accountId))
    .where(or(...conditions));
}

/** Every grant, or those of one account or group, ordered by grantee then report id. */
export function listReportGrants(db: PortalDb, grantee?: Grantee): Promise<ReportGrant[]> {
  const where =
    grantee === undefined
      ? sql`true`
      : 'group' in grantee
        ? eq(reportGrants.groupName, grantee.group)
        : eq(customerAccounts.databaseName, grantee.databaseName);
  return db
    .select({
      databaseName: customerAccounts.databaseName,
      group: reportGrants.groupName,
      reportId: reportGrants.reportId,
    })
    .from(reportGrants)
    .leftJoin(customerAccounts, eq(customerAccounts.id, reportGrants.accountId))
    .where(where)
    .orderBy(asc(customerAccounts.databaseName), asc(reportGrants.groupName), asc(reportGrants.reportId));
}
