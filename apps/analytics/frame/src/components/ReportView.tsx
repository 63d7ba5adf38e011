/**
 * The loaded report: page navigation, the scaled page canvas with its visuals, and the filter pane, as the settings
 * say. After each commit where every visual of the current pass has its answer painted, tells the controller so it
 * raises `rendered`.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BackgroundType, DisplayOption, LayoutType } from '@portico/models';
import type { ReportController } from '../model/controller.ts';
import { closeMenu, openMenu, selectCategory, selectInSlicer } from '../model/interactions.ts';
import {
  MOBILE_MAX_SCALE,
  filterPaneSide,
  isMobileLayout,
  pageScale,
  pageSize,
  panesShown,
  placeVisuals,
} from '../model/layout.ts';
import { EMPTY_MENU, visualMenu } from '../model/menus.ts';
import type { Menu, MenuContext } from '../model/menus.ts';
import { frameLanguage, menuMessages } from '../model/messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { canDrillDown } from '../model/drill.ts';
import { dismissNotice, endSpotlight, toggleTableView } from '../model/commands.ts';
import type { Notice } from '../model/state.ts';
import { fieldCaption, visualFields } from '@portico/analytics-model';
import type { FrameState } from '../model/state.ts';
import { activePageOf } from '../model/state.ts';
import { CHART_TYPES } from '../render/chart-options.ts';
import { loadEcharts } from '../render/echarts-loader.ts';
import { resolveTheme } from '../render/theme.ts';
import { valueFormatter } from '../render/value-format.ts';
import { activatePage } from '../routes/page-routes.ts';
import { showBookmark } from '../routes/visual-routes.ts';
import { BookmarkNavigator } from './BookmarkNavigator.tsx';
import { PageList, PageViewBar } from './CanvasChrome.tsx';
import { FiltersPane } from './FiltersPane.tsx';
import { useHostShortcuts } from './host-shortcuts.ts';
import { canvasMessages } from '../model/canvas-messages.ts';
import { pageView, panesOpenAt, stackVisuals, stacks, stretchToCanvas } from '../model/page-view.ts';
import { VisualContainer } from './VisualContainer.tsx';
import type { VisualActions } from './VisualContainer.tsx';
import { VisualMenu, chooseMenuEntry } from './VisualMenu.tsx';

function useSize(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

export function ReportView({ controller, state }: { controller: ReportController; state: FrameState }) {
  const [canvasRef, available] = useSize();
  const page = activePageOf(state);
  const { settings, definition, generation, results } = state;
  const theme = useMemo(() => resolveTheme(state.theme), [state.theme]);
  const panes = panesShown(settings);
  const filtersSide = filterPaneSide(settings);
  const placed = useMemo(
    () => (page ? placeVisuals(settings, page).filter((p) => p.visible) : []),
    [settings, page],
  );
  const actions = useMemo<VisualActions>(
    () => ({
      selectCategory: (visual, category) => selectCategory(controller, visual, category),
      selectInSlicer: (visual, filters) => selectInSlicer(controller, visual, filters),
      openMenu: (visual, kind, x, y, category) =>
        openMenu(controller, { visual, kind, x, y, ...(category === undefined ? {} : { category }) }),
    }),
    [controller],
  );
  const close = useCallback(() => closeMenu(controller), [controller]);
  const { extensions, commands } = settings;
  const language = frameLanguage(settings, window.location.search);
  const messages = useMemo(() => menuMessages(language), [language]);
  const chrome = useMemo(() => chromeMessages(language), [language]);
  const canvasText = useMemo(() => canvasMessages(language), [language]);
  const formatter = useMemo(() => valueFormatter(language), [language]);
  // The viewer's page view and panes: a view of the report, not the report (not saved or bookmarked).
  const [viewChoice, setViewChoice] = useState<DisplayOption | undefined>(undefined);
  // A frame too narrow for the panes beside a readable page starts with them collapsed (`panesOpenAt`).
  const [filtersOpen, setFiltersOpen] = useState(
    settings.panes?.filters?.expanded ?? panesOpenAt(window.innerWidth).filters,
  );
  const [pagesOpen, setPagesOpen] = useState(panesOpenAt(window.innerWidth).pages);
  // A frame resized across a width where the panes open or collapse (a window narrowed, a phone turned) opens or
  // collapses them as a fresh embed at that width would; the viewer's own toggles hold until the next crossing.
  const [openAt, setOpenAt] = useState(() => panesOpenAt(window.innerWidth));
  useEffect(() => {
    const onResize = () =>
      setOpenAt((before) => {
        const now = panesOpenAt(window.innerWidth);
        return now.filters === before.filters && now.pages === before.pages ? before : now;
      });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const [seenOpenAt, setSeenOpenAt] = useState(openAt);
  useHostShortcuts(useCallback((name: string, body: unknown) => controller.raise(name, body), [controller]));
  const hostExpanded = settings.panes?.filters?.expanded;
  // The host's `panes.filters.expanded`, when an update changes it, opens or collapses the pane.
  const [seenExpanded, setSeenExpanded] = useState(hostExpanded);
  if (hostExpanded !== seenExpanded) {
    setSeenExpanded(hostExpanded);
    if (hostExpanded !== undefined) setFiltersOpen(hostExpanded);
  }
  if (openAt !== seenOpenAt) {
    setSeenOpenAt(openAt);
    if (hostExpanded === undefined) setFiltersOpen(openAt.filters);
    setPagesOpen(openAt.pages);
  }
  const { viewMode, tableViews, spotlight, drill, dataset } = state;
  const selected = state.selection !== undefined;
  const menus = useMemo(() => {
    const byVisual = new Map<string, { context: Menu; contextOnPoint: Menu; options: Menu }>();
    for (const { visual } of placed) {
      const steps = drill?.[visual.name] ?? [];
      const context: MenuContext = {
        viewMode,
        dataPoint: false,
        selection: selected,
        asTable: tableViews?.includes(visual.name) ?? false,
        spotlit: spotlight === visual.name,
        sortFields: visualFields(visual).map((field) => ({ field, label: fieldCaption(dataset, field) })),
        sort: visual.sort,
        canDrillDown: canDrillDown(visual, steps, dataset),
        drilled: steps.length > 0,
        messages,
      };
      byVisual.set(visual.name, {
        context: visualMenu({ extensions, commands }, 'visualContextMenu', visual, context),
        contextOnPoint: visualMenu({ extensions, commands }, 'visualContextMenu', visual, {
          ...context,
          dataPoint: true,
        }),
        options: visualMenu({ extensions, commands }, 'visualOptionsMenu', visual, context),
      });
    }
    return byVisual;
  }, [extensions, commands, placed, viewMode, selected, tableViews, spotlight, drill, dataset, messages]);
  // A spotlight ends on Escape (unless a menu is open: Escape closes that first) or a click outside the visual.
  useEffect(() => {
    if (spotlight === undefined) return undefined;
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !controller.state.openMenu) endSpotlight(controller);
    };
    const outside = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.visual-menu')) return;
      if (target?.closest('section.visual')?.getAttribute('data-visual') === spotlight) return;
      endSpotlight(controller);
    };
    document.addEventListener('keydown', escape);
    document.addEventListener('mousedown', outside);
    return () => {
      document.removeEventListener('keydown', escape);
      document.removeEventListener('mousedown', outside);
    };
  }, [spotlight, controller]);
  const settled = placed.every((p) => {
    const status = results[p.visual.name]?.status;
    return status === 'ready' || status === 'error';
  });

  const hasCharts = placed.some((p) => CHART_TYPES.has(p.visual.type));
  useEffect(() => {
    if (!settled || !state.rendering || available.width === 0) return;
    // Charts draw once the ECharts chunk is there; this callback runs after theirs (EChart.tsx).
    if (hasCharts) void loadEcharts().then(() => controller.markRendered(generation));
    else controller.markRendered(generation);
  }, [settled, generation, state.rendering, available.width, controller, hasCharts]);

  if (!definition || !page) return <p className="message">{chrome.noPages}</p>;
  const pageUnits = pageSize(settings, page);
  const zoom = settings.zoomLevel ?? 1;
  // A canvas narrower than half the page stacks the visuals in one column of the canvas's width, at scale 1.
  const stacked = stacks(settings, pageUnits.width, available.width);
  const column = stacked
    ? stackVisuals(
        placed,
        available.width,
        (name) => {
          const result = results[name];
          return result && 'answer' in result ? result.answer?.rows.length : undefined;
        },
        available.height,
      )
    : undefined;
  const hostView =
    settings.layoutType === LayoutType.Custom ? settings.customLayout?.displayOption : undefined;
  const view = isMobileLayout(settings) ? DisplayOption.FitToWidth : pageView(settings, viewChoice);
  const fitted = pageScale(view, pageUnits, available, zoom);
  // A phone layout in a wide frame stays a phone-wide column instead of growing cards to the frame's width.
  const scale = column ? 1 : isMobileLayout(settings) ? Math.min(fitted, MOBILE_MAX_SCALE * zoom) : fitted;
  // Fit to width with room below the page: the report's own layout grows down to the canvas's foot
  // (`stretchToCanvas`); a host's custom layout keeps the boxes it asked for.
  const stretched =
    !column &&
    (settings.layoutType ?? LayoutType.Master) === LayoutType.Master &&
    view === DisplayOption.FitToWidth
      ? stretchToCanvas(placed, pageUnits.height, scale, available.height)
      : undefined;
  const size = column
    ? { width: available.width, height: column.height }
    : { width: pageUnits.width, height: stretched?.height ?? pageUnits.height };
  const boxes = column?.placed ?? stretched?.placed ?? placed;
  const headersVisible = settings.visualSettings?.visualHeaders?.[0]?.settings.visible ?? true;
  const background = settings.background === BackgroundType.Transparent ? 'transparent' : theme.background;
  const mobile = isMobileLayout(settings);
  const menuOpen = state.openMenu;
  const menuBox = menuOpen ? boxes.find((p) => p.visual.name === menuOpen.visual) : undefined;
  const menuKind = menuOpen?.kind === 'visualContextMenu' ? 'context' : 'options';
  const menuVariant =
    menuKind === 'options' ? 'options' : menuOpen?.category === undefined ? 'context' : 'contextOnPoint';
  const openedMenu = (menuOpen && menus.get(menuOpen.visual)?.[menuVariant]) ?? EMPTY_MENU;
  const bookmarkIndex = state.bookmarkPlay;
  const filterPane = (side: 'left' | 'right') => (
    <FiltersPane
      controller={controller}
      definition={definition}
      page={page}
      dataset={dataset}
      side={side}
      expanded={filtersOpen}
      onToggle={() => setFiltersOpen(!filtersOpen)}
      editing={viewMode === 'edit'}
      chrome={chrome}
      messages={canvasText}
    />
  );

  return (
    <div
      className={['report', mobile ? 'mobile' : '', column ? 'stacked' : ''].filter(Boolean).join(' ')}
      style={{ background }}
    >
      {panes.pageNavigation ? (
        <PageList
          pages={definition.pages}
          active={page.name}
          chrome={chrome}
          messages={canvasText}
          expanded={pagesOpen || mobile}
          onToggle={() => setPagesOpen(!pagesOpen)}
          onSelect={(name) => activatePage(controller, name)}
        />
      ) : null}
      {panes.filters && !mobile && filtersSide === 'left' ? filterPane('left') : null}
      <div className="canvas-column">
        <div className="canvas" ref={canvasRef}>
          {placed.length === 0 ? (
            <p className="message">{chrome.emptyPage}</p>
          ) : (
            <div className="page" style={{ width: size.width * scale, height: size.height * scale }}>
              {state.rendering && available.width > 0
                ? boxes.map((p) => (
                    <VisualContainer
                      key={p.visual.name}
                      placed={p}
                      scale={scale}
                      result={results[p.visual.name]}
                      theme={theme}
                      showHeader={headersVisible}
                      hideErrors={settings.hideErrors ?? false}
                      animation={!navigator.webdriver}
                      selectedCategory={
                        state.selection?.visual === p.visual.name ? state.selection.category : undefined
                      }
                      actions={actions}
                      moreOptions={messages.moreOptions}
                      chrome={chrome}
                      canvas={canvasText}
                      formatter={formatter}
                      menus={{
                        context: (menus.get(p.visual.name)?.context.entries.length ?? 0) > 0,
                        contextOnPoint: (menus.get(p.visual.name)?.contextOnPoint.entries.length ?? 0) > 0,
                        options: (menus.get(p.visual.name)?.options.entries.length ?? 0) > 0,
                      }}
                      {...(tableViews?.includes(p.visual.name)
                        ? {
                            table: {
                              back: messages.backToVisual,
                              label: messages.tableOf(p.visual.title || p.visual.name),
                              onBack: () => toggleTableView(controller, p.visual.name),
                            },
                          }
                        : {})}
                      {...(spotlight === undefined
                        ? {}
                        : { spotlight: spotlight === p.visual.name ? 'spotlit' : 'dimmed' })}
                    />
                  ))
                : null}
              {menuOpen && menuBox && openedMenu.entries.length > 0 ? (
                <VisualMenu
                  key={`${menuOpen.visual}-${menuOpen.kind}-${menuOpen.x}-${menuOpen.y}`}
                  menu={openedMenu}
                  label={
                    menuKind === 'context'
                      ? messages.contextMenuOf(menuBox.visual.title)
                      : messages.optionsMenuOf(menuBox.visual.title)
                  }
                  left={menuBox.x * scale + menuOpen.x}
                  top={menuBox.y * scale + menuOpen.y}
                  alignRight={menuKind === 'options'}
                  onChoose={(entry) => chooseMenuEntry(controller, menuOpen.visual, entry)}
                  onClose={close}
                />
              ) : null}
            </div>
          )}
        </div>
        {mobile || column || hostView !== undefined ? null : (
          <PageViewBar value={view} onChange={setViewChoice} messages={canvasText} />
        )}
      </div>
      {panes.filters && !mobile && filtersSide === 'right' ? filterPane('right') : null}
      {state.notice ? <FrameNotice controller={controller} notice={state.notice} /> : null}
      {bookmarkIndex !== undefined && definition.bookmarks.length > 0 ? (
        <BookmarkNavigator
          bookmarks={definition.bookmarks}
          index={bookmarkIndex}
          messages={chrome}
          onShow={(index) => showBookmark(controller, index)}
          onExit={() => controller.update(({ bookmarkPlay: _playing, ...s }) => s)}
        />
      ) : null}
    </div>
  );
}

/** How long a notice of the frame's own stays on screen. */
const NOTICE_MS = 4000;

/** The frame's short message (a copy done, or refused): a status, or an alert for an error, that goes by itself. */
function FrameNotice({ controller, notice }: { controller: ReportController; notice: Notice }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(controller, notice.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [controller, notice.id]);
  return (
    <div className={`frame-notice ${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </div>
  );
}
