/** One ECharts instance in a div: the option replaces the chart's, clicks report the category, resizes follow. */
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from '../render/echarts.ts';

export interface EChartProps {
  readonly option: EChartsCoreOption;
  readonly onCategoryClick?: (category: string) => void;
  /** A right click on a category (before the visual's own context menu handler sees the event). */
  readonly onCategoryContextMenu?: (category: string) => void;
}

export function EChart({ option, onCategoryClick, onCategoryContextMenu }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const clickHandler = useRef(onCategoryClick);

  const contextHandler = useRef(onCategoryContextMenu);
  useEffect(() => {
    clickHandler.current = onCategoryClick;
    contextHandler.current = onCategoryContextMenu;
  }, [onCategoryClick, onCategoryContextMenu]);

  useEffect(() => {
    const div = element.current;
    if (!div) return undefined;
    const instance = echarts.init(div, null, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (params) => {
      const name = (params as { name?: unknown }).name;
      if (typeof name === 'string') clickHandler.current?.(name);
    });
    instance.on('contextmenu', (params) => {
      const name = (params as { name?: unknown }).name;
      if (typeof name === 'string') contextHandler.current?.(name);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(div);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={element} className="chart" />;
}
