/**
 * A page's visual queries in one request: every `query()` asked in the same turn of the event loop (the controller
 * asks all of a page's visible visuals at once) goes to `POST /frame-api/queries` together, up to
 * MAX_BATCH_QUERIES a request; a query asked alone goes to `POST /frame-api/query` as before. The service answers a
 * batch as NDJSON, a line per query as soon as it has it, so each visual is drawn as its data arrives rather than
 * after the slowest. A query the service refuses alone fails alone (its own `ApiError`); a batch refused as a whole
 * (an expired token, a report the token does not grant) fails every query in it.
 */
import { MAX_BATCH_QUERIES } from '@portico/analytics-model';
import type { QueryAnswer, QueryBatchLine, VisualQuery } from '@portico/analytics-model';
import { ApiError } from './request.ts';
import type { Requester } from './request.ts';

interface Waiting {
  readonly query: VisualQuery;
  readonly resolve: (answer: QueryAnswer) => void;
  readonly reject: (error: unknown) => void;
}

/** The code of a query whose line never came (the answer was cut off). */
export const INCOMPLETE_ANSWER = 'INCOMPLETE_ANSWER';

/** Calls `each` with every complete line of an NDJSON body, as the lines arrive. */
async function readLines(response: Response, each: (line: string) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (reader === undefined) {
    for (const line of (await response.text()).split('\n')) if (line !== '') each(line);
    return;
  }
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    rest += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let end = rest.indexOf('\n');
    while (end >= 0) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line !== '') each(line);
      end = rest.indexOf('\n');
    }
    if (done) break;
  }
  if (rest !== '') each(rest);
}

/** `query(reportId, query)` of the frame API, batching the queries asked together. */
export function queryBatcher(
  requester: Requester,
): (reportId: string, query: VisualQuery) => Promise<QueryAnswer> {
  const pending = new Map<string, Waiting[]>();

  async function send(reportId: string, batch: readonly Waiting[]): Promise<void> {
    const only = batch.length === 1 ? batch[0] : undefined;
    if (only !== undefined) {
      requester
        .json<QueryAnswer>('POST', '/frame-api/query', { reportId, query: only.query })
        .then(only.resolve, only.reject);
      return;
    }
    const settled = new Set<number>();
    try {
      const response = await requester.call('POST', '/frame-api/queries', {
        reportId,
        queries: batch.map((w) => w.query),
      });
      await readLines(response, (text) => {
        const line = JSON.parse(text) as QueryBatchLine;
        const waiting = batch[line.index];
        if (waiting === undefined || settled.has(line.index)) return;
        settled.add(line.index);
        if ('answer' in line) waiting.resolve(line.answer);
        else waiting.reject(new ApiError(line.error.status, line.error.code, line.error.message));
      });
    } catch (error) {
      for (const [i, waiting] of batch.entries()) if (!settled.has(i)) waiting.reject(error);
      return;
    }
    for (const [i, waiting] of batch.entries())
      if (!settled.has(i))
        waiting.reject(
          new ApiError(502, INCOMPLETE_ANSWER, "The service's answer ended before this visual's data."),
        );
  }

  function flush(): void {
    const reports = [...pending];
    pending.clear();
    for (const [reportId, waiting] of reports)
      for (let i = 0; i < waiting.length; i += MAX_BATCH_QUERIES)
        void send(reportId, waiting.slice(i, i + MAX_BATCH_QUERIES));
  }

  return (reportId, query) =>
    new Promise<QueryAnswer>((resolve, reject) => {
      if (pending.size === 0) queueMicrotask(flush);
      const list = pending.get(reportId);
      if (list === undefined) pending.set(reportId, [{ query, resolve, reject }]);
      else list.push({ query, resolve, reject });
    });
}
