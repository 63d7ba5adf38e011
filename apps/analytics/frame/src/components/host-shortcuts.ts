/**
 * Keyboard shortcuts that belong to the host page, passed on from the frame: with the focus inside the report the
 * host never sees the keys. Ctrl+Alt+F (the portal's "show the fullscreen button") is raised to the host as an
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

/** Listens for host shortcuts in the frame's document and raises each as `info`. */
export function useHostShortcuts(raise: (eventName: string, body: unknown) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = hostShortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      raise('info', shortcut);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [raise]);
}
