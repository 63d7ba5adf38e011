/**
 * The fleet tables in ClickHouse, derived from the DuckDB definitions in fleet-schema.ts (one source of truth for
 * columns, types and nullability). Every table is ordered by `database_name` first, the row-level-security key, so a
 * tenant-scoped statement reads only its accounts' granules. On a cluster each node holds a `<table>_local`
 * MergeTree and a `<table>` Distributed over them, sharded by `cityHash64(database_name)`: an account's rows live on
 * one shard, and the Distributed table is what statements read and inserts go to.
 */
import { FLEET_DDL, FLEET_TABLES } from './fleet-schema.ts';
import type { FleetTable } from './fleet-schema.ts';

const TYPES: Readonly<Record<string, string>> = {
  VARCHAR: 'String',
  INTEGER: 'Int32',
  BOOLEAN: 'UInt8',
  DATE: 'Date',
  TIMESTAMP: "DateTime('UTC')",
  DOUBLE: 'Float64',
};

/** The sort key after `database_name`. */
const ORDER: Readonly<Record<FleetTable, readonly string[]>> = {
  accounts: [],
  devices: ['device_id'],
  calendar: ['date'],
  meter_readings: ['date', 'device_id'],
  supply_levels: ['date', 'device_id'],
  supply_replacements: ['date', 'device_id'],
  service_alerts: ['opened_date', 'alert_id'],
};

export interface ClickHouseColumn {
  readonly name: string;
  /** DuckDB's type (VARCHAR, DATE, …). */
  readonly duckType: string;
  /** ClickHouse's type, `Nullable(…)` where the column may be NULL. */
  readonly type: string;
}

/** The columns of a fleet table, in DuckDB's order. */
export function clickHouseColumns(table: FleetTable): readonly ClickHouseColumn[] {
  const body = FLEET_DDL[table].slice(FLEET_DDL[table].indexOf('(') + 1, FLEET_DDL[table].lastIndexOf(')'));
  return body.split(',').map((line) => {
    const [name = '', duckType = ''] = line.trim().split(/\s+/);
    const base = TYPES[duckType];
    if (base === undefined) throw new Error(`no ClickHouse type for ${table}.${name} (${duckType})`);
    return { name, duckType, type: /NOT NULL/.test(line) ? base : `Nullable(${base})` };
  });
}

const ident = (name: string): string => `\`${name}\``;

function columnsSql(table: FleetTable): string {
  return clickHouseColumns(table)
    .map((c) => `${ident(c.name)} ${c.type}`)
    .join(', ');
}

function mergeTree(table: FleetTable): string {
  const key = ['database_name', ...ORDER[table]].map(ident).join(', ');
  return `ENGINE = MergeTree ORDER BY (${key})`;
}

export interface ClickHouseLayout {
  readonly database: string;
  /** The `remote_servers` cluster, or undefined for one server. */
  readonly cluster?: string | undefined;
}

/** `` `db`.`table` ``: where a fleet table is read and inserted (the Distributed table on a cluster). */
export function clickHouseTableName(layout: ClickHouseLayout, table: FleetTable): string {
  return `${ident(layout.database)}.${ident(table)}`;
}

/** Statements that create one node's tables (all of them, local and Distributed, on every node of a cluster). */
export function createTableStatements(
  layout: ClickHouseLayout,
  tables: readonly FleetTable[] = FLEET_TABLES,
): string[] {
  const db = ident(layout.database);
  const statements = [`CREATE DATABASE IF NOT EXISTS ${db}`];
  for (const table of tables) {
    if (layout.cluster === undefined) {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${db}.${ident(table)} (${columnsSql(table)}) ${mergeTree(table)}`,
      );
    } else {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${db}.${ident(`${table}_local`)} (${columnsSql(table)}) ${mergeTree(table)}`,
        `CREATE TABLE IF NOT EXISTS ${db}.${ident(table)} AS ${db}.${ident(`${table}_local`)}` +
          ` ENGINE = Distributed(${ident(layout.cluster)}, ${db}, ${ident(`${table}_local`)}, cityHash64(database_name))`,
      );
    }
  }
  return statements;
}

/** Statements that drop one node's fleet tables (before a reload). */
export function dropTableStatements(
  layout: ClickHouseLayout,
  tables: readonly FleetTable[] = FLEET_TABLES,
): string[] {
  const db = ident(layout.database);
  return tables.flatMap((table) => [
    `DROP TABLE IF EXISTS ${db}.${ident(table)}`,
    ...(layout.cluster === undefined ? [] : [`DROP TABLE IF EXISTS ${db}.${ident(`${table}_local`)}`]),
  ]);
}
