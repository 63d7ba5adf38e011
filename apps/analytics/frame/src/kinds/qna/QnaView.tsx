/** The Q&A page: a question box with suggestions (interactive mode) and the answer; result-only shows the answer. */
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { FormEvent } from 'react';
import { urlChromeMessages } from '../../components/frame-language.ts';
import { AnswerVisual } from './AnswerVisual.tsx';
import { MAX_QUESTION_LENGTH } from './controller.ts';
import type { QnaController } from './controller.ts';
import './qna.css';

export function QnaView({ controller }: { readonly controller: QnaController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const { result } = state;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const asked =
    result.status === 'idle'
      ? ''
      : result.status === 'asking' || result.status === 'error'
        ? result.question
        : result.value.question;
  const text = draft ?? asked;
  const ask = useCallback(
    (question: string) => {
      setDraft(undefined);
      controller.ask(question).catch(() => undefined);
    },
    [controller],
  );
  const seq = result.status === 'answered' ? result.seq : 0;
  const onRendered = useCallback(() => controller.markRendered(seq), [controller, seq]);

  const messages = urlChromeMessages();
  if (state.status === 'failed') {
    return state.hideErrors ? null : (
      <p className="message" role="alert">
        {messages.qnaFailed} {state.message}
      </p>
    );
  }
  if (state.status !== 'loaded') return <p className="message muted">{messages.loading}</p>;

  const interactive = state.mode === 'interactive';
  const suggestions = state.datasets.flatMap((d) => d.suggestions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') ask(text);
  };
  return (
    <div className="qna" data-mode={state.mode}>
      {interactive ? (
        <form className="qna-box" role="search" onSubmit={submit}>
          <input
            type="text"
            name="question"
            aria-label={messages.askQuestion}
            placeholder={messages.askQuestion}
            autoComplete="off"
            maxLength={MAX_QUESTION_LENGTH}
            value={text}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" disabled={text.trim() === ''}>
            {messages.ask}
          </button>
        </form>
      ) : null}
      {interactive &&
      (result.status === 'idle' || result.status === 'unanswered') &&
      suggestions.length > 0 ? (
        <div className="qna-suggestions">
          <span className="muted">{messages.tryAsking}</span>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => ask(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.status === 'asking' ? <p className="visual-loading">{messages.askingAnswer}</p> : null}
      {result.status === 'unanswered' ? (
        <p className="qna-message" role="status">
          {result.value.message}
        </p>
      ) : null}
      {result.status === 'error' && !state.hideErrors ? (
        <p className="qna-message" role="alert">
          {messages.questionFailed} {result.message}
        </p>
      ) : null}
      {result.status === 'answered' ? (
        <>
          {interactive ? (
            <p className="qna-restatement muted">
              {messages.showing} <q>{result.value.normalizedQuestion}</q>
            </p>
          ) : null}
          <AnswerVisual key={result.seq} answered={result.value} onRendered={onRendered} />
        </>
      ) : null}
    </div>
  );
}
