/** Boots a dashboard frame (`/dashboardEmbed?dashboardId=…`): the controller, the router and the view. */
import type { FrameUrl } from '../../boot.ts';
import { mountDashboardKind } from './mount-kind.tsx';

export function mount(root: HTMLElement, url: FrameUrl): void {
  mountDashboardKind(root, url, 'dashboard');
}
