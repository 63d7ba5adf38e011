/**
 * Boots the frame: reads its URL and mounts the app of its kind. Reports are in the main bundle; every other kind
 * (dashboards and tiles, Q&A, quick create, paginated reports) lives in `kinds/<kind>/mount.tsx` and is loaded as
 * its own chunk, so a report frame never downloads them.
 */
import { chromeMessages } from './model/chrome-messages.ts';
import { readFrameUrl } from './boot.ts';
import { holdMessages } from './hold-messages.ts';
import type { FrameUrl } from './boot.ts';
import { mountReport } from './mount-report.tsx';
import './styles.css';

/** What a kind's `mount.tsx` exports: render into `root` and answer the SDK's calls for that kind. */
export interface KindModule {
  mount(root: HTMLElement, url: FrameUrl): void;
}

const KIND_MODULES = import.meta.glob<KindModule>('./kinds/*/mount.tsx');

function unavailable(root: HTMLElement): void {
  const message = document.createElement('p');
  message.className = 'message';
  message.textContent = chromeMessages(
    new URLSearchParams(window.location.search).get('language') ?? undefined,
  ).kindUnavailable;
  root.replaceChildren(message);
}

const url = readFrameUrl(new URL(window.location.href));
const root = document.getElementById('root');
if (root) {
  if (url.kind === 'report') {
    mountReport(root, url);
  } else {
    const load = KIND_MODULES[`./kinds/${url.kind}/mount.tsx`];
    if (load === undefined) unavailable(root);
    else {
      const release = holdMessages();
      load().then(
        (module) => {
          module.mount(root, url);
          release();
        },
        () => {
          release();
          unavailable(root);
        },
      );
    }
  }
}
