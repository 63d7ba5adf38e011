import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Dataset, Interpretation } from '@portico/analytics-model';
import { relabelAnswer } from '@portico/analytics-model';
import { HttpError } from '../../http-errors.ts';
import { embedClaims } from '../../plugins/authentication.ts';
import { runVisualQuery } from '../../query/run.ts';
import { authErrorResponses, ErrorBody, Id, LanguageQuery } from '../../schemas.ts';
import { interpret } from './interpret.ts';
import type { Lexicon } from './lexicon.ts';
import { suggestions } from './suggestions.ts';
import { Vocabulary } from './vocabulary.ts';
import { servicesOf } from '../../services.ts';

/** The longest question accepted. */
export const MAX_QUESTION_LENGTH = 500;

const DatasetInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  suggestions: Type.Array(Type.String()),
});

const InterpretBody = Type.Object({
  datasetIds: Type.Array(Id, { minItems: 1, maxItems: 10 }),
  question: Type.String({ maxLength: MAX_QUESTION_LENGTH }),
});

const Answered = Type.Object({
  status: Type.Literal('answered'),
  question: Type.String(),
  normalizedQuestion: Type.String(),
  datasetId: Type.String(),
  summary: Type.Unknown({ description: 'measures, groups, filters, time, rank' }),
  visual: Type.Unknown({ description: '{ type, title, dataRoles, formatting }' }),
  query: Type.Unknown({ description: 'The VisualQuery that was run' }),
  answer: Type.Unknown({ description: 'The QueryAnswer: columns, rows, truncated' }),
});
const Unanswered = Type.Object({
  status: Type.Literal('unanswered'),
  question: Type.String(),
  message: Type.String(),
  suggestions: Type.Array(Type.String()),
});

/**
 * /frame-api/qna/*: Q&A over the datasets an embed token names. Questions are interpreted over the viewer's
 * vocabulary and answered through the query layer under the token's row-level security.
 */
const qnaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { engine, content, now } = servicesOf(app);
  const vocabulary = new Vocabulary({ engine, now });

  const grantedDataset = (request: Parameters<typeof embedClaims>[0], datasetId: string): Dataset => {
    const claims = embedClaims(request);
    if (!(claims.datasets ?? []).some((d) => d.id === datasetId)) {
      throw new HttpError(403, 'FORBIDDEN', `The embed token does not grant Q&A on dataset '${datasetId}'.`);
    }
    const dataset = content.dataset(datasetId);
    if (dataset === undefined) throw new HttpError(404, 'NOT_FOUND', `No dataset '${datasetId}'.`);
    return dataset;
  };

  app.get(
    '/datasets/:datasetId',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: 'A dataset Q&A may ask about, with suggested questions; its name in `language`',
        params: Type.Object({ datasetId: Id }),
        querystring: LanguageQuery,
        response: { 200: DatasetInfo, 400: ErrorBody, 404: ErrorBody, ...authErrorResponses },
      },
    },
    async (request) => {
      const dataset = grantedDataset(request, request.params.datasetId);
      const lexicon = await vocabulary.lexicon(dataset, embedClaims(request).databaseNames);
      const name = content.localizedDataset(dataset, request.query.language).name;
      return { id: dataset.id, name, suggestions: suggestions(lexicon) };
    },
  );

  app.post(
    '/interpret',
    {
      onRequest: app.requireEmbedToken,
      schema: {
        summary: "Interpret a question and answer it; the answer's field names in `language`",
        body: InterpretBody,
        querystring: LanguageQuery,
        response: {
          200: Type.Union([Answered, Unanswered]),
          400: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const question = request.body.question.trim();
      if (question === '') throw new HttpError(400, 'VALIDATION_ERROR', 'The question is empty.');
      const datasets = [...new Set(request.body.datasetIds)].map((id) => grantedDataset(request, id));
      const { databaseNames } = embedClaims(request);
      let first: { lexicon: Lexicon; result: Interpretation } | undefined;
      for (const dataset of datasets) {
        const lexicon = await vocabulary.lexicon(dataset, databaseNames);
        const result = interpret(lexicon, question);
        first ??= { lexicon, result };
        if (result.status === 'answered') {
          const answer = await runVisualQuery(engine, dataset, result.query, {
            databaseNames,
            now: new Date(now()),
          });
          // The question stays as asked; the fields the answer shows are named in the viewer's language.
          const shown = relabelAnswer(answer, content.localizedDataset(dataset, request.query.language));
          return { ...result, datasetId: dataset.id, answer: shown };
        }
      }
      if (first === undefined || first.result.status === 'answered')
        throw new Error('unreachable: no dataset');
      return { ...first.result, suggestions: suggestions(first.lexicon).slice(0, 3) };
    },
  );
};

export default qnaRoutes;
