/** Embed tokens naming datasets, and Q&A calls through real HTTP (`app.inject`), for the Q&A route tests. */
import type { FastifyInstance } from 'fastify';
import { PRINT_FLEET_DATASET_ID } from '../../../src/models/built-in.ts';
import { apiToken, PORTAL_ORIGIN, REPORTS } from '../../helpers/test-app.ts';

export const DATASET = PRINT_FLEET_DATASET_ID;

/** A View token for Q&A on the print-fleet dataset (or on `datasets`) as a viewer of `databaseNames`. */
export async function qnaToken(
  app: FastifyInstance,
  databaseNames: string[],
  grant: { datasets?: string[]; reports?: string[] } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/embed-tokens',
    headers: { authorization: `Bearer ${await apiToken(app)}` },
    payload: {
      reports: (grant.reports ?? []).map((id) => ({ id })),
      datasets: (grant.datasets ?? [DATASET]).map((id) => ({ id })),
      permissions: 'View',
      identities: [{ databaseNames }],
      allowedOrigins: [PORTAL_ORIGIN],
    },
  });
  if (res.statusCode !== 200) throw new Error(`embed token: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export { REPORTS };

export interface AnsweredBody {
  status: 'answered';
  question: string;
  normalizedQuestion: string;
  datasetId: string;
  summary: { measures: string[]; groups: string[]; filters: string[]; time: string[]; rank?: string };
  visual: { type: string; title: string };
  answer: { columns: { displayName: string }[]; rows: (string | number | boolean | null)[][] };
}

export interface UnansweredBody {
  status: 'unanswered';
  question: string;
  message: string;
  suggestions: string[];
}

/** POST /frame-api/qna/interpret with a token; the raw response. */
export function ask(app: FastifyInstance, token: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/frame-api/qna/interpret',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
}

/** Asks `question` on the print-fleet dataset and expects an answer. */
export async function answer(app: FastifyInstance, token: string, question: string): Promise<AnsweredBody> {
  const res = await ask(app, token, { datasetIds: [DATASET], question });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  const body = res.json() as AnsweredBody | UnansweredBody;
  if (body.status !== 'answered') throw new Error(`not answered: ${body.message}`);
  return body;
}
