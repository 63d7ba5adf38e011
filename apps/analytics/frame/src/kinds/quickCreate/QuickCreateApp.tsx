/** The quick-create page: a message until the dataset is built, then its report, with "Save as" while unsaved. */
import { useSyncExternalStore } from 'react';
import { pendingMessage } from '../../components/PendingMessage.tsx';
import { ReportView } from '../../components/ReportView.tsx';
import { isCreating } from '../../create/draft.ts';
import { SaveDraftForm } from '../../create/SaveDraftForm.tsx';
import './quick-create.css';
import type { ReportController } from '../../model/controller.ts';

export function QuickCreateApp({ controller }: { controller: ReportController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  return (
    pendingMessage(state, 'Building the dataset…', 'The report could not be created.') ?? (
      <div className="quick-create">
        {isCreating(controller) ? (
          <SaveDraftForm
            controller={controller}
            defaultName={state.report?.name ?? 'New report'}
            className="quick-create-bar"
          >
            <span className="muted">Not saved yet: the data and the report are kept once you save.</span>
          </SaveDraftForm>
        ) : null}
        <div className="quick-create-report">
          <ReportView controller={controller} state={state} />
        </div>
      </div>
    )
  );
}
