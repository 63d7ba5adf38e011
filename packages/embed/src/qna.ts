/**
 * A Q&A embed: a natural-language question box over one or more datasets.
 */
import { validateLoadQnaConfiguration } from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import { Embed, type IEmbedConfiguration } from './embed.ts';
import { QNA_EVENTS, type QnaEvents } from './events.ts';
import type { IHttpPostMessageResponse } from './types.ts';

export class Qna extends Embed<QnaEvents> {
  static override type = 'Qna';
  static override _loadCall: CallSpec = Call.qnaLoad;
  static override allowedEvents: string[] = QNA_EVENTS;

  getId(): null {
    return null;
  }

  /** Asks a new question: `qna.setQuestion('total sales by region')`. */
  setQuestion(question: string): Promise<IHttpPostMessageResponse<void>> {
    return this._send(Call.interpret, { question });
  }

  configChanged(): void {
    // Q&A derives nothing from its configuration.
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'qnaEmbed';
  }

  validate(config: IEmbedConfiguration) {
    return validateLoadQnaConfiguration(config);
  }
}
