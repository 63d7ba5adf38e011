/**
 * What the host page cannot see of its own once the viewer is inside the frame, passed on as `info` events.
 *
 * The pointer: a host never gets pointer events over a frame, so the frame raises `info` with
 * `{ type: 'pointer', over: true }` when the pointer enters its page and `{ type: 'pointer', over: false }` when it
 * leaves (once each way, not per move) — the portal shows its fullscreen button while the pointer is over the report.
 *
 * Keyboard shortcuts that belong to the host page: with the focus inside the report the host never sees the keys. Ctrl+Alt+F (the portal's "show the fullscreen button") is raised to the host as an
 * `info` event — a name powerbi-client and `@portico/embed` accept in `report.on`, carried over the same checked
 * channel as every other event — with the detail `{ type: 'shortcut', shortcut: 'fullscreen', keys: 'Ctrl+Alt+F' }`.
 */
import { useEffect } from 'react';

export const FULLSCREEN_SHORTCUT = { type: 'shortcut', shortcut: 'fullscreen', keys: 'Ctrl+Alt+F' } as const;

/** The detail of the `info` event a key press passes to the host, if it is a host shortcut. */
export function hostShortcutOf(event: {
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
  key: string;
}): typeof FULLSCREEN_SHORTCUT | undefined {
  const plain = !event.shiftKey && !event.metaKey;
  return plain && event.ctrlKey && event.altKey && event.key.toLowerCase() === 'f'
    ? FULLSCREEN_SHORTCUT
    : undefined;
}

/** Listens for host shortcuts and the pointer entering and leaving the frame's page, and raises each as `info`. */
export function useHostShortcuts(raise: (eventName: string, body: unknown) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = hostShortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      raise('info', shortcut);
    };
    const root = document.documentElement;
    const enter = () => raise('info', { type: 'pointer', over: true });
    const leave = () => raise('info', { type: 'pointer', over: false });
    document.addEventListener('keydown', onKeyDown);
    root.addEventListener('mouseenter', enter);
    root.addEventListener('mouseleave', leave);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('mouseenter', enter);
      root.removeEventListener('mouseleave', leave);
    };
  }, [raise]);
}
