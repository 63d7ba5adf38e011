import { useCallback, useEffect, useRef, useState } from 'react';

/** The fullscreen button hides this long after it appeared (spec §9). */
export const FULLSCREEN_BUTTON_MS = 3000;

/**
 * The fullscreen button's visibility (spec §2): shown on mouse movement over the report or with
 * Ctrl+Alt+F, hidden 3 seconds later.
 */
export function useFullscreenButton(): { visible: boolean; reveal: () => void } {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reveal = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), FULLSCREEN_BUTTON_MS);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 'f') {
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

  return { visible, reveal };
}
