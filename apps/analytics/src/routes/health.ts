import { healthRoutes } from '@portico/server-kit';

/** Probes for orchestrators: /healthz (the process answers) and /readyz (DuckDB answers a query). */
export default healthRoutes({
  ping: (app) => app.services.engine.ping(),
  unavailableCode: 'ENGINE_UNAVAILABLE',
  dependency: 'engine',
});
