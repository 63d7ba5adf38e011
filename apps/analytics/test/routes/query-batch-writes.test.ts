import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { QueryBatchLine, VisualQuery } from '@portico/analytics-model';
import type { Engine } from '../../src/data/engine.ts';
import { col, msr } from '../helpers/query.ts';
import { createTestApp, embedToken, REPORTS } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const BY_ACCOUNT: VisualQuery = { select: [col('Accounts', 'Database name'), msr('Devices', 'Devices')] };
const BY_REGION: VisualQuery = { select: [col('Accounts', 'Region'), msr('Devices', 'Devices')] };
const BY_CUSTOMER: VisualQuery = { select: [col('Accounts', 'Customer'), msr('Devices', 'Devices')] };

interface Received {
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body as it came off the socket, chunk by chunk. */
  readonly chunks: string[];
}

/** POSTs a batch and hands each chunk of the answer to `onChunk` as it arrives. */
function postBatch(
  base: string,
  token: string,
  queries: readonly VisualQuery[],
  onChunk: (chunk: string, chunks: number) => void = () => undefined,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/frame-api/queries`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        const chunks: string[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          chunks.push(chunk);
          onChunk(chunk, chunks.length);
        });
        res.on('end', () => resolve({ headers: res.headers, chunks }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ reportId: REPORTS.fleetOverview, queries }));
  });
}

const indexesOf = (text: string): number[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as QueryBatchLine).index)
    .sort();

describe('POST /frame-api/queries writes its lines together', () => {
  describe('a batch answered before the gathering time is over', () => {
    let t: TestApp;
    let base: string;
    let token: string;
    beforeAll(async () => {
      // A gathering time no test machine can overrun with three small queries.
      t = await createTestApp({ ANALYTICS_CACHE_MAX_MB: '0', ANALYTICS_BATCH_GATHER_MS: '1000' });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      token = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
    });
    afterAll(() => t.close());

    it('is written as one body with its length, not in chunks', async () => {
      const started = performance.now();
      const { headers, chunks } = await postBatch(base, token, [BY_ACCOUNT, BY_REGION, BY_CUSTOMER]);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(headers['transfer-encoding']).toBeUndefined();
      const body = chunks.join('');
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
      expect(indexesOf(body)).toEqual([0, 1, 2]);
    });
  });

  describe('a batch with a slow query', () => {
    let t: TestApp;
    let base: string;
    let token: string;
    /** Opens the gate the region query waits at. */
    let release: () => void = () => undefined;
    beforeAll(async () => {
      const held = (engine: Engine): Engine => ({
        ...engine,
        async query(sql, params, types) {
          if (sql.includes('region')) await new Promise<void>((resolve) => (release = resolve));
          return engine.query(sql, params, types);
        },
      });
      t = await createTestApp(
        { ANALYTICS_CACHE_MAX_MB: '0', ANALYTICS_BATCH_GATHER_MS: '200' },
        { wrapEngine: held },
      );
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      token = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
    });
    afterAll(() => t.close());

    it("streams the others' lines before the slow one's, which comes when it is answered", async () => {
      const { headers, chunks } = await postBatch(
        base,
        token,
        [BY_ACCOUNT, BY_REGION, BY_CUSTOMER],
        (_, n) => {
          // The region query answers only once the first write has arrived.
          if (n === 1) release();
        },
      );
      expect(headers['transfer-encoding']).toBe('chunked');
      const first = indexesOf(chunks[0] ?? '');
      expect(first.length).toBeGreaterThan(0);
      expect(first).not.toContain(1);
      const lines = chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '');
      const order = lines.map((line) => (JSON.parse(line) as QueryBatchLine).index);
      expect(order.at(-1)).toBe(1);
      expect([...order].sort()).toEqual([0, 1, 2]);
    });
  });
});
