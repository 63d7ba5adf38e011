import { describe, expect, it } from 'vitest';
import { MAX_BATCH_QUERIES } from '@portico/analytics-model';
import type { QueryAnswer, VisualQuery } from '@portico/analytics-model';
import { createFrameApi } from './frame-api.ts';
import { ApiError } from './request.ts';
import { INCOMPLETE_ANSWER } from './query-batcher.ts';

const query = (n: number): VisualQuery => ({ select: [{ column: { table: 'T', column: `c${n}` } }] });
const answerFor = (n: number): QueryAnswer => ({ columns: [], rows: [[n]], truncated: false });
/** The number a fake answer carries: which query it answered. */
const numberOf = (asked: unknown): number => Number(/c(\d+)/.exec(JSON.stringify(asked))?.[1]);

const ndjson = (lines: readonly unknown[]) =>
  new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });

/** A fake service: records each call; answers batches with `batch(queries)` (lines in reverse order by default). */
function fakeService(batch?: (queries: unknown[], reportId: string) => Response | Promise<Response>) {
  const calls: { url: string; body: { reportId: string; query?: unknown; queries?: unknown[] } }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as (typeof calls)[number]['body'];
    calls.push({ url, body });
    if (url === '/frame-api/query') return Response.json(answerFor(numberOf(body.query)));
    const queries = body.queries ?? [];
    if (batch !== undefined) return batch(queries, body.reportId);
    return ndjson(queries.map((q, index) => ({ index, answer: answerFor(numberOf(q)) })).reverse());
  };
  const api = createFrameApi({ fetch });
  api.setToken('T');
  return { api, calls };
}

describe("the frame's query client", () => {
  it("sends the queries asked in one turn in one batch, and gives each its own answer whatever the lines' order", async () => {
    const { api, calls } = fakeService();
    const answers = await Promise.all([1, 2, 3].map((n) => api.query('r1', query(n))));
    expect(answers.map((a) => a.rows)).toEqual([[[1]], [[2]], [[3]]]);
    expect(calls).toEqual([
      { url: '/frame-api/queries', body: { reportId: 'r1', queries: [query(1), query(2), query(3)] } },
    ]);
  });

  it('sends a query asked alone to the single-query route', async () => {
    const { api, calls } = fakeService();
    expect((await api.query('r1', query(7))).rows).toEqual([[7]]);
    expect((await api.query('r1', query(8))).rows).toEqual([[8]]);
    expect(calls.map((c) => c.url)).toEqual(['/frame-api/query', '/frame-api/query']);
  });

  it("keeps each report's queries in a batch of its own", async () => {
    const { api, calls } = fakeService();
    await Promise.all([api.query('r1', query(1)), api.query('r2', query(2)), api.query('r1', query(3))]);
    expect(calls.map((c) => [c.url, c.body.reportId, c.body.queries?.length ?? 1])).toEqual([
      ['/frame-api/queries', 'r1', 2],
      ['/frame-api/query', 'r2', 1],
    ]);
  });

  it(`splits a page of more than ${MAX_BATCH_QUERIES} queries into batches the service takes`, async () => {
    const { api, calls } = fakeService();
    const count = MAX_BATCH_QUERIES + 3;
    const answers = await Promise.all(Array.from({ length: count }, (_, n) => api.query('r1', query(n))));
    expect(answers.map((a) => a.rows[0]?.[0])).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(calls.map((c) => c.body.queries?.length)).toEqual([MAX_BATCH_QUERIES, 3]);
  });

  it('fails only the query whose line is an error, with its status and code', async () => {
    const { api } = fakeService((queries) =>
      ndjson([
        { index: 1, error: { status: 400, code: 'INVALID_QUERY', message: "No column 'T'.'c2'." } },
        ...queries.flatMap((q, index) => (index === 1 ? [] : [{ index, answer: answerFor(numberOf(q)) }])),
      ]),
    );
    const settled = await Promise.allSettled([1, 2, 3].map((n) => api.query('r1', query(n))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = settled[1];
    expect(failure?.status === 'rejected' ? failure.reason : undefined).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'INVALID_QUERY',
      message: "No column 'T'.'c2'.",
    });
  });

  it('fails every query of a batch the service refuses as a whole', async () => {
    const { api } = fakeService(() =>
      Response.json(
        { message: 'The embed token does not grant access to this report.', code: 'FORBIDDEN' },
        { status: 403 },
      ),
    );
    const settled = await Promise.allSettled([1, 2].map((n) => api.query('r1', query(n))));
    for (const s of settled) {
      expect(s.status).toBe('rejected');
      expect(s.status === 'rejected' ? s.reason : undefined).toBeInstanceOf(ApiError);
      expect(s.status === 'rejected' ? s.reason : undefined).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
  });

  it('fails the queries whose lines never came when the answer is cut off', async () => {
    const { api } = fakeService((queries) => ndjson([{ index: 0, answer: answerFor(numberOf(queries[0])) }]));
    const settled = await Promise.allSettled([1, 2].map((n) => api.query('r1', query(n))));
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { rows: [[1]] } });
    expect(settled[1]).toMatchObject({
      status: 'rejected',
      reason: { status: 502, code: INCOMPLETE_ANSWER },
    });
  });

  it("gives a query its answer as soon as its line arrives, before the batch's last line", async () => {
    let send: (text: string) => void = () => undefined;
    let end: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        send = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
      },
    });
    const { api } = fakeService(() => new Response(body, { status: 200 }));
    const first = api.query('r1', query(1));
    const second = api.query('r1', query(2));
    let secondDone = false;
    void second.then(() => (secondDone = true));
    // A line split across two chunks is read whole.
    const line = JSON.stringify({ index: 0, answer: answerFor(1) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    send(line.slice(0, 10));
    send(`${line.slice(10)}\n`);
    expect((await first).rows).toEqual([[1]]);
    expect(secondDone).toBe(false);
    send(`${JSON.stringify({ index: 1, answer: answerFor(2) })}\n`);
    end();
    expect((await second).rows).toEqual([[2]]);
  });
});
