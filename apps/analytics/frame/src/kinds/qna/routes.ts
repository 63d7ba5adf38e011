/** The calls a Q&A frame answers: load (and prepare), interpret, token refresh and the session's small calls. */
import { Call } from '@portico/frame';
import type { FrameRouter } from '@portico/frame';
import type { QnaController } from './controller.ts';
import { checkedToken } from '../../routes/edge-checks.ts';

export function registerQnaRoutes(
  router: FrameRouter,
  controller: QnaController,
  options: { readonly correlationId: string },
): void {
  router
    .handle(Call.qnaLoad, ({ body, origin }) => controller.load(body, origin))
    .handle(Call.qnaPrepare, ({ body, origin }) => controller.load(body, origin))
    .handle(Call.interpret, async ({ body }) => {
      const input = (body ?? {}) as { question?: unknown; datasetIds?: unknown };
      await controller.ask(input.question, input.datasetIds);
      return null;
    })
    .handle(Call.setAccessToken, ({ body }) => {
      const token = checkedToken(body);
      controller.setToken(token);
      return null;
    })
    // The config the SDK sends on `ready`: it loads the embed when the SDK's load went out before we listened.
    .handle(Call.frontLoad, ({ body, origin }) => controller.frontLoad(body, origin))
    .handle(Call.getCorrelationId, () => options.correlationId);
}
