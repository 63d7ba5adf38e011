import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { devices } from '../../helpers/oracle.ts';
import { answer, ask, DATASET, qnaToken, REPORTS } from './helpers.ts';
import type { UnansweredBody } from './helpers.ts';

let t: TestApp;
let fabrikam: string;
beforeAll(async () => {
  t = await createTestApp();
  fabrikam = await qnaToken(t.app, ['fabrikam']);
});
afterAll(async () => t.close());

describe('POST /frame-api/qna/interpret', () => {
  it('answers with the interpretation, the visual and the rows', async () => {
    const body = await answer(t.app, fabrikam, 'how many devices');
    expect(body).toMatchObject({
      status: 'answered',
      question: 'how many devices',
      normalizedQuestion: 'devices',
      datasetId: DATASET,
      visual: { type: 'card', title: 'Devices' },
    });
    expect(body.answer.rows).toEqual([[devices(['fabrikam']).length]]);
  });

  it('answers a question it cannot interpret with a message and suggestions, not an error', async () => {
    const res = await ask(t.app, fabrikam, { datasetIds: [DATASET], question: 'pages for xyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as UnansweredBody;
    expect(body).toMatchObject({ status: 'unanswered', question: 'pages for xyz' });
    expect(body.message).toMatch(/^I don't know 'xyz'\. Try a measure such as/);
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  it('answers a question holding SQL or markup as words it does not know', async () => {
    const question = "pages for x'); DROP TABLE devices; -- <script>";
    const res = await ask(t.app, fabrikam, { datasetIds: [DATASET], question });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'unanswered',
      message: expect.stringMatching(/^I don't know 'x', 'DROP'/),
    });
    expect((await answer(t.app, fabrikam, 'how many devices')).answer.rows).toEqual([
      [devices(['fabrikam']).length],
    ]);
  });

  it.each([
    ['an empty question', ''],
    ['a blank question', '   \t '],
    ['a question over 500 characters', 'pages '.repeat(84)],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_, question) => {
    const res = await ask(t.app, fabrikam, { datasetIds: [DATASET], question });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('accepts a question of exactly 500 characters', async () => {
    const question = `total pages${' '.repeat(489)}`;
    expect(question).toHaveLength(500);
    expect((await ask(t.app, fabrikam, { datasetIds: [DATASET], question })).statusCode).toBe(200);
  });

  it.each([
    ['no datasetIds', { question: 'total pages' }],
    ['an empty datasetIds', { datasetIds: [], question: 'total pages' }],
    ['a question that is not text', { datasetIds: [DATASET], question: 42 }],
  ])('refuses a body with %s with 400 VALIDATION_ERROR', async (_, payload) => {
    const res = await ask(t.app, fabrikam, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('needs an embed token', async () => {
    const res = await ask(t.app, undefined, { datasetIds: [DATASET], question: 'total pages' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a dataset the token does not name with 403', async () => {
    const reportOnly = await qnaToken(t.app, ['fabrikam'], {
      datasets: [],
      reports: [REPORTS.fleetOverview],
    });
    const res = await ask(t.app, reportOnly, { datasetIds: [DATASET], question: 'total pages' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    const other = await ask(t.app, fabrikam, {
      datasetIds: ['not-a-granted-dataset'],
      question: 'total pages',
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers an expired token 401 TokenExpired', async () => {
    const token = await qnaToken(t.app, ['fabrikam']);
    const start = t.clock.now;
    t.clock.now += 61 * 60_000;
    try {
      const res = await ask(t.app, token, { datasetIds: [DATASET], question: 'total pages' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'TokenExpired' });
    } finally {
      t.clock.now = start;
    }
  });
});

describe('row-level security', () => {
  const siteOf = (databaseName: string) => devices([databaseName]).map((d) => d.site);
  const onlyContoso = () => {
    const mine = new Set(siteOf('fabrikam'));
    const site = siteOf('contoso_emea').find((s) => !mine.has(s));
    if (site === undefined) throw new Error('the test data should give contoso_emea a site fabrikam lacks');
    return site;
  };

  it("counts only the token's accounts", async () => {
    const both = await qnaToken(t.app, ['fabrikam', 'contoso_emea']);
    const answered = await answer(t.app, both, 'how many devices');
    expect(answered.answer.rows).toEqual([[devices(['fabrikam', 'contoso_emea']).length]]);
  });

  it("does not know values of other accounts' rows, so it cannot be asked about them", async () => {
    const site = onlyContoso();
    const res = await ask(t.app, fabrikam, { datasetIds: [DATASET], question: `pages for ${site}` });
    expect(res.json()).toMatchObject({
      status: 'unanswered',
      message: expect.stringContaining(`'${site.split(' ')[0] ?? ''}`),
    });
  });

  it("groups by the token's accounts' values only", async () => {
    const answered = await answer(t.app, fabrikam, 'devices by site');
    expect(answered.answer.rows.map((r) => r[0]).sort()).toEqual([...new Set(siteOf('fabrikam'))].sort());
  });
});

describe('GET /frame-api/qna/datasets/:datasetId', () => {
  it('names the dataset and suggests questions the interpreter answers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/frame-api/qna/datasets/${DATASET}`,
      headers: { authorization: `Bearer ${fabrikam}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: string; name: string; suggestions: string[] };
    expect(body).toMatchObject({ id: DATASET, name: 'Print fleet' });
    expect(body.suggestions).toContain('top 5 models by mono pages');
    for (const question of body.suggestions) {
      expect(
        ((await ask(t.app, fabrikam, { datasetIds: [DATASET], question })).json() as { status: string })
          .status,
      ).toBe('answered');
    }
  });

  it('refuses a dataset the token does not name with 403', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/frame-api/qna/datasets/some-other-dataset',
      headers: { authorization: `Bearer ${fabrikam}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Q&A in the viewer’s language', () => {
  it('names the dataset and the fields of an answer in the language; the question stays as asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/frame-api/qna/interpret?language=ru',
      headers: { authorization: `Bearer ${fabrikam}` },
      payload: { datasetIds: [DATASET], question: 'total pages by manufacturer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { normalizedQuestion: string; answer: { columns: { displayName: string }[] } };
    expect(body.answer.columns.map((c) => c.displayName)).toEqual(['Производитель', 'Всего страниц']);
    const dataset = await t.app.inject({
      method: 'GET',
      url: `/frame-api/qna/datasets/${DATASET}?language=de`,
      headers: { authorization: `Bearer ${fabrikam}` },
    });
    expect((dataset.json() as { name: string }).name).toBe('Druckerflotte');
  });
});
