/**
 * The analytics service's command line (`npm run analytics -- <command>` from the repository root):
 *
 *   sample parquet --out <dir> [--scale N | --readings N] [--accounts N] [--days N] [--end-date YYYY-MM-DD]
 *   sample clickhouse --url <http://node1:8123>[,<http://node2:8123>…] [--cluster NAME] [--database NAME]
 *                     [--user NAME] [--password …] [--scale N | --readings N] [--accounts N] [--days N] [--end-date YYYY-MM-DD]
 *
 * `sample parquet` writes the fleet sample as Parquet file sets for a DuckDB data folder (ANALYTICS_DATA_FOLDER);
 * `sample clickhouse` (re)creates the fleet tables on every listed node — MergeTree shards and Distributed tables
 * when a cluster is named — and streams the sample in through the first. Both print progress and rows per second.
 * `--readings N` picks the scale that gives about N meter readings over the accounts (devices are whole, so the
 * count lands within a fraction of a percent; the summary prints the exact one). The ClickHouse options default to
 * the service's ANALYTICS_CLICKHOUSE_* variables.
 *
 *   models validate|list [dir], models schema (./models.ts): checks a model folder without starting the service.
 */
import { parseArgs } from 'node:util';
import { createClient } from '@clickhouse/client';
import {
  loadSampleIntoClickHouse,
  progressLine,
  sampleAccountNames,
  writeSampleParquet,
} from '../data/sample-export.ts';
import type { ExportProgress, ExportSummary } from '../data/sample-export.ts';
import type { FleetLoadParameters } from '../data/load-fleet.ts';
import { scaleForReadings } from '../data/clickhouse-rows.ts';
import { models, MODELS_USAGE, ModelsUsageError } from './models.ts';

const USAGE = `usage:
  npm run analytics -- sample parquet --out <dir> [--scale N | --readings N] [--accounts N] [--days N] [--end-date YYYY-MM-DD]
  npm run analytics -- sample clickhouse --url <url>[,<url>…] [--cluster NAME] [--database NAME] [--user NAME]
                       [--password …] [--scale N | --readings N] [--accounts N] [--days N] [--end-date YYYY-MM-DD]
${MODELS_USAGE}`;

class UsageError extends Error {}

/** One line of output for the operator. */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function positive(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0 || value > max) {
    throw new UsageError(
      `--${name} must be a number above 0 and at most ${max} (got ${JSON.stringify(raw)})`,
    );
  }
  return value;
}

function sqlName(name: string, raw: string | undefined): string | undefined {
  if (raw !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(raw)) {
    throw new UsageError(`--${name} must be letters, digits and underscores (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

function parameters(values: Record<string, string | undefined>): FleetLoadParameters {
  const endDate = values['end-date'] ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate) || Number.isNaN(Date.parse(`${endDate}T00:00:00Z`))) {
    throw new UsageError(`--end-date must be an ISO date (got ${JSON.stringify(endDate)})`);
  }
  if (values['scale'] !== undefined && values['readings'] !== undefined)
    throw new UsageError('give --scale or --readings, not both');
  const databaseNames = sampleAccountNames(Math.round(positive('accounts', values['accounts'], 5, 100_000)));
  const days = Math.round(positive('days', values['days'], 730, 3650));
  const readings = values['readings'];
  return {
    databaseNames,
    endDate,
    days,
    scale:
      readings === undefined
        ? positive('scale', values['scale'], 1, 10_000)
        : scaleForReadings(positive('readings', readings, 1, 100_000_000_000), {
            databaseNames,
            endDate,
            days,
          }),
    seed: 0,
  };
}

/** Progress lines: at most one every five seconds, and one as each table (ClickHouse) or the last account ends. */
function progressPrinter(): (p: ExportProgress) => void {
  let last = -Infinity;
  return (p) => {
    const end = p.accountsDone === p.accountsTotal;
    if (!end && p.seconds - last < 5) return;
    last = p.seconds;
    process.stdout.write(`  ${progressLine(p)}\n`);
  };
}

function report(summary: ExportSummary): void {
  for (const [table, rows] of Object.entries(summary.rows))
    say(`  ${table}: ${rows.toLocaleString('en')} rows`);
  say(
    `${summary.totalRows.toLocaleString('en')} rows in ${summary.seconds.toFixed(1)} s: ${summary.rowsPerSecond.toLocaleString('en')} rows/s`,
  );
}

async function sample(target: string | undefined, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      url: { type: 'string' },
      cluster: { type: 'string' },
      database: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      scale: { type: 'string' },
      readings: { type: 'string' },
      accounts: { type: 'string' },
      days: { type: 'string' },
      'end-date': { type: 'string' },
    },
    strict: true,
  });
  const params = parameters(values);
  if (target === 'parquet') {
    if (values.out === undefined) throw new UsageError('sample parquet needs --out <dir>');
    say(
      `Writing the fleet sample (scale ${params.scale}, ${params.databaseNames.length} accounts) to ${values.out}`,
    );
    report(await writeSampleParquet(values.out, params, progressPrinter()));
    return;
  }
  if (target === 'clickhouse') {
    const urls = (values.url ?? process.env['ANALYTICS_CLICKHOUSE_URL'] ?? '')
      .split(',')
      .filter((u) => u !== '');
    if (urls.length === 0)
      throw new UsageError('sample clickhouse needs --url (or ANALYTICS_CLICKHOUSE_URL)');
    for (const url of urls) {
      if (!/^https?:\/\/[^\s]+$/.test(url))
        throw new UsageError(`--url must list http(s) URLs (got ${JSON.stringify(url)})`);
    }
    const cluster = sqlName('cluster', values.cluster ?? process.env['ANALYTICS_CLICKHOUSE_CLUSTER']);
    const database =
      sqlName('database', values.database ?? process.env['ANALYTICS_CLICKHOUSE_DATABASE']) ?? 'default';
    const nodes = urls.map((url) =>
      createClient({
        url,
        username: values.user ?? process.env['ANALYTICS_CLICKHOUSE_USER'] ?? 'default',
        password: values.password ?? process.env['ANALYTICS_CLICKHOUSE_PASSWORD'] ?? '',
      }),
    );
    try {
      const [first] = nodes;
      if (first === undefined) throw new UsageError('sample clickhouse needs --url');
      say(
        `Loading the fleet sample (scale ${params.scale.toPrecision(4)}, ${params.databaseNames.length} accounts) into ${urls.length} node(s)` +
          (cluster === undefined ? '' : ` of cluster ${cluster}`),
      );
      report(
        await loadSampleIntoClickHouse(
          { client: first, nodes, layout: { database, cluster } },
          params,
          progressPrinter(),
        ),
      );
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
    return;
  }
  throw new UsageError(`unknown sample target ${JSON.stringify(target ?? '')}: parquet or clickhouse`);
}

export async function main(argv: readonly string[]): Promise<number> {
  const [command, target, ...rest] = argv;
  try {
    if (command === 'sample') await sample(target, rest);
    else if (command === 'models') return await models(target, rest);
    else
      throw new UsageError(
        command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`,
      );
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ModelsUsageError ||
      (error instanceof TypeError && 'code' in error)
    ) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
