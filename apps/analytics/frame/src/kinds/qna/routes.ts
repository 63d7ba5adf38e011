/**
 * The calls a Q&A frame answers: load (and prepare), interpret, and through the embed session the token refresh,
 * the front-loaded config and the correlation id. Anything else is 501 (the router's `unmatched` handler).
 */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import type { QnaController } from './controller.ts';

export function registerQnaRoutes(
  router: FrameRouter,
  controller: QnaController,
  options: { readonly correlationId: string },
): void {
  const { session } = controller;
  router
    .handle(Call.qnaLoad, ({ body, origin }) => session.load(body, origin))
    .handle(Call.qnaPrepare, ({ body, origin }) => session.load(body, origin))
    .handle(Call.interpret, async ({ body }) => {
      const input = (body ?? {}) as { question?: unknown; datasetIds?: unknown };
      await controller.ask(input.question, input.datasetIds);
      return null;
    })
    .handle(Call.setAccessToken, ({ params, body, origin }) =>
      session.renewToken(body, origin, params.embedType),
    )
    .handle(Call.frontLoad, ({ body, origin }) => {
      void session.frontLoad(body, origin);
      return null;
    })
    .handle(Call.getCorrelationId, () => options.correlationId);
}
