/**
 * How wide a chart label is in pixels, for the chart-fitting code (`chart-fit.ts`): measured with a canvas in the
 * chart's font where the browser has one (`OffscreenCanvas`), cached per text; else estimated from its characters,
 * with East Asian wide characters (Japanese and Chinese ideographs, kana, Hangul, full-width forms) a full em, about
 * twice a Latin letter, so "トナー残量" is not taken for half its width. Unit tests run in jsdom, which has no canvas:
 * they get the estimate.
 */

/** ECharts' label font: the charts' labels are 11 px (`LABEL_TEXT`) in its default family. */
export const LABEL_FONT_PX = 11;
const LABEL_FONT = `${LABEL_FONT_PX}px sans-serif`;

/** East Asian Wide and Fullwidth characters (Unicode's East_Asian_Width W and F), as one class. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/**
 * An 11-pixel label's width from its characters: wide characters an em, capitals and digits wider than the average
 * letter (an alert code, 'FIRMWARE_UPDATE_AVAILABLE', is about 180 px, not 145), a space narrower.
 *
 * @example estimatedPx('Berlin') // → 36.5
 * @example estimatedPx('トナー') // → 33
 */
export function estimatedPx(text: string): number {
  let px = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) px += LABEL_FONT_PX;
    else if (/\p{Lu}/u.test(ch)) px += 7.5;
    else if (/[0-9_]/.test(ch)) px += 6.2;
    else if (ch === ' ') px += 3.1;
    else px += 5.8;
  }
  return px;
}

type Measure = (text: string) => number;

let measure: Measure | null | undefined;

/** The canvas' measurement in the label font, or null where there is no canvas (jsdom, a worker without one). */
function canvasMeasure(): Measure | null {
  if (measure !== undefined) return measure;
  measure = null;
  try {
    if (typeof OffscreenCanvas === 'function') {
      const context = new OffscreenCanvas(1, 1).getContext('2d');
      if (context) {
        context.font = LABEL_FONT;
        // A canvas without fonts measures nothing: then the estimate is better.
        if (context.measureText('M').width > 0) measure = (text) => context.measureText(text).width;
      }
    }
  } catch {
    measure = null;
  }
  return measure;
}

const widths = new Map<string, number>();
/** Labels are a chart's categories and series: a few hundred distinct texts; the cache starts over past this. */
const CACHE_SIZE = 5000;

/**
 * The width in pixels of `text` as an 11-pixel chart label: measured where a canvas can, else `estimatedPx`.
 *
 * @example textPx('2025年11月') // → about 64 (measured) or 66 (estimated)
 */
export function textPx(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  const canvas = canvasMeasure();
  const px = canvas ? canvas(text) : estimatedPx(text);
  if (widths.size >= CACHE_SIZE) widths.clear();
  widths.set(text, px);
  return px;
}

/**
 * `text` cut with an ellipsis to fit `px` pixels (whole when it fits), by characters, never inside a surrogate pair.
 *
 * @example truncateToPx('トナー残量が少ない', 60) // → 'トナー残…' (estimated)
 */
export function truncateToPx(text: string, px: number): string {
  if (textPx(text) <= px) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  // The longest start that fits with its ellipsis: widths grow with length, so a binary search finds it.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textPx(`${chars.slice(0, mid).join('')}…`) <= px) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, Math.max(low, 1)).join('')}…`;
}
