/**
 * The ClickHouse dialect against a CURRENT ClickHouse: every statement the dialect writes for the conformance cases
 * (test/conformance/cases.ts: every sample visual, every filter type and operator, top N, relative dates and times,
 * underlying data, the row-level-security widening attempts, hostile literal text, time buckets, every sample
 * paginated report's parameter sets, quick create's tables and automatic report) runs on chdb's embedded ClickHouse
 * (26.x) over a small copy of the fleet sample, and its answers are compared with DuckDB's over the same rows. The
 * whole suite runs three times: with the new analyzer (the default since 24.3), with the old one (`enable_analyzer=0`),
 * and under a server profile that sets `join_use_nulls=1`. A self-check first proves the comparison tells two
 * accounts' answers apart.
 *
 * chdb is about 540 MB and stays OUT of the project's install: put it in a folder of its own, then name the folder.
 *
 *   npm install --prefix /tmp/chdb-check chdb@3.4.0
 *   CHDB_PREFIX=/tmp/chdb-check node --import tsx apps/analytics/scripts/check-dialect-current.ts
 *
 * Prints one line per group of cases (cases, differences), the first rows of each difference, and exits 1 when any
 * answer differs or a statement fails, 2 when chdb cannot be loaded. About 3–5 minutes on a loaded 2-core machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { visualQuery } from '@portico/analytics-model';
import type { QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { fromJsonCompact } from '../src/data/clickhouse-engine.ts';
import type { JsonCompact } from '../src/data/clickhouse-engine.ts';
import { createTableStatements } from '../src/data/clickhouse-schema.ts';
import type { Engine } from '../src/data/engine.ts';
import { openFleetDatabase } from '../src/data/fleet-database.ts';
import { FLEET_TABLES } from '../src/data/fleet-schema.ts';
import { autoReport } from '../src/kinds/create/auto-report.ts';
import { parseDatasetConfig } from '../src/kinds/create/dataset-config.ts';
import {
  buildUserDataset,
  createUserTables,
  dropUserTables,
  storedRows,
} from '../src/kinds/create/user-dataset.ts';
import { SAMPLE_REPORTS, PRINT_FLEET_DATASET } from '../src/models/built-in.ts';
import { clickHouseLiteral } from '../src/query/clickhouse-literals.ts';
import { clickHouseDialectFor } from '../src/query/dialect.ts';
import type { TimeBucket } from '../src/query/dialect.ts';
import { runCompiled, runVisualQuery } from '../src/query/run.ts';
import { compileUnderlyingQuery } from '../src/query/underlying.ts';
import {
  ALL_ACCOUNTS,
  BY_ACCOUNT,
  filterCases,
  LITERAL_ATTEMPTS,
  MILLISECOND_TIMES,
  MILLISECONDS_CONFIG,
  MILLISECONDS_FROM,
  PAGINATED_PARAMETER_SETS,
  QUICK_CREATE_CONFIG,
  relativeDateCases,
  renderPaginated,
  sampleVisualCases,
  topNCases,
  UNDERLYING_ACCOUNTS,
  underlyingQueries,
  wideningCases,
} from '../test/conformance/cases.ts';
import type { VisualCase } from '../test/conformance/cases.ts';
import { comparable } from '../test/conformance/compare.ts';

/** The conformance suite's data and "now" (test/helpers/fleet.ts). */
const DATA = { endDate: '2024-06-30', days: 120, devicesPerAccount: 6 } as const;
const NOW = new Date('2024-06-30T12:00:00Z');

interface ChdbSession {
  query(sql: string, format?: string): string;
  cleanup(): void;
}

function loadChdb(): {
  Session: new (path: string) => ChdbSession;
  query: (sql: string, f?: string) => string;
} {
  const prefix = process.env['CHDB_PREFIX'];
  if (prefix === undefined || prefix === '') {
    console.error(
      'Set CHDB_PREFIX to the folder chdb is installed in (npm install --prefix <folder> chdb@3.4.0).',
    );
    process.exit(2);
  }
  try {
    return createRequire(join(prefix, 'package.json'))('chdb') as ReturnType<typeof loadChdb>;
  } catch (error) {
    console.error(
      `chdb cannot be loaded from ${prefix}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(2);
  }
}

/** chdb's in-process ClickHouse as an {@link Engine} speaking the ClickHouse dialect. */
function chdbEngine(session: ChdbSession): Engine {
  return {
    source: 'clickhouse',
    // The dialect the service picks for this server's version (26.x: DateTime64 for quick create's timestamps).
    dialect: clickHouseDialectFor(session.query('SELECT version()', 'TSV').trim()),
    query(sql, params = []) {
      if (params.length > 0) throw new Error('ClickHouse statements carry typed literals, not parameters');
      const text = session.query(sql, 'JSONCompact');
      if (text.trim() === '') return Promise.resolve({ columns: [], rows: [] });
      return Promise.resolve(fromJsonCompact(JSON.parse(text) as JsonCompact));
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

interface Difference {
  readonly what: string;
  readonly detail: string;
}

/** One group's cases: how many ran and which differed. */
class Group {
  cases = 0;
  readonly differences: Difference[] = [];
  constructor(readonly name: string) {}

  async check(what: string, run: () => Promise<[unknown, unknown]>): Promise<void> {
    this.cases += 1;
    try {
      const [duckdb, current] = await run();
      const a = JSON.stringify(duckdb);
      const b = JSON.stringify(current);
      if (a !== b)
        this.differences.push({ what, detail: `DuckDB ${a.slice(0, 400)}\n      chdb   ${b.slice(0, 400)}` });
    } catch (error) {
      this.differences.push({
        what,
        detail: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      });
    }
  }
}

const answerShape = (answer: QueryAnswer) => ({
  columns: answer.columns,
  rows: comparable(answer.rows, true),
  truncated: answer.truncated,
});

async function runSuite(duckdb: Engine, current: Engine, label: string): Promise<Group[]> {
  const groups: Group[] = [];
  const group = (name: string) => {
    const g = new Group(`${label}: ${name}`);
    groups.push(g);
    return g;
  };
  const visual = async (name: string, cases: readonly VisualCase[]) => {
    const g = group(name);
    for (const c of cases) {
      await g.check(c.what, async () => {
        const context = { databaseNames: c.databaseNames, now: NOW };
        const run = (engine: Engine) => runVisualQuery(engine, PRINT_FLEET_DATASET, c.query, context);
        return [answerShape(await run(duckdb)), answerShape(await run(current))];
      });
    }
  };
  await visual(
    'sample report visuals',
    SAMPLE_REPORTS.flatMap((report) => sampleVisualCases(report)),
  );
  await visual('filters (every type and operator)', filterCases());
  await visual('top N', topNCases());
  await visual('relative dates and times', relativeDateCases());
  await visual('row-level-security widening', wideningCases());

  const underlying = group('underlying data');
  for (const [i, query] of underlyingQueries().entries()) {
    await underlying.check(`underlying ${i + 1}`, async () => {
      const context = { databaseNames: UNDERLYING_ACCOUNTS, now: NOW };
      const run = async (engine: Engine) =>
        comparable(
          (
            await runCompiled(
              engine,
              compileUnderlyingQuery(PRINT_FLEET_DATASET, query, context, 500, engine.dialect),
            )
          ).rows,
          false,
        );
      return [await run(duckdb), await run(current)];
    });
  }

  const literals = group('hostile literal text');
  for (const text of LITERAL_ATTEMPTS) {
    await literals.check(JSON.stringify(text), async () => {
      const { rows } = await current.query(`SELECT ${clickHouseLiteral({ value: text })} AS t`);
      return [text, rows[0]?.[0]];
    });
  }

  const buckets = group('time buckets (against the calendar table)');
  const bucketColumns: [TimeBucket, string][] = [
    ['day', 'date'],
    ['week', 'week_start'],
    ['month', 'month_start'],
    ['year', 'month_start'],
  ];
  for (const [bucket, column] of bucketColumns) {
    await buckets.check(bucket, async () => {
      const d = current.dialect;
      const expected = bucket === 'year' ? d.timeBucket('year', d.ident(column)) : d.ident(column);
      const { rows } = await current.query(
        `SELECT count() FROM calendar WHERE ${d.timeBucket(bucket, d.ident('date'))} <> ${expected}`,
      );
      return [0, Number(rows[0]?.[0])];
    });
  }

  const paginated = group('paginated reports (every page, keyset batches, CSV records)');
  for (const [reportId, sets] of Object.entries(PAGINATED_PARAMETER_SETS)) {
    for (const { what, values } of sets) {
      for (const accounts of [ALL_ACCOUNTS, ['fabrikam']]) {
        await paginated.check(`${reportId} ${what} (${accounts.length} accounts)`, async () => {
          const run = (engine: Engine) =>
            renderPaginated(engine, reportId, values, accounts).catch((error: unknown) => ({
              refused: error instanceof Error ? error.message : String(error),
            }));
          return [await run(duckdb), await run(current)];
        });
      }
    }
  }

  const quick = group("quick create (tables, inserts, the automatic report's visuals)");
  const tables = parseDatasetConfig(QUICK_CREATE_CONFIG);
  const dataset = buildUserDataset(tables, { workspaceId: 'check' });
  await createUserTables(duckdb, dataset, 'fabrikam', storedRows(tables));
  try {
    await quick.check('create and insert', async () => {
      await createUserTables(current, dataset, 'fabrikam', storedRows(tables));
      return [true, true];
    });
    const definition = autoReport(dataset);
    for (const page of definition.pages) {
      for (const v of page.visuals) {
        const query: VisualQuery = visualQuery(definition, page, v);
        for (const accounts of [['fabrikam'], ['contoso_us']]) {
          await quick.check(`${v.name} (${accounts[0] ?? ''})`, async () => {
            const context = { databaseNames: accounts, now: NOW };
            return [
              answerShape(await runVisualQuery(duckdb, dataset, query, context)),
              answerShape(await runVisualQuery(current, dataset, query, context)),
            ];
          });
        }
      }
    }
  } finally {
    await dropUserTables(duckdb, dataset);
    await dropUserTables(current, dataset);
  }

  // Current releases keep quick create's milliseconds (DateTime64(3)); 18.16 cannot (test/conformance/quick-create).
  const ms = group('quick create with milliseconds (DateTime64)');
  const msTables = parseDatasetConfig(MILLISECONDS_CONFIG);
  const msDataset = buildUserDataset(msTables, { workspaceId: 'check' });
  await createUserTables(duckdb, msDataset, 'fabrikam', storedRows(msTables));
  try {
    const [table] = msDataset.tables;
    const at = table?.columns.find((c) => c.name === 'At');
    if (table === undefined || at === undefined) throw new Error('no Events table');
    await ms.check('create and insert', async () => {
      await createUserTables(current, msDataset, 'fabrikam', storedRows(msTables));
      const kind = await current.query(
        `SELECT type FROM system.columns WHERE database = currentDatabase() AND table = '${table.source}' AND name = '${at.source}'`,
      );
      return ["Nullable(DateTime64(3, 'UTC'))", kind.rows[0]?.[0]];
    });
    const rows: VisualQuery = { select: [{ column: { table: table.name, column: at.name } }] };
    const later: VisualQuery = {
      ...rows,
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#advanced',
          target: { table: table.name, column: at.name },
          logicalOperator: 'And',
          conditions: [{ operator: 'GreaterThanOrEqual', value: MILLISECONDS_FROM }],
          filterType: 0,
        },
      ],
    };
    for (const [what, query] of [
      ['every timestamp as supplied', rows],
      [`from ${MILLISECONDS_FROM}`, later],
    ] as const) {
      await ms.check(what, async () => {
        const context = { databaseNames: ['fabrikam'], now: NOW };
        return [
          answerShape(await runVisualQuery(duckdb, msDataset, query, context)),
          answerShape(await runVisualQuery(current, msDataset, query, context)),
        ];
      });
    }
    await ms.check('DuckDB keeps the milliseconds as supplied', async () => {
      const answer = await runVisualQuery(duckdb, msDataset, rows, { databaseNames: ['fabrikam'], now: NOW });
      return [MILLISECOND_TIMES.map(([, iso]) => iso), answer.rows.map((row) => row[0])];
    });
  } finally {
    await dropUserTables(duckdb, msDataset);
    await dropUserTables(current, msDataset);
  }
  return groups;
}

async function main(): Promise<void> {
  const chdb = loadChdb();
  const folder = await mkdtemp(join(tmpdir(), 'portico-chdb-check-'));
  const session = new chdb.Session(join(folder, 'chdb'));
  const fleet = await openFleetDatabase({
    file: join(folder, 'fleet.duckdb'),
    ...DATA,
    connections: 2,
    limits: { threads: 2 },
  });
  let failed = false;
  try {
    const [version] = session.query('SELECT version()', 'TSV').trim().split('\n');
    console.info(
      `chdb ClickHouse ${version ?? '?'}; DuckDB over the same fleet sample (${JSON.stringify(DATA)})`,
    );
    // The same rows in both: each fleet table written as Parquet by DuckDB and read into a MergeTree by ClickHouse.
    session.query("SET session_timezone = 'UTC'", 'TSV');
    for (const statement of createTableStatements({ database: 'default' })) session.query(statement, 'TSV');
    for (const table of FLEET_TABLES) {
      const file = join(folder, `${table}.parquet`);
      await fleet.engine.query(`COPY ${table} TO '${file}' (FORMAT parquet)`);
      session.query(`INSERT INTO ${table} SELECT * FROM file('${file}', Parquet)`, 'TSV');
      const duck = Number((await fleet.engine.query(`SELECT count(*) FROM ${table}`)).rows[0]?.[0]);
      const ch = Number(session.query(`SELECT count() FROM ${table}`, 'TSV').trim());
      if (duck !== ch) throw new Error(`${table}: ${ch} rows in chdb, ${duck} in DuckDB`);
    }
    const current = chdbEngine(session);
    // The comparison itself must see a difference where there is one: one account's answer against another's.
    const probe = new Group('self-check');
    await probe.check('fabrikam against northwind', async () => {
      const run = (engine: Engine, account: string) =>
        runVisualQuery(engine, PRINT_FLEET_DATASET, BY_ACCOUNT, { databaseNames: [account], now: NOW });
      return [answerShape(await run(fleet.engine, 'fabrikam')), answerShape(await run(current, 'northwind'))];
    });
    if (probe.differences.length !== 1) throw new Error('the comparison does not tell two accounts apart');
    const all: Group[] = [];
    // The default (new analyzer), the old analyzer, and a server profile with join_use_nulls = 1.
    const passes = [
      { label: 'analyzer on', settings: ['enable_analyzer = 1', 'join_use_nulls = 0'] },
      { label: 'analyzer off', settings: ['enable_analyzer = 0', 'join_use_nulls = 0'] },
      { label: 'join_use_nulls = 1', settings: ['enable_analyzer = 1', 'join_use_nulls = 1'] },
    ];
    for (const pass of passes) {
      for (const setting of pass.settings) session.query(`SET ${setting}`, 'TSV');
      all.push(...(await runSuite(fleet.engine, current, pass.label)));
    }
    for (const g of all) {
      console.info(
        `${g.differences.length === 0 ? 'same' : 'DIFF'}  ${g.name}: ${g.cases} cases, ${g.differences.length} differ`,
      );
      for (const d of g.differences.slice(0, 5)) console.info(`    ${d.what}\n      ${d.detail}`);
    }
    const differing = all.reduce((n, g) => n + g.differences.length, 0);
    const cases = all.reduce((n, g) => n + g.cases, 0);
    console.info(`${cases} cases, ${differing} differ`);
    failed = differing > 0;
  } finally {
    session.cleanup();
    await fleet.engine.close();
    await rm(folder, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
