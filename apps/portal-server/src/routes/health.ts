import { healthRoutes } from '@portico/server-kit';
import { servicesOf } from '../services.ts';

/** Probes for orchestrators: /healthz (the process answers) and /readyz (it can reach its database). */
export default healthRoutes({
  ping: (app) => servicesOf(app).database.ping(),
  unavailableCode: 'DATABASE_UNAVAILABLE',
  dependency: 'database',
});
