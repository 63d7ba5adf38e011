// Launches the analytics service: configuration, data (loaded on first start in buildApp), then server-kit's serve
// (listen, signals, clean shutdown). The rest is in app.ts.
// First: DuckDB's allocator reads its settings when its library loads (see duckdb-allocator.ts).
import './data/duckdb-allocator.ts';
import { configOrExit, serve } from '@portico/server-kit';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { watchNativeMemory } from './data/native-memory.ts';

const config = configOrExit('analytics', () => loadConfig(process.env));
// Before the data loads: a load's results hold native memory too.
watchNativeMemory({ growthMb: config.gcGrowthMb });
const app = await buildApp({ config });
await serve(app, {
  host: config.host,
  port: config.port,
  readyMessage: `analytics service ready at ${config.publicUrl}`,
  readyFields: { embedOrigins: config.embedOrigins },
});
