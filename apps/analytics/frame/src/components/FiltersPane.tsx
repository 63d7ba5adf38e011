/**
 * The editable filters pane, as Power BI's: a card per filter of the selected visual, of the page and of the report
 * (and one per field the page's visuals group by), titled in words ("Date is in the last 12 calendar months"); a
 * card opens to edit its filter as a basic list (searchable, with select all), advanced conditions joined by And or
 * Or, top N (Top or Bottom, how many, by which measure), or a relative date. "Add filter" adds a field of the model
 * at the visual's, the page's or the report's level; × clears a filter to (All), "Remove filter" takes it away.
 * Locked filters (`displaySettings.isLockedInViewMode`) show but do not edit, hidden ones (`isHiddenInViewMode`) do
 * not show, in view mode. The pane collapses to a rail (`CollapsiblePane`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import { AdvancedFilter, BasicFilter, RelativeDateFilter } from '@portico/models';
import type { IError, IFilter } from '@portico/models';
import type { Dataset, ReportDefinition, ReportPage, ReportVisual } from '@portico/analytics-model';
import { inNaturalOrder } from '@portico/analytics-model';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import type { ReportController } from '../model/controller.ts';
import { fieldLabel, filterTitle, modelFieldOf, valueLabel } from '../model/filter-text.ts';
import { frameLanguage } from '../model/messages.ts';
import { paneMessages } from '../model/pane-messages.ts';
import type { PaneMessages } from '../model/pane-messages.ts';
import { CollapsiblePane } from './CollapsiblePane.tsx';
import { frameFormatter } from './frame-language.ts';
import {
  addedKey,
  allFilter,
  columnTargetOf,
  filterableColumns,
  levelFilters,
  pageFieldColumns,
  rankingMeasures,
  replaceAt,
  sameTarget,
  setLevelFilters,
  topNFilter,
  viewerAdded,
  visualsFilteredSinceLoad,
} from '../model/pane-filters.ts';
import type { PaneLevel } from '../model/pane-filters.ts';
import './filters-pane.css';

type Target = { readonly table: string; readonly column: string };
type Measure = { readonly table: string; readonly measure: string };
type Primitive = string | number | boolean;

interface DisplaySettings {
  readonly isLockedInViewMode?: boolean;
  readonly isHiddenInViewMode?: boolean;
  readonly displayName?: string;
}

const displayOf = (filter: IFilter | undefined): DisplaySettings =>
  ((filter as { displaySettings?: DisplaySettings } | undefined)?.displaySettings ?? {}) as DisplaySettings;

/** A basic filter that selects everything: a field in the pane with no condition yet. */
const selectsAll = (filter: IFilter | undefined): boolean => {
  const f = (filter ?? {}) as {
    operator?: unknown;
    values?: unknown;
    conditions?: unknown;
    itemCount?: unknown;
  };
  return (
    Array.isArray(f.values) && (f.operator === 'All' || (f.values.length === 0 && f.operator !== 'NotIn'))
  );
};

/** One card of the pane: an existing filter of a level (by index), or a field with no filter yet (index -1). */
interface Card {
  readonly key: string;
  readonly level: PaneLevel;
  readonly index: number;
  readonly filter: IFilter | undefined;
  readonly target: Target | undefined;
}

const prefixOf = (level: PaneLevel): string =>
  level.kind === 'visual' ? `visual:${level.visualName}` : level.kind;

/** The key of a level's card for `target`, when `nth` filters of the level named that field before it. */
const cardKey = (level: PaneLevel, target: Target, nth: number): string =>
  `${prefixOf(level)}:${target.table}.${target.column}:${nth}`;

interface Cards {
  /** Per visual listed (the selected one first), its own filters. */
  readonly visuals: { readonly visual: ReportVisual; readonly cards: Card[] }[];
  readonly page: Card[];
  readonly report: Card[];
}

function cardsOf(definition: ReportDefinition, page: ReportPage, visualNames: readonly string[]): Cards {
  const pageLevel: PaneLevel = { kind: 'page', pageName: page.name };
  // A card's key is its field (and how many filters of the level named it before), so a field's card keeps its
  // key, and stays open, when its first filter replaces the "(All)" card.
  const of = (level: PaneLevel) => {
    const seen = new Map<string, number>();
    return levelFilters(definition, level).map((filter, index): Card => {
      const target = columnTargetOf(filter);
      const field = target ? `${target.table}.${target.column}` : `#${index}`;
      const nth = seen.get(field) ?? 0;
      seen.set(field, nth + 1);
      return { key: `${prefixOf(level)}:${field}:${nth}`, level, index, filter, target };
    });
  };
  const visuals = visualNames.flatMap((visualName) => {
    const visual = page.visuals.find((v) => v.name === visualName);
    return visual ? [{ visual, cards: of({ kind: 'visual', pageName: page.name, visualName }) }] : [];
  });
  const pageCards = of(pageLevel);
  const reportCards = of({ kind: 'report' });
  const filtered = [...pageCards, ...reportCards].map((c) => c.target);
  // The page's fields with no filter on them, at page level, as "(All)" cards ready to filter.
  const fields = pageFieldColumns(page)
    .filter((t) => !filtered.some((f) => sameTarget(f, t)))
    .map((target): Card => ({
      key: cardKey(pageLevel, target, 0),
      level: pageLevel,
      index: -1,
      filter: undefined,
      target,
    }));
  return { visuals, page: [...pageCards, ...fields], report: reportCards };
}

/**
 * The visual the viewer last pressed or focused on the canvas (not a slicer, whose filters are its selection), as
 * Power BI shows "Filters on this visual" for the selected visual; a press on the page around the visuals clears it.
 */
function useSelectedVisual(page: ReportPage): string | undefined {
  const [name, setName] = useState<string | undefined>(undefined);
  useEffect(() => {
    const pick = (event: Event) => {
      const element = event.target instanceof Element ? event.target : null;
      if (!element?.closest('.canvas') || element.closest('.filter-pane')) return;
      setName(element.closest('[data-visual]')?.getAttribute('data-visual') ?? undefined);
    };
    document.addEventListener('pointerdown', pick, true);
    document.addEventListener('focusin', pick, true);
    return () => {
      document.removeEventListener('pointerdown', pick, true);
      document.removeEventListener('focusin', pick, true);
    };
  }, []);
  return page.visuals.find((v) => v.name === name && v.type !== 'slicer')?.name;
}

export interface FiltersPaneProps {
  readonly controller: ReportController;
  readonly definition: ReportDefinition;
  readonly page: ReportPage;
  readonly dataset: Dataset | undefined;
  readonly side: 'left' | 'right';
  readonly expanded: boolean;
  readonly onToggle: () => void;
  readonly editing: boolean;
  readonly chrome: ChromeMessages;
  readonly messages: CanvasMessages;
}

export function FiltersPane(props: FiltersPaneProps) {
  const { chrome, messages, definition, page, dataset, side, editing, controller } = props;
  const words = paneMessages(frameLanguage(controller.state.settings, window.location.search));
  const visualName = useSelectedVisual(page);
  const visual = page.visuals.find((v) => v.name === visualName);
  const savedJson = controller.state.savedJson;
  // The selected visual, then every visual whose filters the host (or the viewer) changed since the report loaded.
  const visualNames = useMemo(() => {
    const changed = visualsFilteredSinceLoad(savedJson, page).filter((name) => name !== visualName);
    return visualName === undefined ? changed : [visualName, ...changed];
  }, [savedJson, page, visualName]);
  const cards = useMemo(() => cardsOf(definition, page, visualNames), [definition, page, visualNames]);
  // The card just added opens, with the focus on it.
  const [justAdded, setJustAdded] = useState<{ key: string; count: number } | undefined>(undefined);
  const addButton = useRef<HTMLButtonElement>(null);
  const shown = (list: Card[]) => list.filter((c) => editing || !displayOf(c.filter).isHiddenInViewMode);
  const groups: [string, Card[]][] = [
    // A visual listed for its changed filters only shows when a viewer may see one of them.
    ...cards.visuals
      .map(({ visual: v, cards: list }) => [words.onThisVisual(v.title), shown(list), v.name] as const)
      .filter(([, list, name]) => name === visualName || list.length > 0)
      .map(([title, list]) => [title, list] as [string, Card[]]),
    [chrome.onThisPage, shown(cards.page)],
    [chrome.onAllPages, shown(cards.report)],
  ];
  const add = (level: PaneLevel, target: Target): readonly IError[] => {
    const current = controller.state.definition;
    if (!current) return [];
    const filters = levelFilters(current, level);
    const nth = filters.filter((f) => sameTarget(columnTargetOf(f), target)).length;
    const errors = setLevelFilters(controller, level, [...filters, allFilter(target)]);
    if (errors.length === 0) {
      viewerAdded(controller).add(addedKey(level, target));
      setJustAdded({ key: cardKey(level, target, nth), count: (justAdded?.count ?? 0) + 1 });
    }
    return errors;
  };
  return (
    <CollapsiblePane
      title={chrome.filters}
      element="aside"
      className={`filter-pane ${side}`}
      side={side}
      expanded={props.expanded}
      onToggle={props.onToggle}
      showLabel={messages.showFilters}
      hideLabel={messages.hideFilters}
    >
      <AddFilter
        page={page}
        visual={visual ? { name: visual.name, title: visual.title } : undefined}
        dataset={dataset}
        words={words}
        onAdd={add}
        button={addButton}
      />
      {groups.map(([title, list], i) => (
        <section key={`${i}:${title}`} aria-label={title}>
          <h3>{title}</h3>
          {list.length === 0 ? (
            <p className="muted">{chrome.noFilters}</p>
          ) : (
            list.map((card) => (
              <FilterCard
                key={card.key}
                card={card}
                controller={controller}
                dataset={dataset}
                editing={editing}
                messages={messages}
                words={words}
                opened={card.key === justAdded?.key ? justAdded.count : undefined}
                onRemoved={() => addButton.current?.focus()}
              />
            ))
          )}
        </section>
      ))}
    </CollapsiblePane>
  );
}

/**
 * "Add filter": a button that opens a small form — which level (the selected visual, this page, all pages) and
 * which field of the model — and adds the field as an "(All)" card, opened to choose how it filters. Escape or
 * Cancel closes the form and gives the focus back to the button.
 */
function AddFilter(props: {
  readonly page: ReportPage;
  readonly visual: { readonly name: string; readonly title: string } | undefined;
  readonly dataset: Dataset | undefined;
  readonly words: PaneMessages;
  readonly onAdd: (level: PaneLevel, target: Target) => readonly IError[];
  /** The "Add filter" button, which the pane also gives the focus to after a card is removed. */
  readonly button: RefObject<HTMLButtonElement | null>;
}) {
  const { words, dataset, page, visual } = props;
  const [open, setOpen] = useState(false);
  const [levelChoice, setLevelChoice] = useState<'visual' | 'page' | 'report'>('page');
  const [field, setField] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { button } = props;
  const first = useRef<HTMLSelectElement>(null);
  const groups = useMemo(() => filterableColumns(dataset), [dataset]);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setProblem(undefined);
    button.current?.focus();
  };
  const level: PaneLevel =
    levelChoice === 'visual' && visual
      ? { kind: 'visual', pageName: page.name, visualName: visual.name }
      : levelChoice === 'report'
        ? { kind: 'report' }
        : { kind: 'page', pageName: page.name };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  const toggle = (
    <button
      ref={button}
      type="button"
      className="add-filter"
      aria-expanded={open}
      aria-controls={open ? 'add-filter-form' : undefined}
      onClick={() => {
        if (open) return close();
        setField('');
        setLevelChoice(visual ? 'visual' : 'page');
        setOpen(true);
      }}
    >
      <span aria-hidden="true">+</span> {words.addFilter}
    </button>
  );
  if (!open) return toggle;
  return (
    <>
      {toggle}
      <form
        id="add-filter-form"
        className="add-filter-form"
        role="dialog"
        aria-label={words.addFilterTitle}
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          if (field === '') return;
          const errors = props.onAdd(level, JSON.parse(field) as Target);
          if (errors.length > 0) {
            setProblem(words.refused(errors.map((e) => e.message).join('; ')));
            return;
          }
          setOpen(false);
          setProblem(undefined);
        }}
      >
        <label className="filter-field">
          <span>{words.filterOn}</span>
          <select
            ref={first}
            value={levelChoice === 'visual' && !visual ? 'page' : levelChoice}
            onChange={(e) => setLevelChoice(e.target.value as 'page')}
          >
            {visual ? <option value="visual">{words.thisVisual(visual.title)}</option> : null}
            <option value="page">{words.thisPage}</option>
            <option value="report">{words.allPages}</option>
          </select>
        </label>
        <label className="filter-field">
          <span>{words.field}</span>
          <select value={field} onChange={(e) => setField(e.target.value)}>
            <option value="">{words.chooseField}</option>
            {groups.map((g) => (
              <optgroup key={g.table} label={g.tableLabel}>
                {g.fields.map((t) => (
                  <option key={t.column} value={JSON.stringify(t)}>
                    {fieldLabel(dataset, t)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {problem ? (
          <p className="filter-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="add-filter-actions">
          <button type="button" className="secondary-button" onClick={close}>
            {words.cancel}
          </button>
          <button type="submit" className="apply-filter" disabled={field === ''}>
            {words.add}
          </button>
        </div>
      </form>
    </>
  );
}

type Mode = 'basic' | 'advanced' | 'topN' | 'relativeDate';

function modeOf(filter: IFilter | undefined): Mode {
  const f = (filter ?? {}) as Record<string, unknown>;
  if (Array.isArray(f.conditions)) return 'advanced';
  if (typeof f.itemCount === 'number') return 'topN';
  if (typeof f.timeUnitsCount === 'number') return 'relativeDate';
  return 'basic';
}

function FilterCard(props: {
  readonly card: Card;
  readonly controller: ReportController;
  readonly dataset: Dataset | undefined;
  readonly editing: boolean;
  readonly messages: CanvasMessages;
  readonly words: PaneMessages;
  /** Set (a new number each time) when the card's field was just added: it opens, with the focus on its type. */
  readonly opened: number | undefined;
  /** After the card's removal, where the focus goes (its own buttons are gone). */
  readonly onRemoved: () => void;
}) {
  const { card, controller, dataset, messages, words } = props;
  const [open, setOpen] = useState(props.opened !== undefined);
  const [mode, setMode] = useState<Mode>(modeOf(card.filter));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const titleButton = useRef<HTMLButtonElement>(null);
  const typeSelect = useRef<HTMLSelectElement>(null);
  // The field's "(All)" card may be there already (a field of the page's charts): it opens for the new filter.
  const [seenOpened, setSeenOpened] = useState(props.opened);
  if (props.opened !== seenOpened) {
    setSeenOpened(props.opened);
    if (props.opened !== undefined) setOpen(true);
  }
  useEffect(() => {
    if (props.opened !== undefined) typeSelect.current?.focus();
  }, [props.opened]);
  const display = displayOf(card.filter);
  const locked = display.isLockedInViewMode === true && !props.editing;
  const field = display.displayName ?? fieldLabel(dataset, card.target);
  const title = card.filter
    ? filterTitle(card.filter, dataset, messages, frameFormatter(controller.state.settings), field)
    : messages.titleAll(field);
  const dataType = modelFieldOf(dataset, card.target);
  const isDate =
    dataType !== undefined &&
    'dataType' in dataType &&
    (dataType.dataType === 'date' || dataType.dataType === 'dateTime');
  const change = (filters: (current: readonly IFilter[]) => IFilter[]) => {
    const definition = controller.state.definition;
    if (!definition) return false;
    const errors = setLevelFilters(controller, card.level, filters(levelFilters(definition, card.level)));
    setProblem(errors.length > 0 ? words.refused(errors.map((e) => e.message).join('; ')) : undefined);
    return errors.length === 0;
  };
  // An edited filter keeps the author's display settings (its name, and flags that only apply in view mode).
  const withDisplay = (next: IFilter): IFilter =>
    display.displayName || display.isHiddenInViewMode || display.isLockedInViewMode
      ? ({ ...next, displaySettings: display } as IFilter)
      : next;
  /** A new filter for the card; `undefined` clears it to (All), as Power BI's eraser does (the card stays). */
  const apply = (next: IFilter | undefined) => {
    if (next === undefined && (card.filter === undefined || card.target === undefined)) {
      // Nothing to clear on an "(All)" card; a filter with no column (a measure's) is taken away.
      if (card.filter !== undefined) change((current) => replaceAt(current, card.index, undefined));
      return;
    }
    const filter = next ?? allFilter(card.target as Target);
    change((current) => replaceAt(current, card.index, card.filter ? withDisplay(filter) : filter));
  };
  const added = card.target !== undefined && viewerAdded(controller).has(addedKey(card.level, card.target));
  // In view mode the viewer removes the filters they added; in edit mode the author removes any.
  const removable = card.filter !== undefined && !locked && (props.editing || added);
  const remove = () => {
    if (!change((current) => replaceAt(current, card.index, undefined))) return;
    if (card.target) viewerAdded(controller).delete(addedKey(card.level, card.target));
    props.onRemoved();
  };
  const clearable = card.filter !== undefined && !locked && !selectsAll(card.filter);
  /** An author sets how the filter shows in view mode: its display settings, written the setFilters way. */
  const setDisplay = (patch: Partial<DisplaySettings>) => {
    const filter = card.filter;
    if (!filter) return;
    // Only the settings that say something are kept (`true` flags, a name).
    const next = Object.fromEntries(
      Object.entries({ ...display, ...patch }).filter(([, v]) => v !== false && v !== undefined),
    );
    const { displaySettings: _old, ...rest } = filter as IFilter & { displaySettings?: unknown };
    const written = (Object.keys(next).length > 0 ? { ...rest, displaySettings: next } : rest) as IFilter;
    change((current) => replaceAt(current, card.index, written));
  };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape in a search box with text clears the text first (the browser's own behaviour).
    const target = event.target as HTMLInputElement;
    if (target.type === 'search' && target.value !== '') return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    titleButton.current?.focus();
  };
  const id = `filter-${card.key}`;
  return (
    <div className={open ? 'filter-card open' : 'filter-card'} data-filter-field={field}>
      <div className="filter-card-head">
        <button
          ref={titleButton}
          type="button"
          className="filter-card-title"
          aria-expanded={locked ? undefined : open}
          aria-controls={locked || !open ? undefined : id}
          disabled={locked}
          onClick={() => setOpen(!open)}
          title={title}
        >
          <span>{title}</span>
        </button>
        {locked ? (
          <span className="filter-lock" role="img" aria-label={messages.locked} title={messages.locked}>
            🔒
          </span>
        ) : null}
        {clearable ? (
          <button
            type="button"
            className="filter-clear"
            aria-label={`${messages.clearFilter}: ${field}`}
            title={messages.clearFilter}
            onClick={() => {
              apply(undefined);
              // The × goes with the condition: the focus stays on the card, on its title.
              titleButton.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
        {removable ? (
          <button
            type="button"
            className="filter-remove"
            aria-label={`${words.removeFilter}: ${field}`}
            title={words.removeFilter}
            onClick={remove}
          >
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
              <path
                d="M3 4h10M6.5 4V2.5h3V4M4.5 4l.7 9.5h5.6l.7-9.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
              />
            </svg>
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="filter-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {open && !locked && card.target ? (
        <div className="filter-card-body" id={id} onKeyDown={onKeyDown}>
          <label className="filter-field">
            <span>{messages.filterType}</span>
            <select ref={typeSelect} value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
              <option value="basic">{messages.basic}</option>
              <option value="advanced">{messages.advanced}</option>
              <option value="topN">{messages.topN}</option>
              {isDate ? <option value="relativeDate">{messages.relativeDate}</option> : null}
            </select>
          </label>
          {props.editing && card.filter ? (
            <div className="filter-display">
              <label>
                <input
                  type="checkbox"
                  checked={display.isLockedInViewMode === true}
                  onChange={(e) => setDisplay({ isLockedInViewMode: e.target.checked })}
                />
                {words.lockInViewMode}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={display.isHiddenInViewMode === true}
                  onChange={(e) => setDisplay({ isHiddenInViewMode: e.target.checked })}
                />
                {words.hideInViewMode}
              </label>
            </div>
          ) : null}
          {mode === 'basic' ? (
            <BasicEditor
              target={card.target}
              filter={modeOf(card.filter) === 'basic' ? card.filter : undefined}
              controller={controller}
              dataset={dataset}
              messages={messages}
              onApply={apply}
            />
          ) : mode === 'advanced' ? (
            <AdvancedEditor
              target={card.target}
              filter={modeOf(card.filter) === 'advanced' ? card.filter : undefined}
              numeric={
                dataType !== undefined &&
                'dataType' in dataType &&
                (dataType.dataType === 'integer' || dataType.dataType === 'decimal')
              }
              messages={messages}
              onApply={apply}
            />
          ) : mode === 'topN' ? (
            <TopNEditor
              target={card.target}
              filter={modeOf(card.filter) === 'topN' ? card.filter : undefined}
              dataset={dataset}
              messages={messages}
              words={words}
              onApply={apply}
            />
          ) : (
            <RelativeDateEditor
              target={card.target}
              filter={modeOf(card.filter) === 'relativeDate' ? card.filter : undefined}
              messages={messages}
              words={words}
              onApply={apply}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The distinct values of a column, as a slicer's list asks for them (a query selecting only the column). */
function useColumnValues(controller: ReportController, target: Target): Primitive[] | undefined {
  const [values, setValues] = useState<Primitive[] | undefined>(undefined);
  const reportId = controller.state.report?.id;
  useEffect(() => {
    if (!reportId) return undefined;
    let live = true;
    const field = { column: target };
    controller.api.query(reportId, { select: [field], orderBy: [{ field, direction: 'Ascending' }] }).then(
      (answer) => {
        if (live) {
          setValues(
            answer.rows.map((r) => r[0]).filter((v): v is Primitive => v !== null && v !== undefined),
          );
        }
      },
      () => live && setValues([]),
    );
    return () => {
      live = false;
    };
  }, [controller, reportId, target]);
  return values;
}

function BasicEditor(props: {
  readonly target: Target;
  readonly filter: IFilter | undefined;
  readonly controller: ReportController;
  readonly dataset: Dataset | undefined;
  readonly messages: CanvasMessages;
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { target, messages, dataset } = props;
  const values = useColumnValues(props.controller, target);
  const [search, setSearch] = useState('');
  const f = (props.filter ?? {}) as { operator?: string; values?: Primitive[] };
  const listed = f.values ?? [];
  // In the natural order of the column's listed values (critical, warning, info), else the service's.
  const listedValues = modelFieldOf(dataset, target);
  const all = inNaturalOrder(
    values ?? [],
    listedValues && 'values' in listedValues ? listedValues.values : undefined,
    (v) => v,
  );
  // Everything is selected with no filter; NotIn selects all but its values.
  const selected =
    f.operator === 'In' ? listed : f.operator === 'NotIn' ? all.filter((v) => !listed.includes(v)) : all;
  const everything = props.filter === undefined || selected.length === all.length;
  const formatter = frameFormatter(props.controller.state.settings);
  const label = (v: Primitive) => valueLabel(dataset, target, v, formatter);
  const shown = all.filter((v) => label(v).toLowerCase().includes(search.trim().toLowerCase()));
  const choose = (next: Primitive[]) =>
    props.onApply(
      next.length === 0 || next.length === all.length
        ? undefined
        : new BasicFilter(target, 'In', next).toJSON(),
    );
  const toggle = (value: Primitive) => {
    if (everything) return choose([value]);
    return choose(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  };
  return (
    <div className="basic-editor">
      <input
        type="search"
        className="filter-search"
        placeholder={messages.search}
        aria-label={messages.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {values === undefined ? null : all.length === 0 ? (
        <p className="muted">{messages.noValues}</p>
      ) : (
        <ul className="filter-values">
          <li>
            <label>
              <input type="checkbox" checked={everything} onChange={() => choose(everything ? [] : all)} />
              {messages.selectAll}
            </label>
          </li>
          {shown.map((v) => (
            <li key={String(v)}>
              <label title={label(v)}>
                <input
                  type="checkbox"
                  checked={!everything && selected.includes(v)}
                  onChange={() => toggle(v)}
                />
                <span>{label(v)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const CONDITIONS = [
  'Is',
  'IsNot',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'DoesNotStartWith',
  'IsBlank',
  'IsNotBlank',
] as const;
const NUMERIC_ONLY = new Set(['LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual']);
const TEXT_ONLY = new Set(['Contains', 'DoesNotContain', 'StartsWith', 'DoesNotStartWith']);
const NO_VALUE = new Set(['IsBlank', 'IsNotBlank']);

function AdvancedEditor(props: {
  readonly target: Target;
  readonly filter: IFilter | undefined;
  readonly numeric: boolean;
  readonly messages: CanvasMessages;
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { messages, numeric } = props;
  const existing = (props.filter ?? {}) as {
    logicalOperator?: 'And' | 'Or';
    conditions?: { operator: string; value?: Primitive }[];
  };
  const initial = (i: number) => ({
    operator: existing.conditions?.[i]?.operator ?? (i === 0 ? (numeric ? 'GreaterThan' : 'Contains') : ''),
    value: existing.conditions?.[i]?.value === undefined ? '' : String(existing.conditions[i]?.value),
  });
  const [rows, setRows] = useState([initial(0), initial(1)]);
  const [joiner, setJoiner] = useState<'And' | 'Or'>(existing.logicalOperator ?? 'And');
  const operators = CONDITIONS.filter((c) => (numeric ? !TEXT_ONLY.has(c) : !NUMERIC_ONLY.has(c)));
  const conditions = rows
    .filter((r) => r.operator !== '' && (NO_VALUE.has(r.operator) || r.value.trim() !== ''))
    .map((r) =>
      NO_VALUE.has(r.operator)
        ? { operator: r.operator }
        : { operator: r.operator, value: numeric ? Number(r.value) : r.value.trim() },
    );
  const valid =
    conditions.length > 0 && conditions.every((c) => !('value' in c) || !numeric || Number.isFinite(c.value));
  const set = (i: number, change: Partial<{ operator: string; value: string }>) =>
    setRows(rows.map((r, at) => (at === i ? { ...r, ...change } : r)));
  return (
    <div className="advanced-editor">
      <p className="muted">{messages.showItemsWhen}</p>
      {rows.map((row, i) => (
        <div key={i} className="condition">
          {i === 1 ? (
            <div className="joiner" role="radiogroup" aria-label={`${messages.and} / ${messages.or}`}>
              {(['And', 'Or'] as const).map((j) => (
                <label key={j}>
                  <input type="radio" name="joiner" checked={joiner === j} onChange={() => setJoiner(j)} />
                  {j === 'And' ? messages.and : messages.or}
                </label>
              ))}
            </div>
          ) : null}
          <select
            aria-label={`${messages.showItemsWhen} (${i + 1})`}
            value={row.operator}
            onChange={(e) => set(i, { operator: e.target.value })}
          >
            {i === 1 ? <option value="">—</option> : null}
            {operators.map((c) => (
              <option key={c} value={c}>
                {messages.conditions[c]}
              </option>
            ))}
          </select>
          {NO_VALUE.has(row.operator) || row.operator === '' ? null : (
            <input
              type={numeric ? 'number' : 'text'}
              aria-label={`${messages.conditions[row.operator] ?? row.operator} (${i + 1})`}
              value={row.value}
              onChange={(e) => set(i, { value: e.target.value })}
            />
          )}
        </div>
      ))}
      <button
        type="button"
        className="apply-filter"
        disabled={!valid}
        onClick={() =>
          props.onApply(
            new AdvancedFilter(
              props.target,
              conditions.length === 1 ? 'And' : joiner,
              conditions as never,
            ).toJSON(),
          )
        }
      >
        {messages.applyFilter}
      </button>
    </div>
  );
}

/** Top or Bottom, how many, and the measure they are ranked by ("By value"), as Power BI's top N filter. */
function TopNEditor(props: {
  readonly target: Target;
  readonly filter: IFilter | undefined;
  readonly dataset: Dataset | undefined;
  readonly messages: CanvasMessages;
  readonly words: PaneMessages;
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { messages, words, dataset } = props;
  const f = (props.filter ?? {}) as { operator?: 'Top' | 'Bottom'; itemCount?: number; orderBy?: Measure };
  const [operator, setOperator] = useState<'Top' | 'Bottom'>(f.operator ?? 'Top');
  const [count, setCount] = useState(String(f.itemCount ?? 10));
  const [by, setBy] = useState(
    f.orderBy?.measure === undefined
      ? ''
      : JSON.stringify({ table: f.orderBy.table, measure: f.orderBy.measure }),
  );
  const measures = useMemo(() => rankingMeasures(dataset), [dataset]);
  const n = Number(count);
  return (
    <div className="topn-editor">
      <label className="filter-field">
        <span>{words.showItems}</span>
        <select value={operator} onChange={(e) => setOperator(e.target.value as 'Top')}>
          <option value="Top">{messages.top}</option>
          <option value="Bottom">{messages.bottom}</option>
        </select>
      </label>
      <label className="filter-field">
        <span>{words.itemCount}</span>
        <input type="number" min={1} step={1} value={count} onChange={(e) => setCount(e.target.value)} />
      </label>
      <label className="filter-field">
        <span>{messages.byValue}</span>
        <select value={by} onChange={(e) => setBy(e.target.value)}>
          <option value="">{words.chooseValue}</option>
          {measures.map((g) => (
            <optgroup key={g.table} label={g.tableLabel}>
              {g.fields.map((m) => (
                <option key={m.measure} value={JSON.stringify(m)}>
                  {fieldLabel(dataset, m)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="apply-filter"
        disabled={!Number.isInteger(n) || n < 1 || by === ''}
        onClick={() => props.onApply(topNFilter(props.target, operator, n, JSON.parse(by) as Measure))}
      >
        {messages.applyFilter}
      </button>
    </div>
  );
}

function RelativeDateEditor(props: {
  readonly target: Target;
  readonly filter: IFilter | undefined;
  readonly messages: CanvasMessages;
  readonly words: PaneMessages;
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { messages, words } = props;
  const f = (props.filter ?? {}) as {
    operator?: number;
    timeUnitsCount?: number;
    timeUnitType?: number;
    includeToday?: boolean;
  };
  const [operator, setOperator] = useState(f.operator ?? 0);
  const [count, setCount] = useState(String(f.timeUnitsCount ?? 12));
  const [unit, setUnit] = useState(f.timeUnitType ?? 4);
  const n = Number(count);
  return (
    <div className="relative-editor">
      <select
        aria-label={messages.relativeDate}
        value={operator}
        onChange={(e) => setOperator(Number(e.target.value))}
      >
        <option value={0}>{messages.inTheLast}</option>
        <option value={1}>{messages.inThis}</option>
        <option value={2}>{messages.inTheNext}</option>
      </select>
      <input
        type="number"
        min={1}
        aria-label={words.unitCount}
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
      <select aria-label={words.unit} value={unit} onChange={(e) => setUnit(Number(e.target.value))}>
        {messages.units.slice(0, 7).map((u, i) => (
          <option key={u} value={i}>
            {u}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="apply-filter"
        disabled={!Number.isInteger(n) || n < 1}
        onClick={() =>
          props.onApply(
            new RelativeDateFilter(props.target, operator, n, unit, f.includeToday ?? true).toJSON(),
          )
        }
      >
        {messages.applyFilter}
      </button>
    </div>
  );
}
