import { healthRoutes } from '@portico/server-kit';

/** Probes for orchestrators: /healthz (the process answers) and /readyz (it can reach its database). */
export default healthRoutes({
  ping: (app) => app.services.database.ping(),
  unavailableCode: 'DATABASE_UNAVAILABLE',
  dependency: 'database',
});
