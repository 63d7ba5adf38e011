/** The frame's page: a message until the report is loaded (or when the kind is not served), then the report. */
import { useSyncExternalStore } from 'react';
import { CreateSurface } from '../create/CreateSurface.tsx';
import { isCreating } from '../create/draft.ts';
import type { ReportController } from '../model/controller.ts';
import { pendingMessage } from './PendingMessage.tsx';
import { ReportView } from './ReportView.tsx';

export function App({ controller, kind }: { controller: ReportController; kind: string }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  if (kind !== 'report') {
    return <p className="message">This kind of content is not available yet.</p>;
  }
  if (isCreating(controller)) return <CreateSurface controller={controller} state={state} />;
  return pendingMessage(state) ?? <ReportView controller={controller} state={state} />;
}
