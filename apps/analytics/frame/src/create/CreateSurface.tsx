/**
 * The authoring surface of a report being created: the dataset's fields on the left, the live page in the middle
 * (the report view, querying through the service under the token's row-level security), and on the right the
 * page's visuals, the selected visual's type and fields, and the page's filters. Pages are tabs above the canvas;
 * "Save as" stores the new report.
 */
import { useId, useMemo, useState } from 'react';
import type { IFilter } from '@portico/models';
import type { FieldRef, PublicDataset, ReportDefinition, VisualType } from '@portico/analytics-model';
import { ReportView } from '../components/ReportView.tsx';
import type { AuthoringMessages } from '../model/authoring-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { frameLanguage } from '../model/messages.ts';
import type { ReportController } from '../model/controller.ts';
import type { FrameState } from '../model/state.ts';
import { activePageOf } from '../model/state.ts';
import { activatePage } from '../routes/page-routes.ts';
import { SaveDraftForm } from './SaveDraftForm.tsx';
import {
  addBasicFilter,
  addField,
  addPage,
  addVisual,
  authoringNames,
  AUTHORING_TYPES,
  describeFilter,
  fieldLabel,
  labelOf,
  removeField,
  removeFilter,
  removeVisual,
  setVisualType,
} from './authoring.ts';
import type { AuthoringNames } from './authoring.ts';
import './create.css';

interface Props {
  readonly controller: ReportController;
  readonly state: FrameState;
}

/** The visual types in the frame's language. */
function TypeOptions({ names }: { names: AuthoringNames }) {
  return AUTHORING_TYPES.map((t) => (
    <option key={t.type} value={t.type}>
      {labelOf(t.type, names)}
    </option>
  ));
}

export function CreateSurface({ controller, state }: Props) {
  const language = frameLanguage(state.settings, window.location.search);
  const names = authoringNames(language);
  const { messages } = names;
  const dataset = state.dataset as unknown as PublicDataset | undefined;
  const page = activePageOf(state);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const visual = page?.visuals.find((v) => v.name === selected) ?? page?.visuals.at(-1);
  const view = useMemo(
    () => ({
      ...state,
      settings: { ...state.settings, filterPaneEnabled: false, navContentPaneEnabled: false },
    }),
    [state],
  );
  const definition = state.definition;
  if (!dataset || !page || !definition) return <p className="message">{messages.nothingToAuthor}</p>;
  const edit = (change: (d: ReportDefinition) => ReportDefinition) => controller.editDefinition(change);

  return (
    <div className="create">
      <FieldList
        dataset={dataset}
        disabled={visual === undefined}
        messages={messages}
        onPick={(field) => visual && edit((d) => addField(d, dataset, page.name, visual.name, field, names))}
      />
      <div className="create-main">
        <div className="create-toolbar">
          <div role="tablist" aria-label={chromeMessages(language).pages} className="create-pages">
            {definition.pages.map((p) => (
              <button
                key={p.name}
                type="button"
                role="tab"
                aria-selected={p.name === page.name}
                onClick={() => activatePage(controller, p.name)}
              >
                {p.displayName}
              </button>
            ))}
            <button
              type="button"
              onClick={() => {
                const added = addPage(controller.state.definition ?? definition, names);
                controller.editDefinition(() => added.definition, false);
                activatePage(controller, added.page);
              }}
            >
              {messages.addPage}
            </button>
          </div>
          <AddVisual
            names={names}
            onAdd={(type) => {
              const added = addVisual(controller.state.definition ?? definition, page.name, type, names);
              edit(() => added.definition);
              setSelected(added.visual);
            }}
          />
          <SaveDraftForm
            controller={controller}
            defaultName={state.report?.name ?? messages.newReport}
            className="create-save"
            messages={messages}
            problemClassName="create-problem"
          />
        </div>
        <div className="create-canvas">
          <ReportView controller={controller} state={view} />
        </div>
      </div>
      <aside className="create-side" aria-label={messages.visualAndFilters}>
        <h2>{messages.visualsOnPage}</h2>
        {page.visuals.length === 0 ? <p className="muted">{messages.addVisualFirst}</p> : null}
        <ul className="create-visuals">
          {page.visuals.map((v) => (
            <li key={v.name}>
              <label>
                <input
                  type="radio"
                  name="create-visual"
                  checked={v.name === visual?.name}
                  onChange={() => setSelected(v.name)}
                />{' '}
                {v.title}
              </label>
            </li>
          ))}
        </ul>
        {visual ? (
          <section aria-label={messages.selectedVisual}>
            <label className="create-row">
              {messages.visualType}{' '}
              <select
                value={visual.type}
                onChange={(e) =>
                  edit((d) =>
                    setVisualType(d, dataset, page.name, visual.name, e.target.value as VisualType, names),
                  )
                }
              >
                <TypeOptions names={names} />
              </select>
            </label>
            {Object.entries(visual.dataRoles).map(([role, fields]) => (
              <div key={role} className="create-role">
                <h3>{role}</h3>
                <ul>
                  {fields.map((field, i) => (
                    <li key={`${role}-${i}`}>
                      {fieldLabel(dataset, field, names)}{' '}
                      <button
                        type="button"
                        aria-label={messages.removeField(fieldLabel(dataset, field, names))}
                        onClick={() =>
                          edit((d) => removeField(d, dataset, page.name, visual.name, role, i, names))
                        }
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <button type="button" onClick={() => edit((d) => removeVisual(d, page.name, visual.name))}>
              {messages.removeVisual}
            </button>
          </section>
        ) : null}
        <PageFilters
          controller={controller}
          dataset={dataset}
          pageName={page.name}
          filters={page.filters}
          messages={messages}
        />
      </aside>
    </div>
  );
}

function FieldList(props: {
  dataset: PublicDataset;
  disabled: boolean;
  onPick: (field: FieldRef) => void;
  messages: AuthoringMessages;
}) {
  const { dataset, disabled, onPick, messages } = props;
  return (
    <aside className="create-fields" aria-label={messages.fields}>
      <h2>{messages.fields}</h2>
      {disabled ? <p className="muted">{messages.pickNeedsVisual}</p> : null}
      {dataset.tables.map((table) => (
        <details key={table.name} open={dataset.tables.length <= 3}>
          <summary>{table.displayName}</summary>
          <ul>
            {table.measures.map((m) => (
              <li key={`m-${m.name}`}>
                <button
                  type="button"
                  className="create-measure"
                  disabled={disabled}
                  aria-label={messages.addField(table.displayName, m.displayName)}
                  onClick={() => onPick({ measure: { table: table.name, measure: m.name } })}
                >
                  Σ {m.displayName}
                </button>
              </li>
            ))}
            {table.columns
              .filter((c) => !c.isHidden)
              .map((c) => (
                <li key={`c-${c.name}`}>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={messages.addField(table.displayName, c.displayName)}
                    onClick={() => onPick({ column: { table: table.name, column: c.name } })}
                  >
                    {c.displayName}
                  </button>
                </li>
              ))}
          </ul>
        </details>
      ))}
    </aside>
  );
}

function AddVisual({ onAdd, names }: { onAdd: (type: VisualType) => void; names: AuthoringNames }) {
  const { messages } = names;
  const [type, setType] = useState<VisualType>('clusteredColumnChart');
  const id = useId();
  return (
    <div className="create-add">
      <label htmlFor={id}>{messages.newVisual}</label>
      <select id={id} value={type} onChange={(e) => setType(e.target.value as VisualType)}>
        <TypeOptions names={names} />
      </select>
      <button type="button" onClick={() => onAdd(type)}>
        {messages.addVisual}
      </button>
    </div>
  );
}

function PageFilters(props: {
  controller: ReportController;
  dataset: PublicDataset;
  pageName: string;
  filters: readonly IFilter[];
  messages: AuthoringMessages;
}) {
  const { controller, dataset, pageName, filters, messages } = props;
  const columns = dataset.tables.flatMap((t) =>
    t.columns
      .filter((c) => !c.isHidden)
      .map((c) => ({ key: `${t.name}\u0000${c.name}`, table: t, column: c })),
  );
  const [target, setTarget] = useState(columns[0]?.key ?? '');
  const [values, setValues] = useState('');
  return (
    <section aria-label={messages.pageFilters} className="create-filters">
      <h2>{messages.filtersOnPage}</h2>
      <ul>
        {filters.map((filter, i) => (
          <li key={i}>
            {describeFilter(dataset, filter, messages)}{' '}
            <button
              type="button"
              aria-label={messages.removeFilter(describeFilter(dataset, filter, messages))}
              onClick={() => controller.editDefinition((d) => removeFilter(d, pageName, i))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = columns.find((c) => c.key === target);
          const list = values
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '');
          if (!chosen || list.length === 0) return;
          const column = { table: chosen.table.name, column: chosen.column.name };
          controller.editDefinition((d) => addBasicFilter(d, dataset, pageName, column, list));
          setValues('');
        }}
      >
        <label className="create-row">
          {messages.column}{' '}
          <select
            aria-label={messages.filterColumn}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            {columns.map((c) => (
              <option key={c.key} value={c.key}>
                {c.table.displayName} › {c.column.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="create-row">
          {messages.isOneOf}{' '}
          <input
            aria-label={messages.filterValues}
            value={values}
            placeholder="a, b, c"
            onChange={(e) => setValues(e.target.value)}
          />
        </label>
        <button type="submit">{messages.addFilter}</button>
      </form>
    </section>
  );
}
