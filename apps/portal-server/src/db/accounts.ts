import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PortalDb } from './database.ts';
import { customerAccounts, memberships } from './schema.ts';
import type { CustomerAccountRow, MembershipRow, PrincipalKind } from './schema.ts';

/** A customer account as the API shows it (spec §3). */
export interface CustomerAccount {
  databaseName: string;
  accountName: string;
  customerName: string;
}

/** What a caller is known by, from a verified token. */
export interface Principal {
  subject: string;
  /** Only a verified (or not explicitly unverified) email; see README "Memberships". */
  email: string | null;
  groups: readonly string[];
}

/** A database name: lower-case letters, digits and underscores, starting with a letter (also a safe identifier). */
export const DATABASE_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
const DATABASE_NAME = new RegExp(DATABASE_NAME_PATTERN);

export function isDatabaseName(value: string): boolean {
  return DATABASE_NAME.test(value);
}

/** Emails are matched case-insensitively, so both sides are stored and compared lower-cased. */
export function normalisePrincipal(kind: PrincipalKind, principal: string): string {
  return kind === 'email' ? principal.trim().toLowerCase() : principal.trim();
}

export async function createAccount(db: PortalDb, account: CustomerAccount): Promise<CustomerAccountRow> {
  if (!isDatabaseName(account.databaseName))
    throw new RangeError(`invalid databaseName "${account.databaseName}"`);
  const [row] = await db.insert(customerAccounts).values(account).returning();
  if (row === undefined) throw new Error('insert into customer_accounts returned no row');
  return row;
}

export function listAccounts(db: PortalDb): Promise<CustomerAccountRow[]> {
  return db.select().from(customerAccounts).orderBy(asc(customerAccounts.databaseName));
}

export async function findAccount(
  db: PortalDb,
  databaseName: string,
): Promise<CustomerAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.databaseName, databaseName))
    .limit(1);
  return row;
}

function principalMatches(principal: Principal): SQL {
  const conditions: SQL[] = [
    and(eq(memberships.principalKind, 'subject'), eq(memberships.principal, principal.subject)) as SQL,
  ];
  if (principal.email !== null) {
    conditions.push(
      and(
        eq(memberships.principalKind, 'email'),
        eq(memberships.principal, normalisePrincipal('email', principal.email)),
      ) as SQL,
    );
  }
  if (principal.groups.length > 0) {
    conditions.push(
      and(
        eq(memberships.principalKind, 'group'),
        inArray(memberships.principal, [...principal.groups]),
      ) as SQL,
    );
  }
  return or(...conditions) as SQL;
}

/**
 * The accounts a caller belongs to, by subject, email or group, ordered by databaseName.
 *
 * ```ts
 * await accountsOf(db, { subject: 'u-1', email: 'alice@contoso.example', groups: [] }); // [{ databaseName: … }]
 * ```
 */
export async function accountsOf(db: PortalDb, principal: Principal): Promise<CustomerAccount[]> {
  const member = db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(principalMatches(principal));
  return db
    .select({
      databaseName: customerAccounts.databaseName,
      accountName: customerAccounts.accountName,
      customerName: customerAccounts.customerName,
    })
    .from(customerAccounts)
    .where(inArray(customerAccounts.id, member))
    .orderBy(asc(customerAccounts.databaseName));
}

/** Grants `principal` membership of the account; granting twice changes nothing. False when there is no such account. */
export async function grantMembership(
  db: PortalDb,
  databaseName: string,
  kind: PrincipalKind,
  principal: string,
): Promise<boolean> {
  const account = await findAccount(db, databaseName);
  if (account === undefined) return false;
  await db
    .insert(memberships)
    .values({ accountId: account.id, principalKind: kind, principal: normalisePrincipal(kind, principal) })
    .onConflictDoNothing();
  return true;
}

/** Removes a membership; the number removed (0 or 1). */
export async function revokeMembership(
  db: PortalDb,
  databaseName: string,
  kind: PrincipalKind,
  principal: string,
): Promise<number> {
  const account = await findAccount(db, databaseName);
  if (account === undefined) return 0;
  const removed = await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.accountId, account.id),
        eq(memberships.principalKind, kind),
        eq(memberships.principal, normalisePrincipal(kind, principal)),
      ),
    )
    .returning({ id: memberships.id });
  return removed.length;
}

export interface MembershipListing extends Pick<MembershipRow, 'principalKind' | 'principal' | 'createdAt'> {
  databaseName: string;
}

/** Every membership, or those of one account. */
export function listMemberships(db: PortalDb, databaseName?: string): Promise<MembershipListing[]> {
  return db
    .select({
      databaseName: customerAccounts.databaseName,
      principalKind: memberships.principalKind,
      principal: memberships.principal,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(customerAccounts, eq(customerAccounts.id, memberships.accountId))
    .where(databaseName === undefined ? sql`true` : eq(customerAccounts.databaseName, databaseName))
    .orderBy(asc(customerAccounts.databaseName), asc(memberships.principalKind), asc(memberships.principal));
}
