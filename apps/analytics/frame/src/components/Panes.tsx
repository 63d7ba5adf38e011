/** The page navigation tabs and the (read-only) filter pane listing the filters that reach the active page. */
import type { IFilter } from '@portico/models';
import type { ReportDefinition, ReportPage } from '@portico/analytics-model';
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';

export function PageNavigation(props: {
  readonly pages: readonly ReportPage[];
  readonly active: string | undefined;
  readonly onSelect: (name: string) => void;
  readonly messages: ChromeMessages;
}) {
  return (
    <nav className="page-nav" aria-label={props.messages.pages}>
      {props.pages
        .filter((p) => p.visibility === 0)
        .map((p) => (
          <button
            key={p.name}
            type="button"
            aria-current={p.name === props.active ? 'page' : undefined}
            onClick={() => props.onSelect(p.name)}
          >
            {p.displayName}
          </button>
        ))}
    </nav>
  );
}

/** `Devices.Site is Berlin, Paris` — a short human description of a filter, in the frame's language. */
export function describeFilter(filter: IFilter, messages: ChromeMessages = chromeMessages('en')): string {
  const f = filter as {
    target?: { table?: string; column?: string; measure?: string };
    operator?: string;
    values?: unknown[];
    logicalOperator?: string;
    conditions?: { operator: string; value?: unknown }[];
    itemCount?: number;
    timeUnitsCount?: number;
    timeUnitType?: number;
  };
  const target = `${f.target?.table ?? ''}.${f.target?.column ?? f.target?.measure ?? ''}`;
  if (Array.isArray(f.values)) {
    const values = f.values.map((v) => String(v)).join(', ');
    if (f.operator === 'All') return messages.filterIsAny(target);
    return f.operator === 'NotIn' ? messages.filterIsNot(target, values) : messages.filterIs(target, values);
  }
  if (Array.isArray(f.conditions)) {
    const parts = f.conditions.map((c) => `${c.operator} ${c.value === undefined ? '' : String(c.value)}`);
    return `${target} ${parts.join(` ${f.logicalOperator ?? 'And'} `)}`;
  }
  if (typeof f.itemCount === 'number') return `${target}: ${f.operator ?? 'Top'} ${f.itemCount}`;
  if (typeof f.timeUnitsCount === 'number') return messages.filterRelative(target, f.timeUnitsCount);
  return target;
}

export function FilterPane(props: {
  readonly definition: ReportDefinition;
  readonly page: ReportPage;
  /** Which side of the canvas the pane is on (`panes.filters.position`); only its border changes. */
  readonly side: 'left' | 'right';
  readonly messages: ChromeMessages;
}) {
  const { messages } = props;
  const groups: [string, readonly IFilter[]][] = [
    [messages.onAllPages, props.definition.filters],
    [messages.onThisPage, props.page.filters],
  ];
  return (
    <aside className={`filter-pane ${props.side}`} aria-label={messages.filters}>
      <h2>{messages.filters}</h2>
      {groups.map(([title, filters]) => (
        <section key={title}>
          <h3>{title}</h3>
          {filters.length === 0 ? (
            <p className="muted">{messages.noFilters}</p>
          ) : (
            <ul>
              {filters.map((f, i) => (
                <li key={i}>{describeFilter(f, messages)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </aside>
  );
}
