// Launches the analytics service: configuration, data (loaded on first start in buildApp), then server-kit's serve
// (listen, signals, clean shutdown). The rest is in app.ts.
// First: DuckDB's allocator reads its settings when its library loads (see duckdb-allocator.ts).
import './data/duckdb-allocator.ts';
import { configOrExit, serve } from '@portico/server-kit';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { watchNativeMemory } from './data/native-memory.ts';

const config = configOrExit('analytics', () => loadConfig(process.env));
// Before the data loads: a load's results hold native memory too. Logged at debug once the app's logger exists.
let logCollection: ((residentBytes: number) => void) | undefined = undefined;
const memoryWatch = watchNativeMemory({
  growthMb: config.gcGrowthMb,
  onCollect: (rss) => logCollection?.(rss),
});
const app = await buildApp({ config });
if (config.gcGrowthMb > 0 && !memoryWatch.active)
  app.log.warn('V8 gives no gc() in this runtime: ANALYTICS_GC_GROWTH_MB has no effect');
logCollection = (rss) =>
  app.log.debug({ rssMb: Math.round(rss / 1048576) }, 'memory grew: asked V8 for a major collection');
await serve(app, {
  host: config.host,
  port: config.port,
  readyMessage: `analytics service ready at ${config.publicUrl}`,
  readyFields: { embedOrigins: config.embedOrigins },
});
