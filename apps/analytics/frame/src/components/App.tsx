/** The frame's page: a message until the report is loaded (or when the kind is not served), then the report. */
import { useSyncExternalStore } from 'react';
import { CreateSurface } from '../create/CreateSurface.tsx';
import { isCreating } from '../create/draft.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import type { ReportController } from '../model/controller.ts';
import { frameLanguage } from '../model/messages.ts';
import { pendingMessage } from './PendingMessage.tsx';
import { ReportView } from './ReportView.tsx';

export function App({ controller, kind }: { controller: ReportController; kind: string }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  if (kind !== 'report') {
    const language = frameLanguage(state.settings, window.location.search);
    return <p className="message">{chromeMessages(language).kindUnavailable}</p>;
  }
  if (isCreating(controller)) return <CreateSurface controller={controller} state={state} />;
  return pendingMessage(state) ?? <ReportView controller={controller} state={state} />;
}
