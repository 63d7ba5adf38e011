/**
 * The sample dashboards and sample paginated reports read the print-fleet model's reports and tables: while the
 * models folder holds another model they do not exist, for the embed-token route (a token cannot name them) and for
 * the frame (a token minted before the folder changed finds them gone), each a 404 with the stable code NOT_FOUND.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { ephemeralSigningKey } from '../../../src/auth/signing-key.ts';
import { FLEET_DASHBOARD_ID } from '../../../src/kinds/dashboards/samples.ts';
import { INVOICE_REPORT_ID } from '../../../src/kinds/paginated/samples/invoice.ts';
import { BUILT_IN_MODELS_DIR } from '../../../src/models/load-models.ts';
import { FLEET_WORKSPACE_ID } from '../../../src/models/built-in.ts';
import { servicesOf } from '../../../src/services.ts';
import { openTestFleet } from '../../helpers/fleet.ts';
import type { TestFleet } from '../../helpers/fleet.ts';
import { apiToken, PORTAL_ORIGIN, testConfig } from '../../helpers/test-app.ts';
import { eventually } from '../../helpers/eventually.ts';

const OWN_DATA_MODELS = fileURLToPath(new URL('../../../../../examples/own-data/models/', import.meta.url));

let data: TestFleet;
let dir: string;
let app: FastifyInstance;
let api: string;

beforeAll(async () => {
  data = await openTestFleet();
  dir = mkdtempSync(join(tmpdir(), 'models-samples-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
  app = await buildApp({
    config: testConfig(data.dir, { ANALYTICS_MODELS_DIR: dir }),
    fleet: data.fleet,
    signingKey: await ephemeralSigningKey(),
    logger: false,
  });
  api = await apiToken(app);
});
afterAll(async () => {
  await app.close();
  await data.close();
  rmSync(dir, { recursive: true, force: true });
});

const mint = (body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: { authorization: `Bearer ${api}` },
    payload: {
      permissions: 'View',
      identities: [{ databaseNames: ['fabrikam'] }],
      allowedOrigins: [PORTAL_ORIGIN],
      ...body,
    },
  });

/** A frame call: GET, or POST with a body (a paginated report's page). */
const frame = (token: string, url: string) =>
  app.inject({
    method: url.includes('/pages/') ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(url.includes('/pages/') ? { payload: {} } : {}),
  });

describe('sample dashboards and paginated reports while another model is loaded', () => {
  it('serves them with the print-fleet model, and refuses them like unknown ids once the folder holds another', async () => {
    const minted = await mint({
      dashboards: [{ id: FLEET_DASHBOARD_ID }],
      paginatedReports: [{ id: INVOICE_REPORT_ID }],
    });
    expect(minted.statusCode).toBe(200);
    const { token } = minted.json() as { token: string };
    expect((await frame(token, `/frame-api/dashboards/${FLEET_DASHBOARD_ID}`)).statusCode).toBe(200);
    expect((await frame(token, `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/pages/1`)).statusCode).toBe(
      200,
    );

    // The folder now holds the support-desk model only (examples/own-data), as a vendor's would.
    rmSync(join(dir, 'print-fleet.model.yaml'));
    rmSync(join(dir, 'reports'), { recursive: true });
    rmSync(join(dir, 'cultures'), { recursive: true });
    cpSync(OWN_DATA_MODELS, dir, { recursive: true });
    await eventually(
      () => servicesOf(app).content.workspace(FLEET_WORKSPACE_ID) === undefined,
      'the print-fleet model to be unloaded',
    );

    for (const body of [
      { dashboards: [{ id: FLEET_DASHBOARD_ID }] },
      { paginatedReports: [{ id: INVOICE_REPORT_ID }] },
    ]) {
      const refused = await mint(body);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const url of [
      `/frame-api/dashboards/${FLEET_DASHBOARD_ID}`,
      `/frame-api/dashboards/${FLEET_DASHBOARD_ID}/tiles/t1/data`,
      `/frame-api/paginated-reports/${INVOICE_REPORT_ID}/pages/1`,
    ]) {
      const gone = await frame(token, url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
