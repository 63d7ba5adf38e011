/**
 * `GET /metrics`: the engine's load (DuckDB's statements running and waiting, its threads), the query result cache's
 * counters and the process's resident memory, in Prometheus' text format.
 * Open like the probes: it holds counts only (no account, report, query or token appears in it), so it tells nothing
 * about a tenant; an operator who would rather not show request volume keeps the path off the public proxy.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { EngineLoad } from '../data/engine.ts';
import type { CacheStats } from '../query/result-cache.ts';
import { servicesOf } from '../services.ts';

const METRICS: readonly {
  readonly name: string;
  readonly type: 'counter' | 'gauge';
  readonly help: string;
  readonly stat: keyof CacheStats;
}[] = [
  { name: 'hits_total', type: 'counter', help: 'Answers served from the cache.', stat: 'hits' },
  {
    name: 'shared_total',
    type: 'counter',
    help: 'Answers that waited for an identical engine call in flight.',
    stat: 'shared',
  },
  { name: 'misses_total', type: 'counter', help: 'Answers asked of the engine.', stat: 'misses' },
  {
    name: 'evictions_total',
    type: 'counter',
    help: 'Entries pushed out by the byte bound.',
    stat: 'evictions',
  },
  { name: 'expirations_total', type: 'counter', help: 'Entries past their lifetime.', stat: 'expirations' },
  {
    name: 'invalidations_total',
    type: 'counter',
    help: 'Entries dropped because the data version changed.',
    stat: 'invalidations',
  },
  { name: 'errors_total', type: 'counter', help: 'Engine calls that failed (never kept).', stat: 'errors' },
  { name: 'entries', type: 'gauge', help: 'Answers kept.', stat: 'entries' },
  { name: 'bytes', type: 'gauge', help: 'Bytes of the answers kept.', stat: 'bytes' },
  { name: 'max_bytes', type: 'gauge', help: 'Bound on the bytes kept (0: off).', stat: 'maxBytes' },
];

/** The engine's load, where it has one to show (DuckDB). */
const LOAD_METRICS: readonly {
  readonly name: string;
  readonly help: string;
  readonly stat: keyof EngineLoad;
}[] = [
  {
    name: 'analytics_engine_statements_running',
    help: 'Statements running on the engine, each holding a connection.',
    stat: 'running',
  },
  {
    name: 'analytics_engine_statements_waiting',
    help: 'Statements waiting for a connection: the engine is saturated while this stays above 0.',
    stat: 'waiting',
  },
  {
    name: 'analytics_engine_threads',
    help: 'Threads the engine gives a statement now: all it has, or 1 while statements wait.',
    stat: 'threads',
  },
];

/** The metrics as Prometheus text exposition (version 0.0.4). */
export function metricsText(stats: CacheStats, residentBytes: number, load?: EngineLoad): string {
  const lines: string[] = [];
  for (const metric of load === undefined ? [] : LOAD_METRICS) {
    lines.push(
      `# HELP ${metric.name} ${metric.help}`,
      `# TYPE ${metric.name} gauge`,
      `${metric.name} ${load?.[metric.stat] ?? 0}`,
    );
  }
  for (const metric of METRICS) {
    const name = `analytics_result_cache_${metric.name}`;
    lines.push(
      `# HELP ${name} ${metric.help}`,
      `# TYPE ${name} ${metric.type}`,
      `${name} ${stats[metric.stat]}`,
    );
  }
  lines.push(
    '# HELP process_resident_memory_bytes Resident memory size in bytes.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${residentBytes}`,
  );
  return `${lines.join('\n')}\n`;
}

const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    const { results, engine } = servicesOf(app);
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(metricsText(results.stats(), process.memoryUsage.rss(), engine.load?.()));
  });
};

export default metricsRoutes;
