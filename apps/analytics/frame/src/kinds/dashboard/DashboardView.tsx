/**
 * The dashboard frame's page: a message until the dashboard is loaded, then its tiles laid out for the `pageView`
 * (or, in a tile embed, the one tile filling the frame). Each tile shows its pinned visual with the report frame's
 * own renderers; a click or Enter on a tile raises `tileClicked`.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import type { ReportVisual, ResolvedTile } from '@portico/analytics-model';
import { EChart } from '../../components/EChart.tsx';
import { frameFormatter, urlChromeMessages } from '../../components/frame-language.ts';
import { CardVisual, MatrixVisual, TableVisual } from '../../components/TableVisuals.tsx';
import type { VisualResult } from '../../model/state.ts';
import { CHART_TYPES, chartOption } from '../../render/chart-options.ts';
import { loadEcharts } from '../../render/echarts-loader.ts';
import { DEFAULT_THEME } from '../../render/theme.ts';
import type { DashboardController } from './controller.ts';
import { arrangeTiles } from './layout.ts';
import { useElementSize } from '../../components/use-element-size.ts';
import './dashboard.css';

/** An element's measured width (0 until measured). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const [ref, size] = useElementSize<HTMLDivElement>();
  return [ref, size?.width ?? 0];
}

export function DashboardApp({ controller }: { controller: DashboardController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const messages = urlChromeMessages();
  const tile = controller.mode === 'tile';
  switch (state.status) {
    case 'waiting':
      return <p className="message muted">{messages.waitingForHost}</p>;
    case 'loading':
      return <p className="message muted">{tile ? messages.loadingTile : messages.loadingDashboard}</p>;
    case 'failed':
      return (
        <p className="message" role="alert">
          {tile ? messages.tileFailed : messages.dashboardFailed} {state.message}
        </p>
      );
    default:
      return controller.mode === 'tile' ? (
        <SingleTile controller={controller} />
      ) : (
        <DashboardGrid controller={controller} />
      );
  }
}

function DashboardGrid({ controller }: { controller: DashboardController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const [ref, available] = useWidth();
  const { dashboard, tiles, pageView } = state;
  const arrangement = useMemo(
    () => arrangeTiles({ columns: dashboard?.columns ?? 1, tiles }, pageView, available),
    [dashboard?.columns, tiles, pageView, available],
  );
  return (
    <div className="dashboard" ref={ref} data-page-view={pageView} aria-label={dashboard?.name}>
      {available > 0 ? (
        <div className="dashboard-grid" style={{ width: arrangement.width, height: arrangement.height }}>
          {arrangement.boxes.map((box) => (
            <TileFrame
              key={box.tile.id}
              controller={controller}
              tile={box.tile}
              result={state.results[box.tile.id]}
              generation={state.generation}
              style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function SingleTile({ controller }: { controller: DashboardController }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.getSnapshot);
  const [ref, width] = useWidth();
  const tile = state.tiles[0];
  return (
    <div className="tile-only" ref={ref}>
      {tile && width > 0 ? (
        <TileFrame
          controller={controller}
          tile={tile}
          result={state.results[tile.id]}
          generation={state.generation}
          style={{}}
        />
      ) : null}
    </div>
  );
}

interface TileFrameProps {
  readonly controller: DashboardController;
  readonly tile: ResolvedTile;
  readonly result: VisualResult | undefined;
  readonly generation: number;
  readonly style: React.CSSProperties;
}

function TileFrame({ controller, tile, result, generation, style }: TileFrameProps) {
  const status =
    tile.kind === 'text' ? 'ready' : tile.problem !== undefined ? 'error' : (result?.status ?? 'loading');
  const shown = tile.kind === 'text' || (result?.status === 'ready' && tile.problem === undefined);
  const chart = tile.visual !== undefined && CHART_TYPES.has(tile.visual.type);
  // After the commit that painted the answer. A chart draws once the ECharts chunk is there, in a callback that
  // its own (earlier) effect registered on the loader: this one runs after it.
  useEffect(() => {
    if (!shown) return;
    if (chart) void loadEcharts().then(() => controller.tilePainted(generation, tile.id));
    else controller.tilePainted(generation, tile.id);
  }, [shown, chart, generation, tile.id, controller]);
  const open = () => controller.tileClicked(tile.id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    <div
      className="tile"
      role="button"
      tabIndex={0}
      data-tile={tile.id}
      data-kind={tile.kind}
      data-status={status}
      aria-label={tile.title}
      style={style}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <div className="tile-header">
        <h2 className="tile-title" title={tile.title}>
          {tile.title}
        </h2>
        {tile.subtitle ? (
          <p className="tile-subtitle" title={tile.subtitle}>
            {tile.subtitle}
          </p>
        ) : null}
      </div>
      <div className="tile-body">
        {tile.kind === 'text' ? (
          <p className="tile-text">{tile.text}</p>
        ) : tile.problem !== undefined || !tile.visual ? (
          <p className="tile-problem">{tile.problem ?? urlChromeMessages().tileEmpty}</p>
        ) : (
          <TileVisual tile={tile} visual={tile.visual} result={result} />
        )}
      </div>
    </div>
  );
}

/**
 * A tile's visual, drawn with the report frame's renderers: a chart, a card, a matrix or a table. Clicks inside it
 * bubble up to the tile, so a tile opens its report rather than cross-filtering.
 */
function TileVisual({
  tile,
  visual,
  result,
}: {
  tile: ResolvedTile;
  visual: ReportVisual;
  result: VisualResult | undefined;
}) {
  const answer = result && 'answer' in result ? result.answer : undefined;
  const [box, size] = useElementSize<HTMLDivElement>();
  const option = useMemo(
    () =>
      answer !== undefined && CHART_TYPES.has(visual.type)
        ? chartOption(visual, answer, DEFAULT_THEME, {
            animation: !navigator.webdriver,
            formatter: frameFormatter(),
            size,
          })
        : undefined,
    [visual, answer, size],
  );
  const messages = urlChromeMessages();
  const body =
    result?.status === 'error' ? (
      <p className="tile-problem" role="alert">
        {messages.tileDataFailed} {result.message}
      </p>
    ) : answer === undefined ? (
      <p className="tile-problem">{messages.loading}</p>
    ) : option !== undefined ? (
      <EChart option={option} />
    ) : visual.type === 'card' || visual.type === 'multiRowCard' ? (
      <CardVisual
        visual={visual}
        answer={answer}
        theme={DEFAULT_THEME}
        formatter={frameFormatter()}
        // A titled tile's title names its number: the card's label under it repeated it, wholly or in part
        // ("Average hours to close" under "Hours to close"), and a card tile's label is its measure's English name.
        // An untitled tile keeps the label, the number's only name.
        hideLabel={tile.title.trim() !== ''}
      />
    ) : visual.type === 'pivotTable' ? (
      <MatrixVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
    ) : (
      <TableVisual visual={visual} answer={answer} theme={DEFAULT_THEME} formatter={frameFormatter()} />
    );
  return (
    <div
      ref={box}
      className="tile-visual"
      data-visual={visual.name}
      data-type={visual.type}
      data-tile-visual={tile.id}
    >
      {body}
    </div>
  );
}
