/**
 * Registers every route the frame answers. Calls without a route (the protocol table's calls without real
 * behaviour yet, and any other URL) are answered by the router's `unmatched` handler, `notImplementedCall`: 501
 * `{ message, detailedMessage }`, so a host never waits on them.
 */
import type { FrameRouter } from '@portico/frame';
import type { ReportController } from '../model/controller.ts';
import { filterRoutes } from './filter-routes.ts';
import { loadRoutes } from './load-routes.ts';
import type { LoadRouteOptions } from './load-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { createReportRoutes } from '../create/routes.ts';
import { reportRoutes } from './report-routes.ts';
import { userStateRoutes } from './user-state-routes.ts';
import { visualEditRoutes } from './visual-edit-routes.ts';
import { visualRoutes } from './visual-routes.ts';

export function registerRoutes(router: FrameRouter, controller: ReportController, options: LoadRouteOptions) {
  loadRoutes(router, controller, options);
  pageRoutes(router, controller);
  filterRoutes(router, controller);
  visualRoutes(router, controller);
  visualEditRoutes(router, controller);
  userStateRoutes(router, controller);
  reportRoutes(router, controller);
  createReportRoutes(router, controller);
}
