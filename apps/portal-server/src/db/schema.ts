import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Everyone who has called the API with a valid token, keyed by the token's `sub`. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  subject: text('subject').notNull().unique(),
  name: text('name'),
  email: text('email'),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  /** When the current visit began: the first call after a pause of more than VISIT_GAP (src/db/users.ts). */
  visitStartedAt: timestamp('visit_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last call of the visit before the current one; null during the first visit. "New since last visit". */
  previousVisitAt: timestamp('previous_visit_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;

/** The customer accounts whose data the portal serves; `databaseName` is the account's stable key everywhere. */
export const customerAccounts = pgTable('customer_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  databaseName: text('database_name').notNull().unique(),
  accountName: text('account_name').notNull(),
  customerName: text('customer_name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CustomerAccountRow = typeof customerAccounts.$inferSelect;

/** Who a membership names: a token's `sub`, its (lower-cased) `email`, or one of its `groups`. */
export const PRINCIPAL_KINDS = ['subject', 'email', 'group'] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/** Account ↔ user (by subject or email) or account ↔ identity-provider group. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    principalKind: text('principal_kind', { enum: PRINCIPAL_KINDS }).notNull(),
    principal: text('principal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('memberships_account_principal_unique').on(table.accountId, table.principalKind, table.principal),
    index('memberships_principal_idx').on(table.principalKind, table.principal),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;

/** The installers an access key can unlock. */
export const INSTALLEES = ['dca', 'controlPanel', 'controlPanelUpgrade'] as const;
export type Installee = (typeof INSTALLEES)[number];

/** Installer access keys: only the SHA-256 of the key is stored; the key itself is shown once, at creation. */
export const accessKeys = pgTable('access_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  keyHash: text('key_hash').notNull().unique(),
  /** The first characters of the key, so an administrator can tell keys apart in a listing. */
  keyPrefix: text('key_prefix').notNull(),
  accountId: integer('account_id')
    .notNull()
    .references(() => customerAccounts.id, { onDelete: 'cascade' }),
  installees: text('installees', { enum: INSTALLEES }).array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  useCount: integer('use_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AccessKeyRow = typeof accessKeys.$inferSelect;

/** The report catalog's tree; `parentId` is -1 for a root (spec §3), so it is not a foreign key. */
export const reportNodes = pgTable('report_nodes', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  name: text('name').notNull(),
  /** The node's catalog path (`Fleet/Inventory`): a name the API resolves, never a file-system path. */
  relativePath: text('relative_path').notNull().unique(),
  isOffice: boolean('is_office').notNull().default(false),
  /** Order among its siblings. */
  position: integer('position').notNull().default(0),
});

export type ReportNodeRow = typeof reportNodes.$inferSelect;

/** The reports a node holds, each rendered by a document kind of src/documents. */
export const catalogReports = pgTable(
  'catalog_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => reportNodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    position: integer('position').notNull().default(0),
    /** When the report joined the catalog: the home page counts the reports added since a user's last visit. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('catalog_reports_node_name_unique').on(table.nodeId, table.name)],
);

export type CatalogReportRow = typeof catalogReports.$inferSelect;

/** Downloads and token grants: who, what, when and how it ended. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `user:<sub>`, `key:<prefix>` or `anonymous`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

export type AuditRow = typeof auditLog.$inferSelect;
