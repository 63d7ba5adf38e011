/** "Save as" for a report being created: a name, the button, and the service's problem when the save fails. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ReportController } from '../model/controller.ts';
import type { AuthoringMessages } from '../model/authoring-messages.ts';
import { saveDraftAs } from './draft.ts';

export function SaveDraftForm(props: {
  controller: ReportController;
  defaultName: string;
  className: string;
  problemClassName?: string;
  /** Shown before the name. */
  children?: ReactNode;
  messages: AuthoringMessages;
}) {
  const { controller, defaultName, className, problemClassName, children, messages } = props;
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setProblem(messages.nameTheReport);
        setBusy(true);
        setProblem(undefined);
        saveDraftAs(controller, name.trim()).catch((error: unknown) => {
          const body = (error as { body?: { detailedMessage?: string } }).body;
          setProblem(body?.detailedMessage ?? messages.saveFailed);
          setBusy(false);
        });
      }}
    >
      {children}
      <label>
        {messages.reportName} <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        {messages.saveAs}
      </button>
      {problem ? (
        <span role="alert" className={problemClassName}>
          {problem}
        </span>
      ) : null}
    </form>
  );
}
