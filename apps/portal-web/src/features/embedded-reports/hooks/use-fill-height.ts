import { useLayoutEffect, useRef, useState } from 'react';

/** The least height the page takes, however short the window (a report under this is not readable). */
export const MIN_FILL_HEIGHT = 420;

/**
 * The height that makes an element reach from where it starts down to the portal's footer (`.portal-footer`), so
 * an embedded report fills the window between header and footer; measured again when the window resizes.
 */
export function useFillHeight<T extends HTMLElement>(): [React.RefObject<T | null>, number | undefined] {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const footer = document.querySelector('.portal-footer');
      const below = footer instanceof HTMLElement ? footer.offsetHeight : 0;
      setHeight(Math.max(Math.floor(window.innerHeight - top - below), MIN_FILL_HEIGHT));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return [ref, height];
}
