/**
 * Boots a quick-create frame (`/quickCreate`): the report controller on the draft-aware API and every report route
 * (`/quickcreate` among them, so the draft answers pages, filters, saveAs…, and the SDK's re-embed as a report loads
 * in this same frame), and the page: the automatic report with a "Save as" bar while it is a draft.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FrameUrl } from '../../boot.ts';
import { startReportController } from '../../mount-report.tsx';
import { QuickCreateApp } from './QuickCreateApp.tsx';

export function mount(root: HTMLElement, url: FrameUrl): void {
  const controller = startReportController(url);

  createRoot(root).render(
    <StrictMode>
      <QuickCreateApp controller={controller} />
    </StrictMode>,
  );
}
