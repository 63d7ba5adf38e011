/**
 * One ECharts instance in a div: the option replaces the chart's, clicks report the category, resizes follow.
 * ECharts arrives as its own chunk (render/echarts-loader.ts): the chart is drawn once it is there.
 *
 * With `points`, the chart is one tab stop for the keyboard: a listbox of its data points (visually hidden, the
 * focused one named by `aria-activedescendant`) over the drawing. Arrow keys, Home and End move through the points,
 * highlighted and with their tooltip shown; Enter or Space selects the focused one as a click does; the context-menu
 * key or Shift+F10 opens its context menu; Escape leaves the points (Tab then moves on).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import type { ChartPoint } from '../render/chart-points.ts';
import { movePoint } from '../render/chart-points.ts';
import type { echarts } from '../render/echarts.ts';
import { loadEcharts } from '../render/echarts-loader.ts';

// Start fetching the chunk as soon as the frame runs, while it waits for the host's load.
void loadEcharts().catch(() => undefined);

export interface ChartKeyboard {
  /** The chart's data points, in the order the arrows visit them. */
  readonly points: readonly ChartPoint[];
  /** The listbox's name (the visual's title). */
  readonly label: string;
  readonly messages: ChromeMessages;
  /** The selected category (a click's or Enter's), marked `aria-selected`. */
  readonly selected: string | undefined;
  /** The context menu of a point asked for by the keyboard, at a point of the visual (pixels from its top left). */
  readonly onMenu?: (category: string, x: number, y: number) => void;
}

export interface EChartProps {
  readonly option: EChartsCoreOption;
  readonly onCategoryClick?: (category: string) => void;
  /** A right click on a category (before the visual's own context menu handler sees the event). */
  readonly onCategoryContextMenu?: (category: string) => void;
  readonly keyboard?: ChartKeyboard;
}

/** How long after a keyboard-opened menu the browser's own `contextmenu` event of that key is swallowed. */
const KEY_MENU_MS = 1000;

export function EChart({ option, onCategoryClick, onCategoryContextMenu, keyboard }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const latest = useRef(option);
  const clickHandler = useRef(onCategoryClick);
  const contextHandler = useRef(onCategoryContextMenu);
  const [active, setActive] = useState(-1);
  const keyMenuAt = useRef(0);
  const id = useId();
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

  const count = keyboard?.points.length ?? 0;
  const at = active < count ? active : count - 1;
  // The focused point is highlighted with its tooltip, as hovering it would; leaving the points takes both away.
  useEffect(() => {
    const instance = chart.current;
    if (!instance || at < 0) return undefined;
    instance.dispatchAction({ type: 'highlight', dataIndex: at });
    instance.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: at });
    return () => {
      if (instance.isDisposed()) return;
      instance.dispatchAction({ type: 'downplay', dataIndex: at });
      instance.dispatchAction({ type: 'hideTip' });
    };
  }, [at, option]);

  if (!keyboard) return <div ref={element} className="chart" />;
  const { points, label, messages, selected, onMenu } = keyboard;
  const point = at >= 0 ? points[at] : undefined;
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const to = movePoint(event.key, at, count);
    if (to !== undefined) {
      event.preventDefault();
      setActive(to);
      return;
    }
    if (event.key === 'Escape' && at >= 0) {
      setActive(-1);
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && point) {
      event.preventDefault();
      onCategoryClick?.(point.category);
      return;
    }
    if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && point && onMenu) {
      event.preventDefault();
      keyMenuAt.current = event.timeStamp;
      // The menu opens at the middle of the chart, in pixels from the visual's top left.
      const box = event.currentTarget.getBoundingClientRect();
      const visual = event.currentTarget.closest('section')?.getBoundingClientRect() ?? box;
      onMenu(point.category, box.left - visual.left + box.width / 2, box.top - visual.top + box.height / 2);
    }
  };
  // The key that opened the menu may still raise the browser's own context menu event: the menu is open already.
  const onContextMenu = (event: React.MouseEvent<HTMLDivElement>) => {
    if (event.timeStamp - keyMenuAt.current > KEY_MENU_MS) return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div className="chart-box">
      <div
        className="chart-keys"
        role={count > 0 ? 'listbox' : 'group'}
        tabIndex={0}
        aria-label={label}
        aria-describedby={`${id}-keys`}
        aria-activedescendant={point ? `${id}-${at}` : undefined}
        onKeyDown={onKeyDown}
        onContextMenu={onContextMenu}
        onBlur={() => setActive(-1)}
      >
        <div ref={element} className="chart" aria-hidden="true" />
        {points.map((p, i) => (
          <span
            key={p.category}
            id={`${id}-${i}`}
            role="option"
            aria-selected={p.category === selected}
            className="visually-hidden"
          >
            {messages.point(p.text, i + 1, count)}
          </span>
        ))}
      </div>
      <span id={`${id}-keys`} className="visually-hidden">
        {count === 0 ? messages.chartNoPoints : messages.chartKeys}
      </span>
    </div>
  );
}
