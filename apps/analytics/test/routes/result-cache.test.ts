import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountData } from '../helpers/fleet.ts';
import { createTestApp, embedToken, REPORTS } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const QUERY = {
  select: [
    { column: { table: 'Accounts', column: 'Database name' } },
    { measure: { table: 'Devices', measure: 'Devices' } },
  ],
};

async function query(token: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}/frame-api/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reportId: REPORTS.fleetOverview, query: QUERY }),
  });
  return { status: res.status, body: await res.text() };
}

/** The result cache's counters, read from GET /metrics without a token. */
async function cacheCounts(): Promise<Record<string, number>> {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  const counts: Record<string, number> = {};
  for (const line of (await res.text()).split('\n')) {
    const match = /^analytics_result_cache_(\w+) (\d+)$/.exec(line);
    if (match !== null) counts[match[1] ?? ''] = Number(match[2]);
  }
  return counts;
}

describe('the query result cache over HTTP', () => {
  it('answers the second identical query of an account from the cache, and another account’s from its own rows', async () => {
    const fabrikam = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
    const northwind = await embedToken(t.app, { identities: [{ databaseNames: ['northwind'] }] });
    const before = await cacheCounts();

    const first = await query(fabrikam);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({
      rows: [['fabrikam', accountData('fabrikam').devices.length]],
      truncated: false,
    });
    const afterFirst = await cacheCounts();
    expect(afterFirst['misses_total']).toBe((before['misses_total'] ?? 0) + 1);

    // Another viewer of the same account (a token of its own): the kept answer, byte for byte.
    const second = await query(await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] }));
    expect(second).toEqual(first);
    const afterSecond = await cacheCounts();
    expect(afterSecond['hits_total']).toBe((afterFirst['hits_total'] ?? 0) + 1);
    expect(afterSecond['misses_total']).toBe(afterFirst['misses_total']);

    const other = await query(northwind);
    expect(JSON.parse(other.body)).toMatchObject({
      rows: [['northwind', accountData('northwind').devices.length]],
    });
    const afterOther = await cacheCounts();
    expect(afterOther['misses_total']).toBe((afterSecond['misses_total'] ?? 0) + 1);
    expect(afterOther['hits_total']).toBe(afterSecond['hits_total']);
    expect(afterOther['entries']).toBeGreaterThanOrEqual(2);
  });

  it('shows counts only at /metrics: no account, report or query text', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).not.toMatch(/fabrikam|northwind|Devices|SELECT|c7f8789d/i);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    // The engine's load: nothing running between requests, and DuckDB's threads (at least one).
    expect(text).toMatch(/^analytics_engine_statements_running 0$/m);
    expect(text).toMatch(/^analytics_engine_statements_waiting 0$/m);
    expect(text).toMatch(/^analytics_engine_threads [1-9]\d*$/m);
  });
});

describe('compiled statements over HTTP, with the result cache off', () => {
  it('give every account its own rows when two accounts ask the same query by turns', async () => {
    const off = await createTestApp({ ANALYTICS_CACHE_MAX_MB: '0' });
    try {
      const offBase = await off.app.listen({ host: '127.0.0.1', port: 0 });
      const tokens = {
        fabrikam: await embedToken(off.app, { identities: [{ databaseNames: ['fabrikam'] }] }),
        northwind: await embedToken(off.app, { identities: [{ databaseNames: ['northwind'] }] }),
      };
      for (const account of ['fabrikam', 'northwind', 'fabrikam', 'northwind'] as const) {
        const res = await fetch(`${offBase}/frame-api/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[account]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reportId: REPORTS.fleetOverview, query: QUERY }),
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          columns: expect.any(Array),
          rows: [[account, accountData(account).devices.length]],
          truncated: false,
        });
      }
    } finally {
      await off.close();
    }
  });
});
