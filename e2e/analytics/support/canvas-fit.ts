/**
 * What a customer would not accept on a drawn canvas, read from the DOM and from the SVG the frame's ECharts draws
 * (`renderer: 'svg'`, EChart.tsx), for every visual box on screen — report visuals and the Q&A answer
 * (`section.visual`), dashboard tiles (`.tile`), a paginated report's sheet and parameter panel:
 *
 * - a chart whose plot is empty: no data mark (a bar, slice, line, area or point: a shape filled or stroked in a
 *   colour, where axes and grid lines are grey) inside its box, or a drawing too small to read (under 48 pixels);
 * - a KPI value (a card's value) not drawn, or cut by its box; the values of cards side by side (boxes of one top
 *   and height) not on one line (their middles more than a pixel apart), as when a card's label wraps;
 * - a number or date in a table cut: wider than its cell, or cut by the table's scrolling box before any scroll
 *   (`td.num`, `td.whole`: TableVisuals);
 * - text cut without an ellipsis and a tooltip: a chart's axis label, legend entry or data label that crosses its
 *   visual's box or its clip path (ECharts cuts labels with "…", and the chart's tooltip names them whole), an HTML
 *   label (title, table header, card label, slicer value, report line) that overflows its own box without
 *   `text-overflow: ellipsis` and a `title`, or that a box around it cuts (a scrolling box does not cut: its content
 *   is one scroll away, with scrollbars that show).
 *
 * `canvasProblems` runs in the frame and returns one sentence per problem (visual, what, the text) and a
 * fingerprint of what it measured; `settledProblems` measures until two measures two animation frames apart agree,
 * so a canvas still being laid out after a resize is never judged.
 */
import type { Frame } from '@playwright/test';

export interface CanvasMeasure {
  readonly problems: string[];
  /** Every box and label measured, rounded: equal twice in a row once the canvas is still. */
  readonly fingerprint: string;
  /** How many visual boxes were measured (a check that measured nothing proves nothing). */
  readonly boxes: number;
}

/** Runs in the frame (no closures: Playwright sends its source). */
function canvasProblems(): CanvasMeasure {
  const problems: string[] = [];
  const prints: string[] = [];
  const SLACK = 1;
  const round = (r: DOMRect) =>
    `${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)},${Math.round(r.height)}`;
  const outside = (inner: DOMRect, outer: { left: number; top: number; right: number; bottom: number }) =>
    inner.left < outer.left - SLACK ||
    inner.right > outer.right + SLACK ||
    inner.top < outer.top - SLACK ||
    inner.bottom > outer.bottom + SLACK;
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) !== 0;
  };
  const chroma = (color: string): number => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
    if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return 0;
    const rgb = [Number(m[1]), Number(m[2]), Number(m[3])];
    return Math.max(...rgb) - Math.min(...rgb);
  };
  const boxes = [...document.querySelectorAll<HTMLElement>('section.visual, .tile, .rdl-sheet, .rdl-panel')];
  for (const box of boxes) {
    if (!shown(box)) continue;
    const name =
      box.getAttribute('data-visual') ??
      box.getAttribute('aria-label') ??
      box.querySelector('.tile-title')?.textContent ??
      box.className;
    const frame = box.getBoundingClientRect();
    prints.push(`${name}:${round(frame)}`);
    if (frame.width < 1 || frame.height < 1) {
      problems.push(`${name}: the visual's box is not drawn (${round(frame)})`);
      continue;
    }

    // Charts: the drawing, its data marks, and its text.
    for (const svg of box.querySelectorAll<SVGSVGElement>('.chart svg')) {
      const area = svg.getBoundingClientRect();
      if (area.width < 48 || area.height < 48) {
        problems.push(
          `${name}: the chart's drawing is ${Math.round(area.width)}×${Math.round(area.height)} px`,
        );
      }
      let marks = 0;
      for (const shape of svg.querySelectorAll<SVGGraphicsElement>('path, rect, circle, polygon, polyline')) {
        if (shape.closest('defs, clipPath')) continue;
        const style = getComputedStyle(shape);
        const painted =
          (style.fill !== 'none' && chroma(style.fill) >= 24 && Number(style.fillOpacity) > 0) ||
          (style.stroke !== 'none' && chroma(style.stroke) >= 24 && Number(style.strokeOpacity) > 0);
        if (!painted || Number(style.opacity) === 0) continue;
        const r = shape.getBoundingClientRect();
        if (r.width + r.height < 2) continue;
        if (r.right < frame.left || r.left > frame.right || r.bottom < frame.top || r.top > frame.bottom)
          continue;
        marks += 1;
      }
      prints.push(`marks ${marks}`);
      if (marks === 0)
        problems.push(`${name}: the chart's plot is empty (no bar, slice, line or point drawn)`);
      for (const text of svg.querySelectorAll('text')) {
        const content = (text.textContent ?? '').trim();
        if (content === '' || !shown(text)) continue;
        const r = text.getBoundingClientRect();
        if (r.width === 0) continue;
        prints.push(`${content}:${round(r)}`);
        if (outside(r, frame)) {
          problems.push(
            `${name}: chart label '${content}' is cut by the visual's box (${round(r)} in ${round(frame)})`,
          );
          continue;
        }
        // A clip path around the text (a scrolling legend) cuts what it does not show.
        const origin = svg.getBoundingClientRect();
        for (let node: Element | null = text; node && node !== svg; node = node.parentElement) {
          const id = /url\(["']?#([^"')]+)/.exec(node.getAttribute('clip-path') ?? '')?.[1];
          const clip = id ? svg.querySelector(`[id="${id}"] > *`) : null;
          if (!(clip instanceof SVGGraphicsElement)) continue;
          const c = clip.getBBox();
          const cut = {
            left: origin.left + c.x,
            top: origin.top + c.y,
            right: origin.left + c.x + c.width,
            bottom: origin.top + c.y + c.height,
          };
          const inside = r.right > cut.left && r.left < cut.right && r.bottom > cut.top && r.top < cut.bottom;
          if (inside && outside(r, cut)) {
            problems.push(`${name}: chart label '${content}' is cut by a clip path`);
          }
        }
      }
    }

    // KPI values.
    for (const value of box.querySelectorAll<HTMLElement>('.card-value')) {
      const r = value.getBoundingClientRect();
      const text = (value.textContent ?? '').trim();
      if (text === '' || r.width < 1 || r.height < 1 || !shown(value)) {
        problems.push(`${name}: the KPI value is not shown`);
      } else if (outside(r, frame) || value.scrollWidth > value.clientWidth + SLACK) {
        problems.push(`${name}: the KPI value '${text}' is cut (${round(r)} in ${round(frame)})`);
      } else if (parseFloat(getComputedStyle(value).fontSize) < 12) {
        problems.push(`${name}: the KPI value '${text}' is drawn under 12 px`);
      }
    }

    // Numbers and dates in tables (`td.num`, `td.whole`): never cut, neither by their cell nor, before any scroll, by the
    // table's scrolling box (a table that scrolls sideways ends its first view between two columns).
    for (const scroller of box.querySelectorAll<HTMLElement>('.table-scroll')) {
      if (scroller.scrollLeft !== 0) continue;
      const edge = scroller.getBoundingClientRect().left + scroller.clientLeft + scroller.clientWidth;
      for (const cell of scroller.querySelectorAll<HTMLElement>('td.num, td.whole')) {
        const text = (cell.textContent ?? '').trim();
        if (text === '') continue;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const ink = range.getBoundingClientRect();
        const r = cell.getBoundingClientRect();
        if (ink.left < r.left - SLACK || ink.right > r.right + SLACK) {
          problems.push(
            `${name}: table value '${text}' is wider than its cell (${round(ink)} in ${round(r)})`,
          );
        } else if (ink.left < edge - SLACK && ink.right > edge + SLACK) {
          problems.push(`${name}: table value '${text}' is cut by the table's edge at ${Math.round(edge)}`);
        }
      }
    }

    // HTML text: each element with text of its own.
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node as HTMLElement;
      if (!(el instanceof HTMLElement) || el.closest('svg, .visually-hidden, option, details:not([open])'))
        continue;
      const own = [...el.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? '')
        .join('')
        .trim();
      if (own === '' || !shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      const clipsItself = style.overflowX !== 'visible';
      if (clipsItself && el.scrollWidth > el.clientWidth + SLACK) {
        const tooltip = el.closest('[title]');
        const titled = tooltip !== null && box.contains(tooltip) && tooltip.getAttribute('title') !== '';
        if (style.textOverflow !== 'ellipsis' || !titled) {
          problems.push(
            `${name}: '${own}' is cut ${style.textOverflow === 'ellipsis' ? 'with an ellipsis but no tooltip' : 'without an ellipsis'}`,
          );
          continue;
        }
      }
      // A box around it that cuts (overflow hidden) and does not scroll.
      for (let up = el.parentElement; up; up = up.parentElement) {
        const s = getComputedStyle(up);
        const scrolls = ['auto', 'scroll'].includes(s.overflowX) || ['auto', 'scroll'].includes(s.overflowY);
        if (scrolls) break;
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const u = up.getBoundingClientRect();
          if (outside(r, u)) {
            // Cut only where the text itself is: a line box taller than its glyphs is not a cut label.
            const range = document.createRange();
            range.selectNodeContents(el);
            const ink = range.getBoundingClientRect();
            if (outside(ink, u)) {
              problems.push(`${name}: '${own}' is cut by its box (${round(ink)} in ${round(u)})`);
              break;
            }
          }
        }
        if (up === box) break;
      }
    }
  }

  // Cards side by side (boxes of one top and height): their numbers on one line, whatever their labels.
  const rows = new Map<string, { name: string; middle: number }[]>();
  for (const value of document.querySelectorAll<HTMLElement>('.card-value')) {
    const box = value.closest<HTMLElement>('section.visual, .tile');
    if (!box || !shown(box) || !shown(value)) continue;
    const b = box.getBoundingClientRect();
    const v = value.getBoundingClientRect();
    const key = `${Math.round(b.top)},${Math.round(b.height)}`;
    const name = box.getAttribute('data-visual') ?? box.getAttribute('data-tile') ?? '';
    rows.set(key, [...(rows.get(key) ?? []), { name, middle: (v.top + v.bottom) / 2 }]);
  }
  for (const cards of rows.values()) {
    const middles = cards.map((c) => c.middle);
    if (Math.max(...middles) - Math.min(...middles) > SLACK) {
      const at = cards.map((c) => `${c.name} ${Math.round(c.middle)}`).join(', ');
      problems.push(`cards side by side do not put their numbers on one line (${at})`);
    }
  }
  return { problems, fingerprint: prints.join('|'), boxes: boxes.length };
}

/** Two animation frames in the page: layout, ResizeObserver callbacks and a chart's redraw have run. */
const twoFrames = (frame: Frame) =>
  frame.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * The canvas's problems once it is still: measures until two measures in a row (two animation frames apart) agree,
 * at most 40 times.
 */
export async function settledProblems(frame: Frame): Promise<CanvasMeasure> {
  let last = await frame.evaluate(canvasProblems);
  for (let tries = 0; tries < 40; tries++) {
    await twoFrames(frame);
    const next = await frame.evaluate(canvasProblems);
    if (next.fingerprint === last.fingerprint) return next;
    last = next;
  }
  throw new Error(`the canvas never settled: ${last.fingerprint.slice(0, 400)}`);
}
