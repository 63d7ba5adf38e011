import { useCallback, useEffect, useRef, useState } from 'react';

/** The fullscreen button hides this long after a Ctrl+Alt+F showed it (spec §9). */
export const FULLSCREEN_BUTTON_MS = 3000;

/** Ctrl+Alt+F, from the portal's page or passed on by the report frame. */
export const isFullscreenShortcut = (event: { ctrlKey: boolean; altKey: boolean; key: string }): boolean =>
  event.ctrlKey && event.altKey && event.key.toLowerCase() === 'f';

/**
 * The report frame's message that its viewer pressed a host shortcut: an `info` event (one the SDK lets through
 * its origin checks and `report.on` accepts) with this detail.
 */
export function isFrameFullscreenShortcut(detail: unknown): boolean {
  const shortcut = (detail as { shortcut?: unknown } | null | undefined)?.shortcut;
  return (detail as { type?: unknown } | null | undefined)?.type === 'shortcut' && shortcut === 'fullscreen';
}

/** The report frame's message that the pointer entered (true) or left (false) the report; undefined for others. */
export function framePointerOver(detail: unknown): boolean | undefined {
  const d = detail as { type?: unknown; over?: unknown } | null | undefined;
  return d?.type === 'pointer' && typeof d.over === 'boolean' ? d.over : undefined;
}

/**
 * The fullscreen button's visibility (spec §2): shown while the pointer is over the report or the button has the
 * focus, and for 3 seconds after Ctrl+Alt+F (pressed on the page or inside the report's frame, which passes it on),
 * which also gives the button the focus so Enter goes full screen.
 */
export function useFullscreenButton(): {
  visible: boolean;
  reveal: (focus?: boolean) => void;
  hover: (over: boolean) => void;
  /** The pointer over the report inside the frame, as the frame reports it (the page sees no events there). */
  hoverFrame: (over: boolean) => void;
  focusWithin: (inside: boolean) => void;
  focusRequested: boolean;
  focused: () => void;
} {
  const [revealed, setRevealed] = useState(false);
  const [over, setOver] = useState(false);
  const [overFrame, setOverFrame] = useState(false);
  const [inside, setInside] = useState(false);
  const [focusRequested, setFocusRequested] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reveal = useCallback((focus = false) => {
    setRevealed(true);
    if (focus) setFocusRequested(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRevealed(false), FULLSCREEN_BUTTON_MS);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isFullscreenShortcut(event)) {
        event.preventDefault();
        reveal();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer.current);
    };
  }, [reveal]);

  return {
    visible: revealed || over || overFrame || inside,
    reveal,
    hover: setOver,
    hoverFrame: setOverFrame,
    focusWithin: setInside,
    focusRequested,
    focused: useCallback(() => setFocusRequested(false), []),
  };
}
