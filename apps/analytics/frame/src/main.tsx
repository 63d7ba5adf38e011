/**
 * Boots the frame: reads its URL and mounts the app of its kind. Reports are in the main bundle; every other kind
 * (dashboards and tiles, Q&A, quick create, paginated reports) lives in `kinds/<kind>/mount.tsx` and is loaded as
 * its own chunk, so a report frame never downloads them.
 */
import { readFrameUrl } from './boot.ts';
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
  message.textContent = 'This kind of content is not available.';
  root.replaceChildren(message);
}

/**
 * Holds the messages that arrive while a kind's chunk downloads — the host posts its load as soon as the iframe's
 * load event fires, which can be before the chunk's router listens — and hands them to the mounted module's
 * listeners afterwards, as the same events (source and origin intact, so the router's checks still apply).
 */
function holdMessages(): () => void {
  const held: MessageEvent[] = [];
  const hold = (event: MessageEvent) => held.push(event);
  window.addEventListener('message', hold);
  return () => {
    window.removeEventListener('message', hold);
    for (const event of held) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: event.data as unknown,
          origin: event.origin,
          source: event.source,
          ports: [...event.ports],
        }),
      );
    }
  };
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
