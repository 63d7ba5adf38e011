/** "Save as" for a report being created: a name, the button, and the service's problem when the save fails. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ReportController } from '../model/controller.ts';
import { saveDraftAs } from './draft.ts';

export function SaveDraftForm(props: {
  controller: ReportController;
  defaultName: string;
  className: string;
  problemClassName?: string;
  /** Shown before the name. */
  children?: ReactNode;
}) {
  const { controller, defaultName, className, problemClassName, children } = props;
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setProblem('Give the report a name.');
        setBusy(true);
        setProblem(undefined);
        saveDraftAs(controller, name.trim()).catch((error: unknown) => {
          const body = (error as { body?: { detailedMessage?: string } }).body;
          setProblem(body?.detailedMessage ?? 'The report could not be saved.');
          setBusy(false);
        });
      }}
    >
      {children}
      <label>
        Report name <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        Save as
      </button>
      {problem ? (
        <span role="alert" className={problemClassName}>
          {problem}
        </span>
      ) : null}
    </form>
  );
}
