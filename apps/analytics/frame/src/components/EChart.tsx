/**
 * One ECharts instance in a div: the option replaces the chart's, clicks report the category, resizes follow.
 * ECharts arrives as its own chunk (render/echarts-loader.ts): the chart is drawn once it is there.
 */
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { echarts } from '../render/echarts.ts';
import { loadEcharts } from '../render/echarts-loader.ts';

// Start fetching the chunk as soon as the frame runs, while it waits for the host's load.
void loadEcharts().catch(() => undefined);

export interface EChartProps {
  readonly option: EChartsCoreOption;
  readonly onCategoryClick?: (category: string) => void;
  /** A right click on a category (before the visual's own context menu handler sees the event). */
  readonly onCategoryContextMenu?: (category: string) => void;
}

export function EChart({ option, onCategoryClick, onCategoryContextMenu }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const latest = useRef(option);
  const clickHandler = useRef(onCategoryClick);
  const contextHandler = useRef(onCategoryContextMenu);
  useEffect(() => {
    clickHandler.current = onCategoryClick;
    contextHandler.current = onCategoryContextMenu;
  }, [onCategoryClick, onCategoryContextMenu]);

  useEffect(() => {
    const div = element.current;
    if (!div) return undefined;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    // Callbacks on the loader's promise run in the order they were registered: a chart mounted in a commit is
    // drawn before the report view's `rendered` check of that commit (ReportView.tsx) runs.
    void loadEcharts().then((lib) => {
      if (disposed) return;
      const instance = lib.init(div, null, { renderer: 'svg' });
      chart.current = instance;
      instance.on('click', (params) => {
        const name = (params as { name?: unknown }).name;
        if (typeof name === 'string') clickHandler.current?.(name);
      });
      instance.on('contextmenu', (params) => {
        const name = (params as { name?: unknown }).name;
        if (typeof name === 'string') contextHandler.current?.(name);
      });
      instance.setOption(latest.current, true);
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(div);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={element} className="chart" />;
}
