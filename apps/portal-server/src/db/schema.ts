import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

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

/** A report grant's `reportId` that stands for every report and dashboard of the analytics service. */
export const ALL_REPORTS = '*';

/**
 * Which analytics reports (and dashboards) members of an account, or of an identity-provider group, may open: one row
 * per grantee and report id, or `ALL_REPORTS`. Exactly one of `accountId` and `groupName` is set.
 */
export const reportGrants = pgTable(
  'report_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id').references(() => customerAccounts.id, { onDelete: 'cascade' }),
    groupName: text('group_name'),
    reportId: text('report_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('report_grants_grantee_report_unique')
      .on(table.accountId, table.groupName, table.reportId)
      .nullsNotDistinct(),
    check('report_grants_one_grantee', sql`(${table.accountId} is null) <> (${table.groupName} is null)`),
  ],
);

export type ReportGrantRow = typeof reportGrants.$inferSelect;

/** The installers an access key can unlock. */
export const INSTALLEES = ['dca', 'controlPanel', 'controlPanelUpgrade'] as const;
export type Installee = (typeof INSTALLEES)[number];

/** Release channels: `stable` for everyone by default, `preview` for keys that are entitled to it. */
export const CHANNELS = ['stable', 'preview'] as const;
export type Channel = (typeof CHANNELS)[number];

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
  /** The release channels whose versions the key may see and download. */
  channels: text('channels', { enum: CHANNELS }).array().notNull().default(['stable']),
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
  /** The name in other languages (`{ de: 'Nutzung' }`); a language not listed shows `name`. */
  names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
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
    /** The name in other languages (`{ de: 'Flottenübersicht' }`): the list and the downloaded file's name. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
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

/**
 * Published installer versions. `notes` holds the release notes per language (Markdown, `en` the default);
 * `checksums` is the release's SHA256SUMS file and `signature` its detached Ed25519 signature (base64).
 */
export const installerReleases = pgTable(
  'installer_releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    installee: text('installee', { enum: INSTALLEES }).notNull(),
    version: text('version').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    checksums: text('checksums').notNull().default(''),
    signature: text('signature').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    yankedAt: timestamp('yanked_at', { withTimezone: true }),
  },
  (table) => [unique('installer_releases_installee_version_unique').on(table.installee, table.version)],
);

export type InstallerReleaseRow = typeof installerReleases.$inferSelect;

/** A release's files: one per platform, for one language or (`language` '*') all of them. */
export const installerReleaseFiles = pgTable(
  'installer_release_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => installerReleases.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    language: text('language').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Lower-case hex. */
    sha256: text('sha256').notNull(),
  },
  (table) => [
    unique('installer_release_files_release_platform_language_unique').on(
      table.releaseId,
      table.platform,
      table.language,
    ),
  ],
);

export type InstallerReleaseFileRow = typeof installerReleaseFiles.$inferSelect;
