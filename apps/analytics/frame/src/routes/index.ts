/**
 * Registers every route the frame answers. Calls of the protocol table without real behaviour yet, and any other
 * URL, answer 501 `{ message, detailedMessage }` so a host never waits on them.
 */
import type { FrameRouter } from '@portico/frame';
import type { ReportController } from '../model/controller.ts';
import { notImplemented } from '../model/errors.ts';
import { filterRoutes } from './filter-routes.ts';
import { loadRoutes } from './load-routes.ts';
import type { LoadRouteOptions } from './load-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { createReportRoutes } from '../create/routes.ts';
import { reportRoutes } from './report-routes.ts';
import { userStateRoutes } from './user-state-routes.ts';
import { visualEditRoutes } from './visual-edit-routes.ts';
import { visualRoutes } from './visual-routes.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Catch-all patterns for URLs of 1 to 8 segments (the router has no wildcard). */
const CATCH_ALL = Array.from({ length: 8 }, (_, n) =>
  Array.from({ length: n + 1 }, (_, i) => `/:s${i}`).join(''),
);

export function registerRoutes(router: FrameRouter, controller: ReportController, options: LoadRouteOptions) {
  loadRoutes(router, controller, options);
  pageRoutes(router, controller);
  filterRoutes(router, controller);
  visualRoutes(router, controller);
  visualEditRoutes(router, controller);
  userStateRoutes(router, controller);
  reportRoutes(router, controller);
  createReportRoutes(router, controller);
  for (const method of METHODS) {
    for (const pattern of CATCH_ALL) {
      router[method](pattern, ({ url }) => {
        throw notImplemented(method.toUpperCase(), url);
      });
    }
  }
}
