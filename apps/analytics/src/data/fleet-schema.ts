/**
 * The physical tables of the fleet data. Every table carries `database_name`, the row-level-security key: the query
 * layer restricts each table to the caller's accounts by it before anything else touches a row.
 */

/** Bump when a table's shape or content rules change: a data file loaded by another version is then reloaded. */
export const FLEET_SCHEMA_VERSION = 1;

export const FLEET_TABLES = [
  'accounts',
  'devices',
  'calendar',
  'meter_readings',
  'supply_levels',
  'supply_replacements',
  'service_alerts',
] as const;
export type FleetTable = (typeof FLEET_TABLES)[number];

export const FLEET_DDL: Readonly<Record<FleetTable, string>> = {
  accounts: `CREATE TABLE accounts (
    database_name VARCHAR NOT NULL PRIMARY KEY,
    account_name VARCHAR NOT NULL,
    customer_name VARCHAR,
    region VARCHAR NOT NULL,
    time_zone VARCHAR NOT NULL)`,
  devices: `CREATE TABLE devices (
    database_name VARCHAR NOT NULL,
    device_id VARCHAR NOT NULL,
    serial_number VARCHAR NOT NULL,
    model VARCHAR NOT NULL,
    manufacturer VARCHAR NOT NULL,
    is_colour BOOLEAN NOT NULL,
    colour_mode VARCHAR NOT NULL,
    location VARCHAR NOT NULL,
    site VARCHAR NOT NULL,
    install_date DATE NOT NULL,
    retired_date DATE,
    in_service BOOLEAN NOT NULL,
    monthly_duty_cycle INTEGER NOT NULL)`,
  calendar: `CREATE TABLE calendar (
    database_name VARCHAR NOT NULL,
    date DATE NOT NULL,
    year INTEGER NOT NULL,
    quarter VARCHAR NOT NULL,
    month_number INTEGER NOT NULL,
    month_name VARCHAR NOT NULL,
    month_start DATE NOT NULL,
    year_month VARCHAR NOT NULL,
    week_start DATE NOT NULL,
    day_of_week VARCHAR NOT NULL,
    day_of_week_number INTEGER NOT NULL,
    is_weekend BOOLEAN NOT NULL)`,
  meter_readings: `CREATE TABLE meter_readings (
    database_name VARCHAR NOT NULL,
    device_id VARCHAR NOT NULL,
    date DATE NOT NULL,
    mono_pages INTEGER NOT NULL,
    colour_pages INTEGER NOT NULL,
    total_pages INTEGER NOT NULL,
    lifetime_mono INTEGER NOT NULL,
    lifetime_colour INTEGER NOT NULL)`,
  supply_levels: `CREATE TABLE supply_levels (
    database_name VARCHAR NOT NULL,
    device_id VARCHAR NOT NULL,
    date DATE NOT NULL,
    supply VARCHAR NOT NULL,
    level_percent INTEGER NOT NULL)`,
  supply_replacements: `CREATE TABLE supply_replacements (
    database_name VARCHAR NOT NULL,
    device_id VARCHAR NOT NULL,
    date DATE NOT NULL,
    supply VARCHAR NOT NULL,
    pages_since_last_replacement INTEGER NOT NULL)`,
  service_alerts: `CREATE TABLE service_alerts (
    database_name VARCHAR NOT NULL,
    alert_id VARCHAR NOT NULL,
    device_id VARCHAR NOT NULL,
    code VARCHAR NOT NULL,
    severity VARCHAR NOT NULL,
    description VARCHAR NOT NULL,
    opened_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP,
    opened_date DATE NOT NULL,
    status VARCHAR NOT NULL,
    open_count INTEGER NOT NULL,
    hours_to_close DOUBLE)`,
};

/**
 * The calendar is derived in SQL from each account's period once the facts are in: one row per account and day, so
 * that it carries `database_name` like every other table and joins on it.
 */
export const FILL_CALENDAR = `INSERT INTO calendar
  SELECT a.database_name, d::DATE, year(d), 'Q' || quarter(d), month(d), strftime(d, '%b'),
         date_trunc('month', d)::DATE, strftime(d, '%Y-%m'),
         (d - INTERVAL (dayofweek(d)) DAY)::DATE, strftime(d, '%a'), isodow(d), dayofweek(d) IN (0, 6)
  FROM accounts a, range($1::DATE, $2::DATE + INTERVAL 1 DAY, INTERVAL 1 DAY) t(d)`;

/** One row: how the data in this file was made, compared at start-up to decide whether to reload. */
export const LOAD_INFO_DDL = `CREATE TABLE fleet_load (parameters VARCHAR NOT NULL, loaded_at TIMESTAMP NOT NULL)`;
