/**
 * ECharts on demand: the charting library is its own chunk (more than half of the frame's JavaScript), fetched and
 * parsed while the frame loads the report and runs its queries instead of before the frame can answer the host.
 */
import type { echarts as Echarts } from './echarts.ts';

let loading: Promise<typeof Echarts> | undefined;

/** The tree-shaken ECharts build; the first call starts loading its chunk, later calls share it. */
export function loadEcharts(): Promise<typeof Echarts> {
  loading ??= import('./echarts.ts').then((module) => module.echarts);
  return loading;
}
