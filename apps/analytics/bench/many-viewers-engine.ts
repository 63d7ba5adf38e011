/**
 * The engine side of bench/many-viewers.ts, in a process of its own (forked with IPC): the fleet DuckDB file opened
 * straight with @duckdb/node-api (a pool of `connections`, default 32; DuckDB's threads from ANALYTICS_DUCKDB_THREADS when
 * set, as the service takes them, following the load as the service's do unless BENCH_PLAIN_DUCKDB=1; rows read as
 * JSON, as the service reads them), and the same compiled statements the service runs, asked by closed-loop viewers with
 * 6 statements in flight each.
 *
 *   fork('many-viewers-engine.ts', [fleetFile, contentDir, reportId, accounts, connections?])
 *   → { type: 'ready' }; ← { type: 'run', viewers, warmupMs, measureMs } → { type: 'result', pagesPerSecond, latencies, pages, ms }
 */
import { visualQuery } from '@portico/analytics-model';
import { ContentStore } from '../src/content/store.ts';
import { openEngine } from '../src/data/engine.ts';
import { compileVisualQuery } from '../src/query/compile.ts';
import type { CompiledQuery } from '../src/query/compile.ts';
import { closedLoop } from './viewers.ts';

const [file, contentDir, reportId, accountList, connectionCount = '32'] = process.argv.slice(2);
if (file === undefined || contentDir === undefined || reportId === undefined || accountList === undefined)
  throw new Error(
    'usage: many-viewers-engine.ts <fleet file> <content dir> <report id> <accounts> [connections=32]',
  );
const accounts = accountList.split(',');

const content = await ContentStore.open(contentDir);
const report = content.report(reportId);
const dataset = report === undefined ? undefined : content.dataset(report.datasetId);
const page = report?.definition.pages[0];
if (report === undefined || dataset === undefined || page === undefined)
  throw new Error(`no report ${reportId}`);
const queries = page.visuals.map((visual) => visualQuery(report.definition, page, visual));
const now = new Date();
/** Each account's statements: exactly what the service compiles for a token naming that account. */
const statements: CompiledQuery[][] = accounts.map((account) =>
  queries.map((query) => compileVisualQuery(dataset, query, { databaseNames: [account], now })),
);

const engine = await openEngine({
  path: file,
  connections: Number(connectionCount),
  // The `plain` side: DuckDB's threads whatever the load, as a plain application of DuckDB runs it.
  adaptiveThreads: process.env['BENCH_PLAIN_DUCKDB'] !== '1',
  ...(process.env.ANALYTICS_DUCKDB_THREADS ? { threads: Number(process.env.ANALYTICS_DUCKDB_THREADS) } : {}),
});
const rowCounts = await Promise.all(
  statements.map((page) =>
    Promise.all(page.map(async (c) => (await engine.query(c.sql, c.params, c.paramTypes)).rows.length)),
  ),
);
process.send?.({ type: 'ready', rowCounts });

process.on('message', (message: { type: string; viewers: number; warmupMs: number; measureMs: number }) => {
  if (message.type === 'stop') {
    void engine.close().then(() => process.exit(0));
    return;
  }
  void closedLoop({
    viewers: message.viewers,
    warmupMs: message.warmupMs,
    measureMs: message.measureMs,
    sockets: 6,
    page: (viewer) => {
      const page = statements[viewer % statements.length] ?? [];
      return page.map((c) => () => engine.query(c.sql, c.params, c.paramTypes));
    },
  }).then((result) => process.send?.({ type: 'result', ...result }));
});
