/**
 * The editable filters pane, as Power BI's: a card per filter of the page and of the report (and one per field the
 * page's visuals group by), titled in words ("Date is in the last 12 calendar months"); a card opens to edit its
 * filter as a basic list (searchable, with select all), advanced conditions joined by And or Or, top N, or a
 * relative date. Locked filters (`displaySettings.isLockedInViewMode`) show but do not edit, hidden ones
 * (`isHiddenInViewMode`) do not show, in view mode. The pane collapses to a rail.
 */
import { useEffect, useMemo, useState } from 'react';
import { AdvancedFilter, BasicFilter, RelativeDateFilter, TopNFilter } from '@portico/models';
import type { IFilter } from '@portico/models';
import type { Dataset, ReportDefinition, ReportPage } from '@portico/analytics-model';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import type { ReportController } from '../model/controller.ts';
import { fieldLabel, filterTitle, modelFieldOf, valueLabel } from '../model/filter-text.ts';
import { frameFormatter } from './frame-language.ts';
import {
  columnTargetOf,
  levelFilters,
  pageFieldColumns,
  replaceAt,
  sameTarget,
  setLevelFilters,
} from '../model/pane-filters.ts';
import type { PaneLevel } from '../model/pane-filters.ts';

type Target = { readonly table: string; readonly column: string };
type Primitive = string | number | boolean;

interface DisplaySettings {
  readonly isLockedInViewMode?: boolean;
  readonly isHiddenInViewMode?: boolean;
  readonly displayName?: string;
}

const displayOf = (filter: IFilter | undefined): DisplaySettings =>
  ((filter as { displaySettings?: DisplaySettings } | undefined)?.displaySettings ?? {}) as DisplaySettings;

/** One card of the pane: an existing filter of a level (by index), or a field with no filter yet (index -1). */
interface Card {
  readonly key: string;
  readonly level: PaneLevel;
  readonly index: number;
  readonly filter: IFilter | undefined;
  readonly target: Target | undefined;
}

function cardsOf(definition: ReportDefinition, page: ReportPage): { page: Card[]; report: Card[] } {
  const pageLevel: PaneLevel = { kind: 'page', pageName: page.name };
  const reportLevel: PaneLevel = { kind: 'report' };
  // A card's key is its field (and how many filters of the level named it before), so a field's card keeps its
  // key, and stays open, when its first filter replaces the "(All)" card.
  const of = (level: PaneLevel, prefix: string) => {
    const seen = new Map<string, number>();
    return levelFilters(definition, level).map((filter, index): Card => {
      const target = columnTargetOf(filter);
      const field = target ? `${target.table}.${target.column}` : `#${index}`;
      const nth = seen.get(field) ?? 0;
      seen.set(field, nth + 1);
      return { key: `${prefix}:${field}:${nth}`, level, index, filter, target };
    });
  };
  const pageCards = of(pageLevel, 'page');
  const reportCards = of(reportLevel, 'report');
  const filtered = [...pageCards, ...reportCards].map((c) => c.target);
  // The page's fields with no filter on them, at page level, as "(All)" cards ready to filter.
  const fields = pageFieldColumns(page)
    .filter((t) => !filtered.some((f) => sameTarget(f, t)))
    .map((target): Card => ({
      key: `page:${target.table}.${target.column}:0`,
      level: pageLevel,
      index: -1,
      filter: undefined,
      target,
    }));
  return { page: [...pageCards, ...fields], report: reportCards };
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
  const { chrome, messages, definition, page, dataset, side, editing } = props;
  const cards = useMemo(() => cardsOf(definition, page), [definition, page]);
  if (!props.expanded) {
    return (
      <aside className={`filter-pane ${side} collapsed`} aria-label={chrome.filters}>
        <button
          type="button"
          className="pane-rail"
          aria-expanded={false}
          aria-label={messages.showFilters}
          title={messages.showFilters}
          onClick={props.onToggle}
        >
          <span aria-hidden="true">{side === 'left' ? '»' : '«'}</span>
          <span className="rail-label">{chrome.filters}</span>
        </button>
      </aside>
    );
  }
  const shown = (list: Card[]) => list.filter((c) => editing || !displayOf(c.filter).isHiddenInViewMode);
  const groups: [string, Card[]][] = [
    [chrome.onThisPage, shown(cards.page)],
    [chrome.onAllPages, shown(cards.report)],
  ];
  return (
    <aside className={`filter-pane ${side}`} aria-label={chrome.filters}>
      <div className="pane-head">
        <h2>{chrome.filters}</h2>
        <button
          type="button"
          className="pane-toggle"
          aria-expanded={true}
          aria-label={messages.hideFilters}
          title={messages.hideFilters}
          onClick={props.onToggle}
        >
          <span aria-hidden="true">{side === 'left' ? '«' : '»'}</span>
        </button>
      </div>
      {groups.map(([title, list]) => (
        <section key={title}>
          <h3>{title}</h3>
          {list.length === 0 ? (
            <p className="muted">{chrome.noFilters}</p>
          ) : (
            list.map((card) => (
              <FilterCard
                key={card.key}
                card={card}
                controller={props.controller}
                dataset={dataset}
                editing={editing}
                messages={messages}
              />
            ))
          )}
        </section>
      ))}
    </aside>
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
}) {
  const { card, controller, dataset, messages } = props;
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>(modeOf(card.filter));
  const display = displayOf(card.filter);
  const locked = display.isLockedInViewMode === true && !props.editing;
  const field = display.displayName ?? fieldLabel(dataset, card.target);
  const title = card.filter
    ? filterTitle(card.filter, dataset, messages, frameFormatter(controller.state.settings)).replace(
        fieldLabel(dataset, card.target),
        field,
      )
    : messages.titleAll(field);
  const dataType = modelFieldOf(dataset, card.target);
  const isDate =
    dataType !== undefined &&
    'dataType' in dataType &&
    (dataType.dataType === 'date' || dataType.dataType === 'dateTime');
  const apply = (next: IFilter | undefined) => {
    const definition = controller.state.definition;
    if (!definition) return;
    const current = levelFilters(definition, card.level);
    // An edited filter keeps the author's display settings (its name, and flags that only apply in view mode).
    const kept =
      next && card.filter
        ? {
            ...next,
            ...(display.displayName || display.isHiddenInViewMode || display.isLockedInViewMode
              ? { displaySettings: display }
              : {}),
          }
        : next;
    setLevelFilters(controller, card.level, replaceAt(current, card.index, kept as IFilter | undefined));
  };
  const id = `filter-${card.key}`;
  return (
    <div className={open ? 'filter-card open' : 'filter-card'} data-filter-field={field}>
      <div className="filter-card-head">
        <button
          type="button"
          className="filter-card-title"
          aria-expanded={locked ? undefined : open}
          aria-controls={locked ? undefined : id}
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
        ) : card.filter ? (
          <button
            type="button"
            className="filter-clear"
            aria-label={`${messages.clearFilter}: ${field}`}
            title={messages.clearFilter}
            onClick={() => apply(undefined)}
          >
            ×
          </button>
        ) : null}
      </div>
      {open && !locked && card.target ? (
        <div className="filter-card-body" id={id}>
          <label className="filter-field">
            <span>{messages.filterType}</span>
            <select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
              <option value="basic">{messages.basic}</option>
              <option value="advanced">{messages.advanced}</option>
              {modeOf(card.filter) === 'topN' ? <option value="topN">{messages.topN}</option> : null}
              {isDate ? <option value="relativeDate">{messages.relativeDate}</option> : null}
            </select>
          </label>
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
            <TopNEditor target={card.target} filter={card.filter} messages={messages} onApply={apply} />
          ) : (
            <RelativeDateEditor
              target={card.target}
              filter={modeOf(card.filter) === 'relativeDate' ? card.filter : undefined}
              messages={messages}
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
  const all = values ?? [];
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

function TopNEditor(props: {
  readonly target: Target;
  readonly filter: IFilter | undefined;
  readonly messages: CanvasMessages;
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { messages } = props;
  const f = (props.filter ?? {}) as { operator?: 'Top' | 'Bottom'; itemCount?: number; orderBy?: never };
  const [operator, setOperator] = useState<'Top' | 'Bottom'>(f.operator ?? 'Top');
  const [count, setCount] = useState(String(f.itemCount ?? 10));
  const n = Number(count);
  if (!f.orderBy) return null;
  return (
    <div className="topn-editor">
      <select
        aria-label={messages.topN}
        value={operator}
        onChange={(e) => setOperator(e.target.value as 'Top')}
      >
        <option value="Top">{messages.top}</option>
        <option value="Bottom">{messages.bottom}</option>
      </select>
      <input
        type="number"
        min={1}
        aria-label={messages.topN}
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
      <button
        type="button"
        className="apply-filter"
        disabled={!Number.isInteger(n) || n < 1}
        onClick={() => props.onApply(new TopNFilter(props.target, operator, n, f.orderBy as never).toJSON())}
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
  readonly onApply: (filter: IFilter | undefined) => void;
}) {
  const { messages } = props;
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
        aria-label={messages.relativeDate}
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
      <select
        aria-label={messages.relativeDate}
        value={unit}
        onChange={(e) => setUnit(Number(e.target.value))}
      >
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
