import { healthRoutes } from '@portico/server-kit';
import { servicesOf } from '../services.ts';

/** Probes for orchestrators: /healthz (the process answers) and /readyz (DuckDB answers a query). */
export default healthRoutes({
  ping: (app) => servicesOf(app).engine.ping(),
  unavailableCode: 'ENGINE_UNAVAILABLE',
  dependency: 'engine',
});
