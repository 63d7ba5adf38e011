/** The quick-create page: a message until the dataset is built, then its report, with "Save as" while unsaved. */
import { useState, useSyncExternalStore } from 'react';
import { ReportView } from '../../components/ReportView.tsx';
import { isCreating, saveDraftAs } from '../../create/draft.ts';
import './quick-create.css';
import type { ReportController } from '../../model/controller.ts';

export function QuickCreateApp({ controller }: { controller: ReportController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  switch (state.status) {
    case 'waiting':
      return <p className="message muted">Waiting for the host page…</p>;
    case 'loading':
      return <p className="message muted">Building the dataset…</p>;
    case 'failed':
      return (
        <p className="message" role="alert">
          The report could not be created. {state.message}
        </p>
      );
    default:
      return (
        <div className="quick-create">
          {isCreating(controller) ? (
            <SaveBar controller={controller} defaultName={state.report?.name ?? 'New report'} />
          ) : null}
          <div className="quick-create-report">
            <ReportView controller={controller} state={state} />
          </div>
        </div>
      );
  }
}

function SaveBar({ controller, defaultName }: { controller: ReportController; defaultName: string }) {
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="quick-create-bar"
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
      <span className="muted">Not saved yet: the data and the report are kept once you save.</span>
      <label>
        Report name <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        Save as
      </button>
      {problem ? <span role="alert">{problem}</span> : null}
    </form>
  );
}
