import { describe, expect, it } from 'vitest';
import { revealInStrip } from './CanvasChrome.tsx';

/** An element whose box is `rect` (jsdom lays nothing out). */
function boxed(rect: { left: number; right: number; top?: number; bottom?: number }): HTMLElement {
  const element = document.createElement('div');
  const { left, right, top = 0, bottom = 30 } = rect;
  element.getBoundingClientRect = () =>
    ({ left, right, top, bottom, width: right - left, height: bottom - top, x: left, y: top }) as DOMRect;
  return element;
}

describe('the page tabs strip', () => {
  it('scrolls a tab cut at its right edge into view, and one cut at its left edge back', () => {
    const strip = boxed({ left: 0, right: 390 });
    revealInStrip(strip, boxed({ left: 280, right: 420 }));
    expect(strip.scrollLeft).toBe(38);
    strip.scrollLeft = 100;
    revealInStrip(strip, boxed({ left: -20, right: 100 }));
    expect(strip.scrollLeft).toBe(72);
  });

  it('leaves a tab in view where it is, and keeps the start of a tab wider than the strip', () => {
    const strip = boxed({ left: 0, right: 390 });
    revealInStrip(strip, boxed({ left: 100, right: 200 }));
    expect(strip.scrollLeft).toBe(0);
    revealInStrip(strip, boxed({ left: 50, right: 600 }));
    expect(strip.scrollLeft).toBe(50);
  });
});
