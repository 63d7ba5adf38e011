/** The quick-create page: a message until the dataset is built, then its report, with "Save as" while unsaved. */
import { useSyncExternalStore } from 'react';
import { pendingMessage } from '../../components/PendingMessage.tsx';
import { ReportView } from '../../components/ReportView.tsx';
import { isCreating } from '../../create/draft.ts';
import { SaveDraftForm } from '../../create/SaveDraftForm.tsx';
import { authoringMessages } from '../../model/authoring-messages.ts';
import { frameLanguage } from '../../model/messages.ts';
import './quick-create.css';
import type { ReportController } from '../../model/controller.ts';

export function QuickCreateApp({ controller }: { controller: ReportController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const messages = authoringMessages(frameLanguage(state.settings, window.location.search));
  return (
    pendingMessage(state, messages.buildingDataset, messages.createFailed) ?? (
      <div className="quick-create">
        {isCreating(controller) ? (
          <SaveDraftForm
            controller={controller}
            defaultName={state.report?.name ?? messages.newReport}
            className="quick-create-bar"
            messages={messages}
          >
            <span className="muted">{messages.notSavedYet}</span>
          </SaveDraftForm>
        ) : null}
        <div className="quick-create-report">
          <ReportView controller={controller} state={state} />
        </div>
      </div>
    )
  );
}
