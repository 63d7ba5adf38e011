import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_QUERIES, visualQuery } from '@portico/analytics-model';
import type { QueryAnswer, QueryBatchLine, ReportDefinition, VisualQuery } from '@portico/analytics-model';
import { accountData } from '../helpers/fleet.ts';
import { col, msr } from '../helpers/query.ts';
import { createTestApp, embedToken, REPORTS } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const ACCOUNT_DEVICES: VisualQuery = {
  select: [col('Accounts', 'Database name'), msr('Devices', 'Devices')],
  orderBy: [{ field: col('Accounts', 'Database name'), direction: 'Ascending' }],
};

interface Answered {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
}

// The batch route with the result cache off and on: a kept answer is spliced into the lines as kept bytes.
describe.each([
  ['off', { ANALYTICS_CACHE_MAX_MB: '0' }],
  ['on', { ANALYTICS_CACHE_MAX_MB: '16' }],
])('POST /frame-api/queries over HTTP, result cache %s', (_cache, env) => {
  let t: TestApp;
  let base: string;
  let fabrikam: string;

  beforeAll(async () => {
    t = await createTestApp(env);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fabrikam = await embedToken(t.app, { identities: [{ databaseNames: ['fabrikam'] }] });
  });
  afterAll(() => t.close());

  async function post(path: string, token: string | undefined, body: unknown): Promise<Answered> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }

  /** The batch's lines by index (every line is JSON and every index answered once). */
  async function batch(token: string, queries: readonly unknown[], reportId: string = REPORTS.fleetOverview) {
    const res = await post('/frame-api/queries', token, { reportId, queries });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/x-ndjson; charset=utf-8');
    expect(res.body.endsWith('\n')).toBe(true);
    const lines = res.body
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as QueryBatchLine);
    expect(lines.map((line) => line.index).sort((a, b) => a - b)).toEqual(queries.map((_, i) => i));
    return lines.sort((a, b) => a.index - b.index);
  }

  const answerOf = (line: QueryBatchLine | undefined): QueryAnswer => {
    if (line === undefined || !('answer' in line)) throw new Error(`no answer: ${JSON.stringify(line)}`);
    return line.answer;
  };

  it("answers every query of the fleet overview's first page as the single-query route answers it", async () => {
    const report = (
      (await (
        await fetch(`${base}/frame-api/reports/${REPORTS.fleetOverview}`, {
          headers: { authorization: `Bearer ${fabrikam}` },
        })
      ).json()) as { report: { definition: ReportDefinition } }
    ).report.definition;
    const page = report.pages[0];
    if (page === undefined) throw new Error('the fleet overview has no page');
    const queries = page.visuals.map((visual) => visualQuery(report, page, visual));
    expect(queries.length).toBeGreaterThan(4);
    const lines = await batch(fabrikam, queries);
    for (const [i, query] of queries.entries()) {
      const single = await post('/frame-api/query', fabrikam, { reportId: REPORTS.fleetOverview, query });
      expect(single.status).toBe(200);
      expect(answerOf(lines[i])).toEqual(JSON.parse(single.body));
    }
  });

  it("restricts every query of a batch to the token's accounts, whatever its filters ask", async () => {
    const widening: VisualQuery = {
      ...ACCOUNT_DEVICES,
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Accounts', column: 'Database name' },
          filterType: 1,
          operator: 'In',
          values: ['northwind', 'tailspin'],
        },
      ],
    };
    const lines = await batch(fabrikam, [ACCOUNT_DEVICES, widening, ACCOUNT_DEVICES]);
    expect(answerOf(lines[0]).rows).toEqual([['fabrikam', accountData('fabrikam').devices.length]]);
    expect(answerOf(lines[1]).rows).toEqual([]);
    expect(answerOf(lines[2]).rows).toEqual([['fabrikam', accountData('fabrikam').devices.length]]);
    const two = await embedToken(t.app, { identities: [{ databaseNames: ['northwind', 'tailspin'] }] });
    const theirs = await batch(two, [ACCOUNT_DEVICES, widening]);
    const expected = [
      ['northwind', accountData('northwind').devices.length],
      ['tailspin', accountData('tailspin').devices.length],
    ];
    expect(answerOf(theirs[0]).rows).toEqual(expected);
    expect(answerOf(theirs[1]).rows).toEqual(expected);
  });

  it('answers a query it refuses with a 400 line of its own while the other queries of the batch are answered', async () => {
    const unknownColumn = { select: [col('Devices', "Model' OR 1=1 --")] };
    const badFilter = {
      select: [col('Devices', 'Model')],
      filters: [{ filterType: 1, target: { table: 'Devices', column: 'Nope' }, operator: 'In', values: [1] }],
    };
    const lines = await batch(fabrikam, [unknownColumn, ACCOUNT_DEVICES, badFilter]);
    for (const line of [lines[0], lines[2]]) {
      expect(line).toMatchObject({ error: { status: 400, code: 'INVALID_QUERY' } });
      expect(line && 'error' in line ? line.error.message : '').not.toBe('');
    }
    expect(answerOf(lines[1]).rows).toEqual([['fabrikam', accountData('fabrikam').devices.length]]);
  });

  it(`refuses the whole batch before any line: more than ${MAX_BATCH_QUERIES} queries, none, a malformed query, a report the token does not grant, no token`, async () => {
    const cases: [string, string | undefined, unknown, number, string][] = [
      [
        'too many',
        fabrikam,
        {
          reportId: REPORTS.fleetOverview,
          queries: Array.from({ length: MAX_BATCH_QUERIES + 1 }, () => ACCOUNT_DEVICES),
        },
        400,
        'VALIDATION_ERROR',
      ],
      ['none', fabrikam, { reportId: REPORTS.fleetOverview, queries: [] }, 400, 'VALIDATION_ERROR'],
      [
        'malformed',
        fabrikam,
        { reportId: REPORTS.fleetOverview, queries: [ACCOUNT_DEVICES, { select: 'Devices' }] },
        400,
        'VALIDATION_ERROR',
      ],
      [
        'another report',
        await embedToken(t.app, { reports: [{ id: REPORTS.supplies }] }),
        { reportId: REPORTS.fleetOverview, queries: [ACCOUNT_DEVICES] },
        403,
        'FORBIDDEN',
      ],
      ['no token', undefined, { reportId: REPORTS.fleetOverview, queries: [ACCOUNT_DEVICES] }, 401, ''],
    ];
    for (const [what, token, body, status, code] of cases) {
      const res = await post('/frame-api/queries', token, body);
      expect({ what, status: res.status }).toEqual({ what, status });
      expect(res.type).toContain('application/json');
      const problem = JSON.parse(res.body) as { message: string; code: string };
      expect(problem.message).not.toBe('');
      if (code !== '') expect(problem.code).toBe(code);
    }
  });

  it(`answers a batch of ${MAX_BATCH_QUERIES} queries, each once`, async () => {
    const queries = Array.from({ length: MAX_BATCH_QUERIES }, (_, i) => ({ ...ACCOUNT_DEVICES, top: i + 1 }));
    const lines = await batch(fabrikam, queries);
    for (const line of lines) expect(answerOf(line).rows).toHaveLength(1);
  });
});
