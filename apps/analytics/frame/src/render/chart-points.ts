/**
 * A chart's data points as a keyboard user meets them: one per category, in the chart's order, each with the text a
 * screen reader announces (the category as the axis shows it and every series' value as the labels format it).
 * Pure data, so it is tested without a canvas.
 */
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { categoryColumnValue, chartData } from './chart-options.ts';
import type { ValueFormatter } from './value-format.ts';
import { ENGLISH_VALUES } from './value-format.ts';

export interface ChartPoint {
  /** The raw category: what a click on the point names, and what selecting it filters by. */
  readonly category: string;
  /** `Berlin: Devices 1,204, Alerts 17` — the category and its values. */
  readonly text: string;
}

/** @example chartPoints(visual, answer)[0] // → { category: 'Berlin', text: 'Berlin: Devices 1,204' } */
export function chartPoints(
  visual: Pick<ReportVisual, 'dataRoles'> & { readonly sort?: ReportVisual['sort'] },
  answer: QueryAnswer,
  format: ValueFormatter = ENGLISH_VALUES,
): ChartPoint[] {
  const data = chartData(visual, answer);
  const categoryColumn = answer.columns.find((c) => c.kind === 'column');
  const seriesLabel = (name: string) =>
    data.seriesColumn === undefined || name === '(Blank)' ? name : format.value(name, data.seriesColumn);
  return data.categories.map((category, i) => {
    const name =
      category === '(Blank)' ? category : format.value(categoryColumnValue(answer, category), categoryColumn);
    const values = data.series
      .filter((s) => s.values[i] !== null && s.values[i] !== undefined)
      .map((s) => `${seriesLabel(s.name)} ${format.value(s.values[i], s.format)}`);
    return { category, text: values.length > 0 ? `${name}: ${values.join(', ')}` : name };
  });
}

/**
 * Where a key moves the focused point among `count` (`-1`: none focused yet): arrows step (right/down forward,
 * left/up back, stopping at the ends), Home and End jump; undefined for any other key.
 */
export function movePoint(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index < 0 ? 0 : Math.min(index + 1, count - 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return index < 0 ? 0 : Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
