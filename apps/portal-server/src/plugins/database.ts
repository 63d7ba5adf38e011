import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { globalPlugin } from './global-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal database. */
    database: Database;
  }
}

/** Decorates the app with the database; closes it with the app only when the app `owns` it. */
export const databasePlugin = globalPlugin(
  'portico-database',
  async (app: FastifyInstance, opts: { database: Database; owns: boolean }) => {
    app.decorate('database', opts.database);
    if (opts.owns) app.addHook('onClose', () => opts.database.close());
  },
);
