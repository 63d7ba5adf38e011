/**
 * ANALYTICS_DATA_FOLDER_MODE=read over real HTTP: the service reads the vendor's files in place, so a file that goes
 * away while it runs is the data source being down, not the service failing. Queries answer 503 ENGINE_UNAVAILABLE
 * naming the source, /readyz names `files` as down, and both recover by themselves once the file is back.
 */
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ephemeralSigningKey } from '../../src/auth/signing-key.ts';
import { embedToken, testConfig } from '../helpers/test-app.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../examples/own-data/', import.meta.url));
const REPORT_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98';
const TICKETS = { select: [{ measure: { table: 'Tickets', measure: 'Tickets' } }] };
const ACCOUNTS = { select: [{ column: { table: 'Accounts', column: 'Account' } }] };
/** Asked only once the files are back: an answer the result cache cannot hold. */
const BY_PRIORITY = {
  select: [
    { column: { table: 'Tickets', column: 'Priority' } },
    { measure: { table: 'Tickets', measure: 'Tickets' } },
  ],
};
/** The result cache looks at the folder's files again once a second (data-version.ts). */
const seenByCache = () => new Promise((resolve) => setTimeout(resolve, 1100));

let dir: string;
let folder: string;
let app: FastifyInstance;
let base: string;
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-folder-outage-'));
  folder = join(dir, 'data');
  await cp(join(EXAMPLE, 'data'), folder, { recursive: true });
  app = await buildApp({
    config: testConfig(join(dir, 'service'), {
      ANALYTICS_DATA_FOLDER: folder,
      ANALYTICS_DATA_FOLDER_MODE: 'read',
      ANALYTICS_MODELS_DIR: join(EXAMPLE, 'models'),
      ANALYTICS_DUCKDB_MEMORY_MB: '128',
      ANALYTICS_DUCKDB_THREADS: '2',
    }),
    signingKey: await ephemeralSigningKey(),
    logger: false,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  token = await embedToken(app, { reports: [{ id: REPORT_ID }], identities: [{ databaseNames: ['acme'] }] });
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

async function query(body: unknown): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const res = await fetch(`${base}/frame-api/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reportId: REPORT_ID, query: body }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

async function ready(): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: await res.json() };
}

describe('a data file that goes away while the service reads the folder in place', () => {
  it('answers 503 ENGINE_UNAVAILABLE naming the files source, shows it down in /readyz, and recovers once the file is back', async () => {
    const before = await query(TICKETS);
    expect(before.status).toBe(200);
    expect((await query(ACCOUNTS)).status).toBe(200);
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', sources: [{ name: 'files', status: 'up' }] },
    });

    await rename(join(folder, 'accounts.csv'), join(dir, 'accounts.csv'));
    await rename(join(folder, 'tickets'), join(dir, 'tickets'));
    await seenByCache();
    for (const missing of [TICKETS, ACCOUNTS]) {
      const answer = await query(missing);
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('5');
      expect(answer.body).toMatchObject({ code: 'ENGINE_UNAVAILABLE', source: 'files' });
      expect(String((answer.body as { message: unknown }).message)).toMatch(/data source \(files\)/);
      // The operator's paths stay in the log.
      expect(JSON.stringify(answer.body)).not.toContain(folder);
    }
    expect(await ready()).toMatchObject({
      status: 503,
      body: {
        status: 'unavailable',
        code: 'ENGINE_UNAVAILABLE',
        sources: [{ name: 'files', status: 'down' }],
      },
    });

    await rename(join(dir, 'accounts.csv'), join(folder, 'accounts.csv'));
    await rename(join(dir, 'tickets'), join(folder, 'tickets'));
    await seenByCache();
    expect((await ready()).status).toBe(200);
    expect(await query(TICKETS)).toEqual(before);
    const byPriority = await query(BY_PRIORITY);
    expect(byPriority.status).toBe(200);
    const rows = (byPriority.body as { rows: [string, number][] }).rows;
    expect(rows.reduce((sum, row) => sum + row[1], 0)).toBe(
      (before.body as { rows: number[][] }).rows[0]?.[0],
    );
  }, 60_000);
});
