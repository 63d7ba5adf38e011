/**
 * A slicer: the distinct values of its column as checkboxes (a list, or a dropdown that opens the list). Its
 * selection is a basic `In` filter stored as the slicer's own filters, which filter the rest of the page.
 */
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { useState } from 'react';
import type { IFilter } from '@portico/models';
import type { QueryAnswer, ReportVisual } from '@portico/analytics-model';
import { formatValue } from '@portico/analytics-model';
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

interface Props {
  readonly visual: ReportVisual;
  readonly answer: QueryAnswer;
  readonly onSelect: (filters: IFilter[]) => void;
  readonly messages?: ChromeMessages;
}

export function SlicerVisual({ visual, answer, onSelect, messages = chromeMessages('en') }: Props) {
  const mode = (visual.formatting.slicer as { mode?: string } | undefined)?.mode ?? 'list';
  const [open, setOpen] = useState(false);
  const target = columnOf(visual.dataRoles.values?.[0]);
  const selected = selectedValues(visual.filters);
  const values = answer.rows
    .map((row) => row[0])
    .filter((v): v is Primitive => v !== null && v !== undefined);
  const toggle = (value: Primitive) => {
    if (!target) return;
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
    onSelect(next.length === 0 ? [] : [inFilter(target, next)]);
  };
  const list = (
    // A plain list of labelled checkboxes (a listbox would need option children), named after the slicer.
    <ul
      className="slicer-list"
      aria-label={visual.title || answer.columns[0]?.displayName || messages.slicer}
    >
      {values.map((value) => (
        <li key={String(value)}>
          <label>
            <input type="checkbox" checked={selected.includes(value)} onChange={() => toggle(value)} />
            {formatValue(value, answer.columns[0]?.format)}
          </label>
        </li>
      ))}
    </ul>
  );
  if (mode !== 'dropdown') return list;
  return (
    <div className="slicer-dropdown">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {selected.length === 0 ? messages.slicerAll : selected.map((v) => String(v)).join(', ')}
      </button>
      {open ? list : null}
    </div>
  );
}
