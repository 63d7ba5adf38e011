/**
 * The pixel size of an element, kept current by a ResizeObserver: charts outside a report page (a dashboard tile,
 * the Q&A answer) fit their ticks, labels and legends to it as report visuals do (`chart-fit.ts`). Undefined until
 * measured.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function useElementSize<T extends HTMLElement>(): [
  React.RefObject<T | null>,
  { width: number; height: number } | undefined,
] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () =>
      setSize((before) => {
        const width = element.clientWidth;
        const height = element.clientHeight;
        return before && before.width === width && before.height === height ? before : { width, height };
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
