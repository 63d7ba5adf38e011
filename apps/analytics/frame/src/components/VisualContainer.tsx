/** One visual's box: its header (title), and its body by type — chart, card, table, matrix or slicer. */
import { useCallback, useMemo, useRef } from 'react';
import type { IFilter } from '@portico/models';
import type { ReportVisual } from '@portico/analytics-model';
import type { PlacedVisual } from '../model/layout.ts';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import type { MenuKind } from '../model/menus.ts';
import type { VisualResult } from '../model/state.ts';
import { CHART_TYPES, chartOption } from '../render/chart-options.ts';
import { chartPoints } from '../render/chart-points.ts';
import type { ResolvedTheme } from '../render/theme.ts';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';
import { EChart } from './EChart.tsx';
import { SlicerVisual } from './SlicerVisual.tsx';
import { CardVisual, MatrixVisual, TableVisual } from './TableVisuals.tsx';

export interface VisualActions {
  readonly selectCategory: (visual: string, category: string) => void;
  readonly selectInSlicer: (visual: string, filters: IFilter[]) => void;
  /** Opens the visual's context or options menu at a point of the visual (pixels from its top left). */
  readonly openMenu?: (visual: string, kind: MenuKind, x: number, y: number, category?: string) => void;
}

interface Props {
  readonly placed: PlacedVisual;
  readonly scale: number;
  readonly result: VisualResult | undefined;
  readonly theme: ResolvedTheme;
  readonly showHeader: boolean;
  readonly hideErrors: boolean;
  readonly animation: boolean;
  readonly selectedCategory: string | undefined;
  readonly actions: VisualActions;
  /**
   * Whether the visual's menus have entries (built-in commands or the host's): the context menu opened on a data
   * point (`contextOnPoint`) or elsewhere in the visual (`context`), and the options menu.
   */
  readonly menus?: {
    readonly context: boolean;
    readonly contextOnPoint?: boolean;
    readonly options: boolean;
  };
  /** "Show as a table": the answer as a table in place of the chart, with a button back (`onBackToVisual`). */
  readonly table?: { readonly back: string; readonly label: string; readonly onBack: () => void };
  /** The "…" button's name for a visual title, in the frame's language. */
  readonly moreOptions?: (title: string) => string;
  /** Another visual is in spotlight (this one dims), or this one is. */
  readonly spotlight?: 'dimmed' | 'spotlit';
  /** The frame's own wording (loading, errors, the charts' keyboard help), in its language; English without. */
  readonly chrome?: ChromeMessages;
  /** The canvas's wording (the slicers' search, select all and dates), in the frame's language; English without. */
  readonly canvas?: CanvasMessages;
  /** Writes every value (axes, tooltips, labels, cards, tables, slicers) in the frame's locale; en-US without. */
  readonly formatter?: ValueFormatter;
}

const ENGLISH = chromeMessages('en');

const NO_MENUS: NonNullable<Props['menus']> = { context: false, options: false };

export function VisualContainer(props: Props) {
  const { placed, scale, result, theme, showHeader, hideErrors, actions } = props;
  const menus = props.menus ?? NO_MENUS;
  const chrome = props.chrome ?? ENGLISH;
  const { visual } = placed;
  // The category right-clicked in a chart: ECharts sees the event before the section's handler does.
  const contextCategory = useRef<string | undefined>(undefined);
  const onContextMenu = (event: React.MouseEvent<HTMLElement>) => {
    const category = contextCategory.current;
    contextCategory.current = undefined;
    const hasEntries = category === undefined ? menus.context : (menus.contextOnPoint ?? menus.context);
    if (!hasEntries || !actions.openMenu) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    actions.openMenu(
      visual.name,
      'visualContextMenu',
      event.clientX - box.left,
      event.clientY - box.top,
      category,
    );
  };
  const onOptions = (event: React.MouseEvent<HTMLElement>) => {
    const section = event.currentTarget.closest('section');
    const button = event.currentTarget.getBoundingClientRect();
    const box = section?.getBoundingClientRect() ?? button;
    actions.openMenu?.(visual.name, 'visualOptionsMenu', button.right - box.left, button.bottom - box.top);
  };
  const { table, spotlight } = props;
  const title =
    (showHeader || table) && visual.type !== 'card' ? (
      // The title attribute names a title cut with an ellipsis whole.
      <h2 className="visual-title" title={visual.title}>
        {visual.title}
      </h2>
    ) : null;
  const back = table ? (
    <button type="button" className="visual-back" onClick={table.onBack}>
      {table.back}
    </button>
  ) : null;
  const options =
    showHeader && menus.options ? (
      <button
        type="button"
        className="visual-options"
        aria-label={props.moreOptions ? props.moreOptions(visual.title) : `More options: ${visual.title}`}
        aria-haspopup="menu"
        onClick={onOptions}
      >
        …
      </button>
    ) : null;
  return (
    <section
      onContextMenu={onContextMenu}
      className={spotlight ? `visual ${spotlight}` : 'visual'}
      data-visual={visual.name}
      data-type={visual.type}
      data-status={result?.status ?? 'idle'}
      aria-label={visual.title}
      style={{
        left: placed.x * scale,
        top: placed.y * scale,
        width: placed.width * scale,
        height: placed.height * scale,
        zIndex: placed.z,
        color: theme.foreground,
      }}
    >
      {title || options || back ? (
        <header className="visual-header">
          {title ?? <span />}
          {back}
          {options}
        </header>
      ) : null}
      <div className="visual-body">
        {result?.status === 'error' ? (
          hideErrors ? null : (
            <p className="visual-error" role="alert">
              {chrome.visualFailed} {result.message}
            </p>
          )
        ) : result && 'answer' in result && result.answer && table ? (
          <TableVisual
            visual={{ ...visual, title: table.label }}
            answer={result.answer}
            theme={theme}
            formatter={props.formatter}
          />
        ) : result && 'answer' in result && result.answer ? (
          <VisualBody
            {...props}
            visual={visual}
            answer={result.answer}
            contextCategoryRef={contextCategory}
            chrome={chrome}
            contextOnPoint={menus.contextOnPoint ?? menus.context}
          />
        ) : (
          <p className="visual-loading">{chrome.loading}</p>
        )}
      </div>
    </section>
  );
}

function VisualBody({
  placed,
  scale,
  visual,
  answer,
  theme,
  animation,
  selectedCategory,
  actions,
  contextCategoryRef,
  chrome,
  contextOnPoint,
  canvas,
  formatter = ENGLISH_VALUES,
}: Props & {
  contextCategoryRef: React.RefObject<string | undefined>;
  chrome: ChromeMessages;
  contextOnPoint: boolean;
  visual: ReportVisual;
  answer: NonNullable<Extract<VisualResult, { status: 'ready' }>['answer']>;
}) {
  // The chart's drawing: the visual's box less its padding and header.
  const width = Math.round(placed.width * scale) - 12;
  const height = Math.round(placed.height * scale) - 36;
  const option = useMemo(
    () =>
      CHART_TYPES.has(visual.type)
        ? chartOption(visual, answer, theme, {
            animation,
            selectedCategory,
            size: { width, height },
            formatter,
          })
        : undefined,
    [visual, answer, theme, animation, selectedCategory, width, height, formatter],
  );
  const points = useMemo(
    () => (CHART_TYPES.has(visual.type) ? chartPoints(visual, answer, formatter) : []),
    [visual, answer, formatter],
  );
  const { selectCategory, selectInSlicer, openMenu } = actions;
  const onClick = useCallback(
    (category: string) => selectCategory(visual.name, category),
    [selectCategory, visual.name],
  );
  const onSelect = useCallback(
    (filters: IFilter[]) => selectInSlicer(visual.name, filters),
    [selectInSlicer, visual.name],
  );
  const onContext = useCallback(
    (category: string) => {
      contextCategoryRef.current = category;
    },
    [contextCategoryRef],
  );
  const onKeyMenu = useCallback(
    (category: string, x: number, y: number) => openMenu?.(visual.name, 'visualContextMenu', x, y, category),
    [openMenu, visual.name],
  );
  if (option) {
    const keyboard = {
      points,
      label: visual.title || chrome.chart,
      messages: chrome,
      selected: selectedCategory,
      ...(contextOnPoint ? { onMenu: onKeyMenu } : {}),
    };
    return (
      <EChart
        option={option}
        onCategoryClick={onClick}
        onCategoryContextMenu={onContext}
        keyboard={keyboard}
      />
    );
  }
  switch (visual.type) {
    case 'card':
    case 'multiRowCard':
      return <CardVisual visual={visual} answer={answer} theme={theme} formatter={formatter} />;
    case 'pivotTable':
      return <MatrixVisual visual={visual} answer={answer} theme={theme} formatter={formatter} />;
    case 'slicer':
      return (
        <SlicerVisual
          visual={visual}
          answer={answer}
          onSelect={onSelect}
          messages={chrome}
          height={height}
          formatter={formatter}
          {...(canvas ? { canvas } : {})}
        />
      );
    default:
      return <TableVisual visual={visual} answer={answer} theme={theme} formatter={formatter} />;
  }
}
