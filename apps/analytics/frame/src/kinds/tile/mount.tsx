/** Boots a tile frame (`/tileEmbed?dashboardId=…&tileId=…`): one tile of a dashboard, answering /tile/load. */
import type { FrameUrl } from '../../boot.ts';
import { mountDashboardKind } from '../dashboard/mount-kind.tsx';

export function mount(root: HTMLElement, url: FrameUrl): void {
  mountDashboardKind(root, url, 'tile');
}
