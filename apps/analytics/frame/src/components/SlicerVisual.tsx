/**
 * A slicer: the distinct values of its column as a list, or a dropdown that opens the list (closing on Escape, on a
 * click outside and on a single pick), with a search box once there are more than a few values, single
 * (`formatting.slicer.singleSelect`) or multiple selection and "Select all"; over a date column, two dates
 * (between). Its selection is a filter stored as the slicer's own filters, which filter the rest of the page: a
 * basic `In` for picked values, an advanced `GreaterThanOrEqual … And LessThanOrEqual …` for a date range.
 */
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { AdvancedFilter } from '@portico/models';
import type { IFilter } from '@portico/models';
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { inNaturalOrder } from '@portico/analytics-model';
import type { ValueFormatter } from '../render/value-format.ts';
import { ENGLISH_VALUES } from '../render/value-format.ts';
import type { CanvasMessages } from '../model/canvas-messages.ts';
import { canvasMessages } from '../model/canvas-messages.ts';
import { columnOf, inFilter } from '../model/filters.ts';

type Primitive = string | number | boolean;

/** The values a slicer's filters select (the first basic `In` filter's), if any. */
export function selectedValues(filters: readonly IFilter[]): Primitive[] {
  for (const filter of filters) {
    const { operator, values } = filter as { operator?: unknown; values?: unknown };
    if (operator === 'In' && Array.isArray(values)) return values as Primitive[];
  }
  return [];
}

/** The dates of a slicer's range filter (`GreaterThanOrEqual` and/or `LessThanOrEqual`), as `yyyy-mm-dd`. */
export function selectedRange(filters: readonly IFilter[]): { from: string; to: string } {
  const range = { from: '', to: '' };
  for (const filter of filters) {
    const conditions = (filter as { conditions?: { operator: string; value?: unknown }[] }).conditions ?? [];
    for (const c of conditions) {
      const day = typeof c.value === 'string' ? c.value.slice(0, 10) : '';
      if (c.operator === 'GreaterThanOrEqual') range.from = day;
      if (c.operator === 'LessThanOrEqual') range.to = day;
    }
  }
  return range;
}

/** The filter of a date range; either end may be open, both open is no filter. */
export function rangeFilter(target: { table: string; column: string }, from: string, to: string): IFilter[] {
  const conditions = [
    ...(from ? [{ operator: 'GreaterThanOrEqual' as const, value: from }] : []),
    ...(to ? [{ operator: 'LessThanOrEqual' as const, value: to }] : []),
  ];
  return conditions.length === 0 ? [] : [new AdvancedFilter(target, 'And', conditions).toJSON()];
}

/** More values than this get a search box. */
export const SEARCH_FROM = 7;

interface Props {
  readonly visual: ReportVisual;
  readonly answer: QueryAnswer;
  readonly onSelect: (filters: IFilter[]) => void;
  readonly messages?: ChromeMessages;
  readonly canvas?: CanvasMessages;
  /** The pixels the slicer's body has, when known: a list with room for fewer than three rows opens as a dropdown. */
  readonly height?: number | undefined;
  /** Writes the values in the embed's locale; en-US without. */
  readonly formatter?: ValueFormatter | undefined;
}

/** A list row's height in pixels (`.slicer-list label`), and the search box's. */
const ROW_PX = 22;
const SEARCH_PX = 28;

/** Whether a list slicer of `values` values has room for at least three rows (or all of them) in `height` pixels. */
export function listFits(
  values: number,
  height: number | undefined,
  search: boolean,
  selectAll: boolean,
): boolean {
  if (height === undefined) return true;
  const rows = Math.floor((height - (search ? SEARCH_PX : 0)) / ROW_PX) - (selectAll ? 1 : 0);
  return rows >= Math.min(3, values);
}

interface SlicerFormatting {
  readonly mode?: string;
  readonly singleSelect?: boolean;
  readonly selectAll?: boolean;
}

export function SlicerVisual({
  visual,
  answer,
  onSelect,
  messages = chromeMessages('en'),
  canvas = canvasMessages('en'),
  height,
  formatter = ENGLISH_VALUES,
}: Props) {
  const formatting = (visual.formatting.slicer ?? {}) as SlicerFormatting;
  const authored = formatting.mode ?? 'list';
  const target = columnOf(visual.dataRoles.values?.[0]);
  const column = answer.columns[0];
  const name = visual.title || column?.displayName || messages.slicer;
  const isDate = column?.dataType === 'date' || column?.dataType === 'dateTime';
  if (target && (authored === 'between' || (isDate && authored !== 'list' && authored !== 'dropdown'))) {
    return (
      <DateRange name={name} target={target} filters={visual.filters} onSelect={onSelect} canvas={canvas} />
    );
  }
  // In the natural order of the column's listed values (critical, warning, info), else the service's.
  const values = inNaturalOrder(
    answer.rows.map((row) => row[0]).filter((v): v is Primitive => v !== null && v !== undefined),
    column?.values,
    (v) => v,
  );
  const selectAll = formatting.selectAll === true && formatting.singleSelect !== true;
  // A list squeezed into a short box (a small frame) opens as a dropdown instead of showing one row.
  const mode =
    authored === 'list' && !listFits(values.length, height, values.length >= SEARCH_FROM, selectAll)
      ? 'dropdown'
      : authored;
  const selected = selectedValues(visual.filters);
  // What the viewer reads (a listed value's caption) is what the search matches; the selection keeps the raw value.
  const label = (v: Primitive) => formatter.value(v, column);
  const choose = (next: Primitive[]) => {
    if (!target) return;
    onSelect(next.length === 0 ? [] : [inFilter(target, next)]);
  };
  const list = (search: boolean) => (
    <ValueList
      name={name}
      values={values}
      selected={selected}
      single={formatting.singleSelect === true}
      selectAll={selectAll}
      search={search}
      label={label}
      canvas={canvas}
      onChoose={choose}
    />
  );
  if (mode !== 'dropdown') return list(values.length >= SEARCH_FROM);
  return (
    <Dropdown
      summary={selected.length === 0 ? messages.slicerAll : selected.map(label).join(', ')}
      name={name}
      closeOnPick={formatting.singleSelect === true}
    >
      {list(values.length >= SEARCH_FROM)}
    </Dropdown>
  );
}

function ValueList(props: {
  readonly name: string;
  readonly values: readonly Primitive[];
  readonly selected: readonly Primitive[];
  readonly single: boolean;
  readonly selectAll: boolean;
  readonly search: boolean;
  readonly label: (v: Primitive) => string;
  readonly canvas: CanvasMessages;
  readonly onChoose: (next: Primitive[]) => void;
}) {
  const { values, selected, single, label, canvas } = props;
  const [search, setSearch] = useState('');
  const group = useId();
  const needle = search.trim().toLowerCase();
  const shown = needle ? values.filter((v) => label(v).toLowerCase().includes(needle)) : values;
  const toggle = (value: Primitive) => {
    if (single) return props.onChoose(selected.includes(value) ? [] : [value]);
    return props.onChoose(
      selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value],
    );
  };
  const all = values.length > 0 && values.every((v) => selected.includes(v));
  return (
    <div className="slicer-body">
      {props.search ? (
        <input
          type="search"
          className="slicer-search"
          placeholder={canvas.search}
          aria-label={`${canvas.search}: ${props.name}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      ) : null}
      {/* A plain list of labelled checkboxes (or radios), named after the slicer. */}
      <ul className="slicer-list" aria-label={props.name}>
        {props.selectAll && !needle ? (
          <li>
            <label>
              <input type="checkbox" checked={all} onChange={() => props.onChoose(all ? [] : [...values])} />
              {canvas.selectAll}
            </label>
          </li>
        ) : null}
        {shown.map((value) => (
          <li key={String(value)}>
            <label title={label(value)}>
              <input
                type={single ? 'radio' : 'checkbox'}
                name={single ? group : undefined}
                checked={selected.includes(value)}
                onChange={() => toggle(value)}
                onClick={single && selected.includes(value) ? () => toggle(value) : undefined}
              />
              <span>{label(value)}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The dropdown: a button showing the selection, and the list in a popup drawn over the page (fixed, so the visual's
 * box does not clip it), under the button, or above it when there is no room below. Escape (focus back to the
 * button) and a press outside close it.
 */
function Dropdown(props: {
  readonly summary: string;
  readonly name: string;
  /** A single-select slicer's list closes once a value is picked. */
  readonly closeOnPick: boolean;
  readonly children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<React.CSSProperties>({});
  const id = useId();
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const box = button.current.getBoundingClientRect();
    const room = window.innerHeight - box.bottom;
    const height = Math.min(280, Math.max(room, box.top) - 8);
    setPlace(
      room >= Math.min(200, box.top)
        ? { left: box.left, top: box.bottom + 2, width: box.width, maxHeight: height }
        : { left: box.left, bottom: window.innerHeight - box.top + 2, width: box.width, maxHeight: height },
    );
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (event: MouseEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (target && (popup.current?.contains(target) || button.current?.contains(target))) return;
      setOpen(false);
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && popup.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('blur', () => setOpen(false), { once: true });
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);
  return (
    <div className="slicer-dropdown">
      <button
        ref={button}
        type="button"
        className="slicer-button"
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={open ? id : undefined}
        aria-label={`${props.name}: ${props.summary}`}
        title={props.summary}
        onClick={() => setOpen(!open)}
      >
        <span>{props.summary}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={popup}
          id={id}
          className="slicer-popup"
          style={place}
          onClick={(event) => {
            if (!props.closeOnPick) return;
            if (event.target instanceof HTMLInputElement && event.target.type === 'radio') {
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          {props.children}
        </div>
      ) : null}
    </div>
  );
}

function DateRange(props: {
  readonly name: string;
  readonly target: { table: string; column: string };
  readonly filters: readonly IFilter[];
  readonly onSelect: (filters: IFilter[]) => void;
  readonly canvas: CanvasMessages;
}) {
  const { from, to } = selectedRange(props.filters);
  const set = (nextFrom: string, nextTo: string) =>
    props.onSelect(rangeFilter(props.target, nextFrom, nextTo));
  return (
    <div className="slicer-range" role="group" aria-label={props.name}>
      <label>
        <span>{props.canvas.from}</span>
        <input type="date" value={from} max={to || undefined} onChange={(e) => set(e.target.value, to)} />
      </label>
      <label>
        <span>{props.canvas.to}</span>
        <input type="date" value={to} min={from || undefined} onChange={(e) => set(from, e.target.value)} />
      </label>
    </div>
  );
}
